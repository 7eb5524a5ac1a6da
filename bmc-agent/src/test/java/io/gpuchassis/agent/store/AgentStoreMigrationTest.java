package io.gpuchassis.agent.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.security.AccountRepository;
import io.gpuchassis.agent.security.Role;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A database written by an older agent is brought up to date without losing what it holds. */
class AgentStoreMigrationTest {

  @TempDir Path stateDir;

  @Test
  void accounts_of_a_version_1_database_survive_the_upgrade_and_get_ids() throws Exception {
    try (var c = DriverManager.getConnection("jdbc:sqlite:" + stateDir.resolve("agent.db"));
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)");
      s.execute(
          "CREATE TABLE accounts (username TEXT PRIMARY KEY, password_hash TEXT NOT NULL, role TEXT NOT NULL,"
              + " enabled INTEGER NOT NULL, password_change_required INTEGER NOT NULL, created TEXT NOT NULL)");
      s.execute(
          "INSERT INTO accounts VALUES ('admin', 'pbkdf2-sha256$1$a$b', 'Administrator', 1, 1,"
              + " '2026-11-01T00:00:00Z')");
      s.execute("INSERT INTO settings VALUES ('service.uuid', 'kept')");
      s.execute("PRAGMA user_version = 1");
    }
    try (AgentStore store = AgentStore.open(stateDir)) {
      var admin = new AccountRepository(store).find("admin").orElseThrow();
      assertTrue(admin.id() > 0);
      assertEquals(Role.Administrator, admin.role());
      assertTrue(admin.passwordChangeRequired());
      assertEquals("kept", new Settings(store).get("service.uuid").orElseThrow());
    }
  }

  @Test
  void a_database_a_newer_agent_migrated_is_refused_not_misread() throws Exception {
    try (AgentStore store = AgentStore.open(stateDir)) {
      assertEquals(AgentStore.schemaKnown(), store.schema());
    }
    int newer = AgentStore.schemaKnown() + 1;
    try (var c = DriverManager.getConnection("jdbc:sqlite:" + stateDir.resolve("agent.db"));
        Statement s = c.createStatement()) {
      s.execute("PRAGMA user_version = " + newer);
    }
    StoreException refused = assertThrows(StoreException.class, () -> AgentStore.open(stateDir));
    assertTrue(
        refused
            .getMessage()
            .contains(
                "the database is at schema "
                    + newer
                    + ", and this agent reads schemas up to "
                    + AgentStore.schemaKnown()),
        refused.getMessage());
  }
}

package io.gpuchassis.agent.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The state directory and the database are the agent user's only, from their creation on. */
class StateFilesTest {

  @TempDir Path parent;

  private static String mode(Path path) throws Exception {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
  }

  @Test
  void a_new_state_directory_and_database_are_owner_only_with_their_wal_and_shm() throws Exception {
    Path stateDir = parent.resolve("new/state");
    try (AgentStore store = AgentStore.open(stateDir)) {
      new Settings(store).put("written", "so that the WAL exists");
      assertEquals("rwx------", mode(stateDir));
      assertEquals("rwx------", mode(parent.resolve("new")), "a parent created for it too");
      for (String name : new String[] {"agent.db", "agent.db-wal", "agent.db-shm"}) {
        assertEquals("rw-------", mode(stateDir.resolve(name)), name);
      }
    }
  }

  @Test
  void what_an_older_agent_left_open_is_tightened_at_start_and_nothing_else() throws Exception {
    Path stateDir = parent.resolve("old");
    Files.createDirectories(stateDir.resolve("tls"));
    Files.setPosixFilePermissions(stateDir, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.setPosixFilePermissions(
        stateDir.resolve("tls"), PosixFilePermissions.fromString("rwxr-xr-x"));
    Path key = Files.writeString(stateDir.resolve("tls/https-key.pem"), "key");
    Path db = Files.writeString(stateDir.resolve("agent.db"), "");
    Path foreign = Files.writeString(stateDir.resolve("operator-notes.txt"), "not the agent's");
    for (Path p : new Path[] {key, db, foreign}) {
      Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rw-r--r--"));
    }
    try (AgentStore store = AgentStore.open(stateDir)) {
      assertEquals("rwx------", mode(stateDir));
      assertEquals("rwx------", mode(stateDir.resolve("tls")));
      assertEquals("rw-------", mode(key));
      assertEquals("rw-------", mode(db));
      assertEquals("rw-r--r--", mode(foreign), "only what the agent keeps there");
    }
  }
}

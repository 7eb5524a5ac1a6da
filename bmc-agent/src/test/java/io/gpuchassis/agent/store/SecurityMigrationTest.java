package io.gpuchassis.agent.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Migration 6: the security log's entries are sorted into their shares, and sessions get a table.
 */
class SecurityMigrationTest {

  @TempDir Path stateDir;

  @Test
  void old_entries_of_unauthenticated_clients_go_to_their_share() throws Exception {
    try (AgentStore store = AgentStore.open(stateDir)) {
      store.inTransaction(
          c -> {
            try (Statement s = c.createStatement()) {
              // back to version 5, as an older agent left it
              s.execute("DROP TABLE sessions");
              s.execute("DROP INDEX security_log_share");
              s.execute("ALTER TABLE security_log DROP COLUMN unauthenticated");
              // and migration 7's syslog subscriptions
              s.execute("ALTER TABLE event_subscriptions DROP COLUMN protocol");
              s.execute("ALTER TABLE event_subscriptions DROP COLUMN syslog_lowest_severity");
              s.execute("ALTER TABLE event_subscriptions DROP COLUMN syslog_facilities");
              // and migration 8's metric report definitions and subscriptions to them
              s.execute("DROP TABLE metric_report_definitions");
              s.execute("ALTER TABLE event_subscriptions DROP COLUMN event_format");
              s.execute("ALTER TABLE event_subscriptions DROP COLUMN metric_report_definitions");
              // and migration 9's exclusions
              s.execute("ALTER TABLE event_subscriptions DROP COLUMN exclude_registry_prefixes");
              s.execute("ALTER TABLE event_subscriptions DROP COLUMN exclude_message_ids");
              // and migration 10's destination certificates
              s.execute("DROP TABLE subscription_certificates");
              // and migration 11's IncludeOriginOfCondition
              s.execute("ALTER TABLE event_subscriptions DROP COLUMN include_origin_of_condition");
              // and migration 14's reported hot-plug windows (before 12's table goes)
              s.execute("ALTER TABLE host_identities DROP COLUMN hot_plug_window_mib");
              // and migration 15's MIG devices (before 12's table goes)
              s.execute("ALTER TABLE host_sightings DROP COLUMN partitions");
              // and migration 16's leases
              s.execute("DROP TABLE gpu_leases");
              // and migration 12's host reports
              s.execute("DROP TABLE host_identities");
              s.execute("DROP TABLE host_sightings");
              // and migration 13's card serial numbers
              s.execute("ALTER TABLE bindings DROP COLUMN gpu_serial");
              s.execute("PRAGMA user_version = 5");
              for (String[] row :
                  new String[][] {
                    {"AccountSecurity.1.0.1.InvalidCredentials", "'mallory'"},
                    {"AccountSecurity.1.0.1.AccountLocked", "'admin'"},
                    {"GpuChassisAudit.1.0.0.WriteRequest", "'anonymous'"},
                    {"GpuChassisAudit.1.0.0.WriteRequest", "'admin'"},
                    {"AccountSecurity.1.0.1.AccountCreated", "'admin'"}
                  }) {
                s.execute(
                    "INSERT INTO security_log(created, severity, message_id, message, args, username, address)"
                        + " VALUES ('2026-11-01T00:00:00Z', 'OK', '"
                        + row[0]
                        + "', 'm', '', "
                        + row[1]
                        + ", '10.0.0.1')");
              }
            }
            return null;
          });
    }
    try (AgentStore store = AgentStore.open(stateDir)) {
      store.inTransaction(c -> null);
    }
    List<Integer> shares = new ArrayList<>();
    try (var c = DriverManager.getConnection("jdbc:sqlite:" + stateDir.resolve("agent.db"));
        Statement s = c.createStatement()) {
      try (ResultSet rs = s.executeQuery("SELECT unauthenticated FROM security_log ORDER BY id")) {
        while (rs.next()) {
          shares.add(rs.getInt(1));
        }
      }
      try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM sessions")) {
        assertEquals(0, rs.getInt(1));
      }
      try (ResultSet rs = s.executeQuery("PRAGMA user_version")) {
        assertTrue(rs.getInt(1) >= 6);
      }
    }
    assertEquals(List.of(1, 1, 1, 0, 0), shares);
  }
}

package io.gpuchassis.agent.store;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.LoggerFactory;

/**
 * The agent's embedded transactional database (SQLite, one file in the state directory). WAL
 * journaling with {@code synchronous=FULL} makes every committed transaction survive power loss.
 * One connection, used under a lock: the agent's write rate is tiny and SQLite serialises writers
 * anyway. All calls block; never call from an event loop.
 */
public final class AgentStore implements AutoCloseable {

  /** The database's file in the state directory. */
  public static final String FILE_NAME = "agent.db";

  /**
   * Schema migrations, applied in order; the database's {@code user_version} counts those applied.
   */
  private static final List<String> MIGRATIONS =
      List.of(
          """
          CREATE TABLE settings (
            name  TEXT PRIMARY KEY,
            value TEXT NOT NULL
          );
          CREATE TABLE accounts (
            username                 TEXT PRIMARY KEY,
            password_hash            TEXT NOT NULL,
            role                     TEXT NOT NULL,
            enabled                  INTEGER NOT NULL,
            password_change_required INTEGER NOT NULL,
            created                  TEXT NOT NULL
          );
          """,
          // 2: stable numeric account ids (URIs survive a rename), a version for ETags, the
          // security log
          """
          CREATE TABLE accounts_v2 (
            id                       INTEGER PRIMARY KEY AUTOINCREMENT,
            username                 TEXT NOT NULL UNIQUE,
            password_hash            TEXT NOT NULL,
            role                     TEXT NOT NULL,
            enabled                  INTEGER NOT NULL,
            password_change_required INTEGER NOT NULL,
            created                  TEXT NOT NULL
          );
          INSERT INTO accounts_v2 (username, password_hash, role, enabled, password_change_required, created)
            SELECT username, password_hash, role, enabled, password_change_required, created FROM accounts;
          DROP TABLE accounts;
          ALTER TABLE accounts_v2 RENAME TO accounts;
          CREATE TABLE security_log (
            id         INTEGER PRIMARY KEY AUTOINCREMENT,
            created    TEXT NOT NULL,
            severity   TEXT NOT NULL,
            message_id TEXT NOT NULL,
            message    TEXT NOT NULL,
            args       TEXT NOT NULL,
            username   TEXT,
            address    TEXT
          );
          """,
          // 3: the binding engine's desired bindings and its journal of operations
          """
          CREATE TABLE bindings (
            slot  INTEGER PRIMARY KEY,
            host  TEXT NOT NULL,
            since TEXT NOT NULL
          );
          CREATE TABLE binding_ops (
            id      INTEGER PRIMARY KEY AUTOINCREMENT,
            slot    INTEGER NOT NULL,
            host    TEXT NOT NULL,
            kind    TEXT NOT NULL,
            state   TEXT NOT NULL,
            started TEXT NOT NULL,
            ended   TEXT,
            reason  TEXT
          );
          """,
          // 4: composition reservations (CompositionService.Compose with PreviewReserve); they
          // outlive a restart
          """
          CREATE TABLE composition_reservations (
            id       TEXT PRIMARY KEY,
            client   TEXT NOT NULL,
            created  TEXT NOT NULL,
            expires  TEXT NOT NULL,
            slots    TEXT NOT NULL,
            hosts    TEXT NOT NULL,
            manifest TEXT NOT NULL
          );
          """,
          // 5: the event log (every published event) and the push subscriptions of the EventService
          """
          CREATE TABLE event_log (
            id         INTEGER PRIMARY KEY AUTOINCREMENT,
            created    TEXT NOT NULL,
            severity   TEXT NOT NULL,
            message_id TEXT NOT NULL,
            message    TEXT NOT NULL,
            args       TEXT NOT NULL,
            origin     TEXT
          );
          CREATE TABLE event_subscriptions (
            id                TEXT PRIMARY KEY,
            destination       TEXT NOT NULL,
            context           TEXT NOT NULL,
            registry_prefixes TEXT NOT NULL,
            message_ids       TEXT NOT NULL,
            origin_resources  TEXT NOT NULL,
            subordinate       INTEGER NOT NULL,
            retry_policy      TEXT NOT NULL,
            suspended         INTEGER NOT NULL,
            owner             TEXT NOT NULL,
            created           TEXT NOT NULL
          );
          """,
          // 6: the security log's two shares (entries of unauthenticated clients wrap on their
          // own), and sessions that
          // outlive a restart, kept as the SHA-256 of their token only
          """
          ALTER TABLE security_log ADD COLUMN unauthenticated INTEGER NOT NULL DEFAULT 0;
          UPDATE security_log SET unauthenticated = 1
            WHERE username IS NULL OR username = 'anonymous'
               OR message_id LIKE '%.InvalidCredentials' OR message_id LIKE '%.AccountLocked';
          CREATE INDEX security_log_share ON security_log(unauthenticated, id);
          CREATE TABLE sessions (
            id                       TEXT PRIMARY KEY,
            token_sha256             TEXT NOT NULL UNIQUE,
            account_id               INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            created                  TEXT NOT NULL,
            last_used                TEXT NOT NULL,
            client_address           TEXT NOT NULL,
            context                  TEXT,
            password_change_required INTEGER NOT NULL
          );
          """,
          // 7: syslog subscriptions (EventDestination Protocol Syslog*): the protocol and the
          // SyslogFilter
          """
          ALTER TABLE event_subscriptions ADD COLUMN protocol TEXT NOT NULL DEFAULT 'Redfish';
          ALTER TABLE event_subscriptions ADD COLUMN syslog_lowest_severity TEXT NOT NULL DEFAULT '';
          ALTER TABLE event_subscriptions ADD COLUMN syslog_facilities TEXT NOT NULL DEFAULT '';
          """,
          // 8: the TelemetryService's MetricReportDefinitions (their definition as JSON), and the
          // event format of a subscription (Event or MetricReport) with its MetricReportDefinitions
          """
          CREATE TABLE metric_report_definitions (
            id         TEXT PRIMARY KEY,
            definition TEXT NOT NULL,
            created    TEXT NOT NULL
          );
          ALTER TABLE event_subscriptions ADD COLUMN event_format TEXT NOT NULL DEFAULT 'Event';
          ALTER TABLE event_subscriptions ADD COLUMN metric_report_definitions TEXT NOT NULL DEFAULT '';
          """,
          // 9: a subscription's ExcludeRegistryPrefixes and ExcludeMessageIds
          """
          ALTER TABLE event_subscriptions ADD COLUMN exclude_registry_prefixes TEXT NOT NULL DEFAULT '';
          ALTER TABLE event_subscriptions ADD COLUMN exclude_message_ids TEXT NOT NULL DEFAULT '';
          """,
          // 10: the CA certificates a push subscription's destination must present a chain to
          // (EventDestination.Certificates), gone with their subscription
          """
          CREATE TABLE subscription_certificates (
            subscription_id TEXT NOT NULL REFERENCES event_subscriptions(id) ON DELETE CASCADE,
            id              INTEGER NOT NULL,
            pem             TEXT NOT NULL,
            PRIMARY KEY (subscription_id, id)
          );
          """,
          // 11: whether a subscription's events carry the resource their OriginOfCondition names
          """
          ALTER TABLE event_subscriptions ADD COLUMN include_origin_of_condition INTEGER NOT NULL DEFAULT 0;
          """,
          // 12: what the host companions reported: the SMBIOS UUID of the server cabled to each
          // host
          // port, and where each host sees the GPUs it holds (agent.host.HostSightings)
          """
          CREATE TABLE host_identities (
            host        TEXT PRIMARY KEY,
            system_uuid TEXT NOT NULL,
            reported    TEXT NOT NULL
          );
          CREATE TABLE host_sightings (
            slot         INTEGER PRIMARY KEY,
            host         TEXT NOT NULL,
            host_address TEXT NOT NULL,
            device_uuid  TEXT,
            reported     TEXT NOT NULL
          );
          """,
          // 13: the serial number of the card each desired binding was made with, so that a card
          // re-seated or swapped while the agent was down is recognised at start
          """
          ALTER TABLE bindings ADD COLUMN gpu_serial TEXT;
          """,
          // 14: the hot-plug memory window each host's companion reported (MiB), which the
          // admission check takes over the board description's
          """
          ALTER TABLE host_identities ADD COLUMN hot_plug_window_mib INTEGER;
          """,
          // 15: the MIG devices each host's driver has on the GPUs it holds, one line each
          // (agent.host.MigPartition)
          """
          ALTER TABLE host_sightings ADD COLUMN partitions TEXT NOT NULL DEFAULT '';
          """,
          // 16: leases on GPU assignments (compose.Leases): one per slot, with the host it was set
          // for, its owner, its expiry and its optional idle time (ISO-8601)
          """
          CREATE TABLE gpu_leases (
            slot               INTEGER PRIMARY KEY,
            host               TEXT NOT NULL,
            owner              TEXT NOT NULL,
            set_by             TEXT NOT NULL,
            expires            TEXT NOT NULL,
            idle_release_after TEXT,
            created            TEXT NOT NULL
          );
          """);

  private final Connection connection;
  private final ReentrantLock lock = new ReentrantLock();
  private final List<Runnable> beforeClose = new java.util.concurrent.CopyOnWriteArrayList<>();

  private AgentStore(Connection connection) {
    this.connection = connection;
  }

  /**
   * Loads SQLite's native library (unpacked into the temporary folder, not the state directory), so
   * that {@link #open} does not wait for it: the start-up runs this while it checks the board file.
   * A failure is left for {@link #open} to report.
   */
  public static void loadNativeLibrary() {
    try {
      org.sqlite.SQLiteJDBCLoader.initialize();
    } catch (Exception e) {
      LoggerFactory.getLogger(AgentStore.class)
          .debug("SQLite's native library is not loaded ahead: {}", e.toString());
    }
  }

  /**
   * Opens (creating if needed) {@code agent.db} in {@code stateDir} and brings its schema up to
   * date. The state directory and the database are the agent user's only ({@link StateFiles}): the
   * file is created owner-only before SQLite opens it, and SQLite gives its {@code -wal} and {@code
   * -shm} files the database file's permissions.
   */
  public static AgentStore open(Path stateDir) {
    Path file = stateDir.resolve(FILE_NAME);
    try {
      StateFiles.createFolders(stateDir);
      StateFiles.tighten(stateDir);
      StateFiles.createFile(file);
      Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
      try (Statement s = connection.createStatement()) {
        s.execute("PRAGMA journal_mode=WAL");
        s.execute("PRAGMA synchronous=FULL");
        s.execute("PRAGMA foreign_keys=ON");
        s.execute("PRAGMA busy_timeout=5000");
      }
      AgentStore store = new AgentStore(connection);
      store.migrate();
      return store;
    } catch (SQLException | java.io.IOException e) {
      throw new StoreException("cannot open database " + file + ": " + e.getMessage(), e);
    }
  }

  /** Runs {@code work} in one transaction: all of its writes land, or none do. */
  public <T> T inTransaction(SqlWork<T> work) {
    lock.lock();
    try {
      connection.setAutoCommit(false);
      try {
        T result = work.run(connection);
        connection.commit();
        return result;
      } catch (SQLException | RuntimeException e) {
        connection.rollback();
        throw e;
      } finally {
        connection.setAutoCommit(true);
      }
    } catch (SQLException e) {
      throw new StoreException("database operation failed: " + e.getMessage(), e);
    } finally {
      lock.unlock();
    }
  }

  /** The newest schema this agent reads and writes: its migrations' count. */
  public static int schemaKnown() {
    return MIGRATIONS.size();
  }

  /** The database's schema now (SQLite's user_version). */
  public int schema() {
    try (Statement s = connection.createStatement();
        var rs = s.executeQuery("PRAGMA user_version")) {
      return rs.getInt(1);
    } catch (SQLException e) {
      throw new StoreException("cannot read the database's schema: " + e.getMessage(), e);
    }
  }

  private void migrate() throws SQLException {
    int applied = schema();
    if (applied > MIGRATIONS.size()) {
      // an older agent started on a database a newer one migrated: it would misread it
      throw new StoreException(
          "the database is at schema "
              + applied
              + ", and this agent reads schemas up to "
              + MIGRATIONS.size()
              + ": a newer agent has migrated it. Start the newer agent again (docs/FIRMWARE.md,"
              + " \"The agent's own update\")",
          null);
    }
    for (int i = applied; i < MIGRATIONS.size(); i++) {
      int version = i + 1;
      String script = MIGRATIONS.get(i);
      inTransaction(
          c -> {
            try (Statement s = c.createStatement()) {
              for (String sql : script.split(";")) {
                if (!sql.isBlank()) {
                  s.execute(sql);
                }
              }
              s.execute("PRAGMA user_version = " + version);
            }
            return null;
          });
    }
  }

  /**
   * Runs {@code work} (writing what is still held in memory) when the store closes, before the
   * connection goes.
   */
  public void beforeClose(Runnable work) {
    beforeClose.add(work);
  }

  @Override
  public void close() {
    for (Runnable work : beforeClose) {
      try {
        work.run();
      } catch (RuntimeException e) {
        LoggerFactory.getLogger(AgentStore.class)
            .warn("Cannot finish writing before the database closes", e);
      }
    }
    lock.lock();
    try {
      connection.close();
    } catch (SQLException e) {
      throw new StoreException("cannot close database: " + e.getMessage(), e);
    } finally {
      lock.unlock();
    }
  }

  /** Work done with the connection inside a transaction. */
  @FunctionalInterface
  public interface SqlWork<T> {
    T run(Connection connection) throws SQLException;
  }
}

package io.gpuchassis.agent.security;

import io.gpuchassis.agent.store.AgentStore;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Sessions in the database, so that a restart does not log every client out: the SHA-256 of the
 * token (never the token), the owning account (deleting the account deletes its sessions), creation
 * and last use. Blocking.
 */
final class SessionStore {

  private final AgentStore store;

  SessionStore(AgentStore store) {
    this.store = store;
  }

  /** A stored session with the hash of its token. */
  record Stored(Session session, String tokenHash) {}

  /**
   * Every stored session of an existing, enabled account, with the account's current name and role.
   */
  List<Stored> load() {
    return store.inTransaction(
        c -> {
          List<Stored> all = new ArrayList<>();
          try (PreparedStatement s =
                  c.prepareStatement(
                      "SELECT s.id, s.account_id, a.username, a.role, s.created, s.last_used, s.client_address,"
                          + " s.context, s.password_change_required, s.token_sha256"
                          + " FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE a.enabled = 1");
              ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
              all.add(new Stored(read(rs), rs.getString(10)));
            }
          }
          return all;
        });
  }

  void insert(Session s, String tokenHash) {
    store.inTransaction(
        c -> {
          try (PreparedStatement p =
              c.prepareStatement(
                  "INSERT INTO sessions(id, token_sha256, account_id, created, last_used, client_address, context,"
                      + " password_change_required) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
            p.setString(1, s.id());
            p.setString(2, tokenHash);
            p.setLong(3, s.accountId());
            p.setString(4, s.created().toString());
            p.setString(5, s.lastUsed().toString());
            p.setString(6, s.clientAddress());
            p.setString(7, s.context().orElse(null));
            p.setInt(8, s.passwordChangeRequired() ? 1 : 0);
            p.executeUpdate();
          }
          return null;
        });
  }

  /**
   * Deletes the sessions {@code ids} and records the last use of {@code used}, in one transaction.
   */
  void update(Collection<String> ids, Map<String, Instant> used) {
    if (ids.isEmpty() && used.isEmpty()) {
      return;
    }
    store.inTransaction(
        c -> {
          try (PreparedStatement p = c.prepareStatement("DELETE FROM sessions WHERE id = ?")) {
            for (String id : ids) {
              p.setString(1, id);
              p.executeUpdate();
            }
          }
          try (PreparedStatement p =
              c.prepareStatement("UPDATE sessions SET last_used = ? WHERE id = ?")) {
            for (Map.Entry<String, Instant> e : used.entrySet()) {
              p.setString(1, e.getValue().toString());
              p.setString(2, e.getKey());
              p.executeUpdate();
            }
          }
          return null;
        });
  }

  void passwordChanged(String id) {
    store.inTransaction(
        c -> {
          try (PreparedStatement p =
              c.prepareStatement("UPDATE sessions SET password_change_required = 0 WHERE id = ?")) {
            p.setString(1, id);
            p.executeUpdate();
          }
          return null;
        });
  }

  private static Session read(ResultSet rs) throws SQLException {
    return new Session(
        rs.getString(1),
        rs.getLong(2),
        rs.getString(3),
        Role.valueOf(rs.getString(4)),
        Instant.parse(rs.getString(5)),
        Instant.parse(rs.getString(6)),
        rs.getString(7),
        Optional.ofNullable(rs.getString(8)),
        rs.getInt(9) != 0);
  }
}

package io.gpuchassis.agent.security;

import io.gpuchassis.agent.store.AgentStore;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;

/** Accounts in the embedded database. Blocking: call from a worker thread. */
public final class AccountRepository {

  private final AgentStore store;

  public AccountRepository(AgentStore store) {
    this.store = store;
  }

  public Optional<Account> find(String userName) {
    return store.inTransaction(
        c -> {
          try (PreparedStatement s =
              c.prepareStatement(
                  "SELECT username, password_hash, role, enabled, password_change_required, created"
                      + " FROM accounts WHERE username = ?")) {
            s.setString(1, userName);
            try (ResultSet rs = s.executeQuery()) {
              return rs.next() ? Optional.of(read(rs)) : Optional.empty();
            }
          }
        });
  }

  public int count() {
    return store.inTransaction(
        c -> {
          try (var s = c.createStatement();
              ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM accounts")) {
            return rs.getInt(1);
          }
        });
  }

  /** Creates {@code account} only if no account exists at all; returns whether it was created. */
  public boolean createIfNoAccounts(Account account) {
    return store.inTransaction(
        c -> {
          try (var s = c.createStatement();
              ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM accounts")) {
            if (rs.getInt(1) > 0) {
              return false;
            }
          }
          insert(c, account);
          return true;
        });
  }

  /** Creates {@code account}; fails if the user name is taken. */
  public void create(Account account) {
    store.inTransaction(
        c -> {
          insert(c, account);
          return null;
        });
  }

  private static void insert(java.sql.Connection c, Account account) throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement(
            "INSERT INTO accounts(username, password_hash, role, enabled, password_change_required, created)"
                + " VALUES (?, ?, ?, ?, ?, ?)")) {
      s.setString(1, account.userName());
      s.setString(2, account.passwordHash());
      s.setString(3, account.role().name());
      s.setInt(4, account.enabled() ? 1 : 0);
      s.setInt(5, account.passwordChangeRequired() ? 1 : 0);
      s.setString(6, account.created().toString());
      s.executeUpdate();
    }
  }

  private static Account read(ResultSet rs) throws SQLException {
    return new Account(
        rs.getString(1),
        rs.getString(2),
        Role.valueOf(rs.getString(3)),
        rs.getInt(4) != 0,
        rs.getInt(5) != 0,
        Instant.parse(rs.getString(6)));
  }
}

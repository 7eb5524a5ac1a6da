package io.gpuchassis.agent.security;

import io.gpuchassis.agent.store.AgentStore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Accounts in the embedded database, with a copy of all of them in memory: reads (every login,
 * every render of the account resources) never touch the disk, writes go to the database first and
 * then to the copy. Writes block: call them from a worker thread.
 */
public final class AccountRepository {

  private static final String COLUMNS =
      "id, username, password_hash, role, enabled, password_change_required, created";

  private final AgentStore store;
  private volatile List<Account> cached;

  public AccountRepository(AgentStore store) {
    this.store = store;
    reload();
  }

  public Optional<Account> find(String userName) {
    return cached.stream().filter(a -> a.userName().equals(userName)).findFirst();
  }

  public Optional<Account> findById(long id) {
    return cached.stream().filter(a -> a.id() == id).findFirst();
  }

  public List<Account> list() {
    return cached;
  }

  public int count() {
    return cached.size();
  }

  private void reload() {
    cached =
        List.copyOf(
            store.inTransaction(
                c -> {
                  List<Account> all = new ArrayList<>();
                  try (Statement s = c.createStatement();
                      ResultSet rs =
                          s.executeQuery("SELECT " + COLUMNS + " FROM accounts ORDER BY id")) {
                    while (rs.next()) {
                      all.add(read(rs));
                    }
                  }
                  return all;
                }));
  }

  /** Creates the account unless its user name is taken; the created account carries its new id. */
  public Optional<Account> create(
      String userName,
      String passwordHash,
      Role role,
      boolean enabled,
      boolean passwordChangeRequired,
      Instant now) {
    return create(
            userName, passwordHash, role, enabled, passwordChangeRequired, now, Integer.MAX_VALUE)
        .account();
  }

  /**
   * Creates the account unless its user name is taken or {@code maxAccounts} accounts exist already
   * (checked in the same transaction, so concurrent creations cannot overshoot).
   */
  public Creation create(
      String userName,
      String passwordHash,
      Role role,
      boolean enabled,
      boolean passwordChangeRequired,
      Instant now,
      int maxAccounts) {
    Creation creation =
        store.inTransaction(
            c -> {
              if (exists(c, userName)) {
                return new Creation(CreateOutcome.NAME_TAKEN, Optional.empty());
              }
              if (count(c) >= maxAccounts) {
                return new Creation(CreateOutcome.LIMIT_REACHED, Optional.empty());
              }
              Account account =
                  insert(c, userName, passwordHash, role, enabled, passwordChangeRequired, now);
              return new Creation(CreateOutcome.CREATED, Optional.of(account));
            });
    reload();
    return creation;
  }

  /** What a creation did; {@code account} is the new account when it was created. */
  public record Creation(CreateOutcome outcome, Optional<Account> account) {}

  public enum CreateOutcome {
    CREATED,
    NAME_TAKEN,
    /** Refused: the configured number of accounts exists already. */
    LIMIT_REACHED
  }

  /** Creates the first account, only if there is no account at all; returns whether it did. */
  public boolean createIfNoAccounts(
      String userName,
      String passwordHash,
      Role role,
      boolean passwordChangeRequired,
      Instant now) {
    boolean created =
        store.inTransaction(
            c -> {
              if (count(c) > 0) {
                return false;
              }
              insert(c, userName, passwordHash, role, true, passwordChangeRequired, now);
              return true;
            });
    reload();
    return created;
  }

  /**
   * Stores {@code changed} over the account with its id. Refuses (returns false) when that would
   * leave no enabled Administrator, or when the new user name belongs to another account.
   */
  public UpdateResult update(Account changed) {
    try {
      return updateStored(changed);
    } catch (LastAdministrator e) {
      return UpdateResult.LAST_ADMINISTRATOR;
    } finally {
      reload();
    }
  }

  private UpdateResult updateStored(Account changed) {
    return store.inTransaction(
        c -> {
          try (PreparedStatement s =
              c.prepareStatement("SELECT id FROM accounts WHERE username = ? AND id <> ?")) {
            s.setString(1, changed.userName());
            s.setLong(2, changed.id());
            try (ResultSet rs = s.executeQuery()) {
              if (rs.next()) {
                return UpdateResult.NAME_TAKEN;
              }
            }
          }
          try (PreparedStatement s =
              c.prepareStatement(
                  "UPDATE accounts SET username = ?, password_hash = ?, role = ?, enabled = ?,"
                      + " password_change_required = ? WHERE id = ?")) {
            s.setString(1, changed.userName());
            s.setString(2, changed.passwordHash());
            s.setString(3, changed.role().name());
            s.setInt(4, changed.enabled() ? 1 : 0);
            s.setInt(5, changed.passwordChangeRequired() ? 1 : 0);
            s.setLong(6, changed.id());
            if (s.executeUpdate() == 0) {
              return UpdateResult.NOT_FOUND;
            }
          }
          if (enabledAdministrators(c) == 0) {
            throw new LastAdministrator(); // rolls the transaction back
          }
          return UpdateResult.UPDATED;
        });
  }

  /** Deletes the account unless it is the last enabled Administrator. */
  public UpdateResult delete(long id) {
    try {
      return deleteStored(id);
    } catch (LastAdministrator e) {
      return UpdateResult.LAST_ADMINISTRATOR;
    } finally {
      reload();
    }
  }

  /** Thrown inside a transaction to undo a change that would leave no enabled Administrator. */
  private static final class LastAdministrator extends RuntimeException {
    LastAdministrator() {
      super(null, null, false, false);
    }
  }

  private UpdateResult deleteStored(long id) {
    return store.inTransaction(
        c -> {
          try (PreparedStatement s = c.prepareStatement("DELETE FROM accounts WHERE id = ?")) {
            s.setLong(1, id);
            if (s.executeUpdate() == 0) {
              return UpdateResult.NOT_FOUND;
            }
          }
          if (enabledAdministrators(c) == 0) {
            throw new LastAdministrator(); // rolls the transaction back
          }
          return UpdateResult.UPDATED;
        });
  }

  /** What an update or delete did. */
  public enum UpdateResult {
    UPDATED,
    NOT_FOUND,
    NAME_TAKEN,
    /** Refused: no enabled Administrator would be left to manage the chassis. */
    LAST_ADMINISTRATOR
  }

  private static int count(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM accounts")) {
      return rs.getInt(1);
    }
  }

  private static int enabledAdministrators(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT COUNT(*) FROM accounts WHERE role = 'Administrator' AND enabled = 1")) {
      return rs.getInt(1);
    }
  }

  private static boolean exists(Connection c, String userName) throws SQLException {
    try (PreparedStatement s = c.prepareStatement("SELECT 1 FROM accounts WHERE username = ?")) {
      s.setString(1, userName);
      try (ResultSet rs = s.executeQuery()) {
        return rs.next();
      }
    }
  }

  private static Account insert(
      Connection c,
      String userName,
      String passwordHash,
      Role role,
      boolean enabled,
      boolean passwordChangeRequired,
      Instant now)
      throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement(
            "INSERT INTO accounts(username, password_hash, role, enabled, password_change_required, created)"
                + " VALUES (?, ?, ?, ?, ?, ?)",
            Statement.RETURN_GENERATED_KEYS)) {
      s.setString(1, userName);
      s.setString(2, passwordHash);
      s.setString(3, role.name());
      s.setInt(4, enabled ? 1 : 0);
      s.setInt(5, passwordChangeRequired ? 1 : 0);
      s.setString(6, now.toString());
      s.executeUpdate();
      try (ResultSet keys = s.getGeneratedKeys()) {
        keys.next();
        return new Account(
            keys.getLong(1), userName, passwordHash, role, enabled, passwordChangeRequired, now);
      }
    }
  }

  private static Account read(ResultSet rs) throws SQLException {
    return new Account(
        rs.getLong(1),
        rs.getString(2),
        rs.getString(3),
        Role.valueOf(rs.getString(4)),
        rs.getInt(5) != 0,
        rs.getInt(6) != 0,
        Instant.parse(rs.getString(7)));
  }
}

package io.gpuchassis.agent.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Optional;
import java.util.function.Supplier;

/** Named single values that must survive restarts (for example the service UUID). */
public final class Settings {

  private final AgentStore store;

  public Settings(AgentStore store) {
    this.store = store;
  }

  public Optional<String> get(String name) {
    return store.inTransaction(
        c -> {
          try (PreparedStatement s =
              c.prepareStatement("SELECT value FROM settings WHERE name = ?")) {
            s.setString(1, name);
            try (ResultSet rs = s.executeQuery()) {
              return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            }
          }
        });
  }

  /** Stores {@code value} under {@code name}, replacing any earlier value. */
  public void put(String name, String value) {
    store.inTransaction(
        c -> {
          try (PreparedStatement s =
              c.prepareStatement(
                  "INSERT INTO settings(name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value")) {
            s.setString(1, name);
            s.setString(2, value);
            s.executeUpdate();
          }
          return null;
        });
  }

  /**
   * Returns the stored value, or stores and returns {@code initial}'s value when there is none yet.
   */
  public String getOrCreate(String name, Supplier<String> initial) {
    return store.inTransaction(
        c -> {
          try (PreparedStatement read =
              c.prepareStatement("SELECT value FROM settings WHERE name = ?")) {
            read.setString(1, name);
            try (ResultSet rs = read.executeQuery()) {
              if (rs.next()) {
                return rs.getString(1);
              }
            }
          }
          String value = initial.get();
          try (PreparedStatement write =
              c.prepareStatement("INSERT INTO settings(name, value) VALUES (?, ?)")) {
            write.setString(1, name);
            write.setString(2, value);
            write.executeUpdate();
          }
          return value;
        });
  }
}

package io.gpuchassis.agent.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsTest {

  @TempDir Path stateDir;

  @Test
  void a_created_value_survives_reopening_the_database() {
    String first;
    try (AgentStore store = AgentStore.open(stateDir)) {
      first = new Settings(store).getOrCreate("service.uuid", () -> "uuid-1");
    }
    try (AgentStore store = AgentStore.open(stateDir)) {
      assertEquals(first, new Settings(store).getOrCreate("service.uuid", () -> "uuid-2"));
      assertEquals(Optional.of("uuid-1"), new Settings(store).get("service.uuid"));
    }
  }

  @Test
  void a_failed_transaction_writes_nothing() {
    try (AgentStore store = AgentStore.open(stateDir)) {
      Settings settings = new Settings(store);
      assertThrows(
          IllegalStateException.class,
          () ->
              store.inTransaction(
                  c -> {
                    try (var s =
                        c.prepareStatement("INSERT INTO settings(name, value) VALUES ('a', 'b')")) {
                      s.executeUpdate();
                    }
                    throw new IllegalStateException("power lost");
                  }));
      assertEquals(Optional.empty(), settings.get("a"));
    }
  }
}

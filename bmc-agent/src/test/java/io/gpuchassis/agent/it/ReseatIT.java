package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static io.gpuchassis.agent.it.TestAgent.ADMIN;
import static io.gpuchassis.agent.it.TestAgent.READER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.config.CompositionSettings;
import io.gpuchassis.agent.config.CompositionSettings.Reseat;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cards swapped or taken out while the agent was down, found at its next start by their serial
 * numbers (the simulated GPUs answer the board file's serials over their sideband): a different
 * card is held, or released where the slot's policy says so, and never given to the old host; an
 * empty slot's binding waits for its card; the same card is bound again. Every correction is an
 * event and a security-log entry, and an operator's forced release of a held slot sticks.
 */
class ReseatIT {

  static final String BLOCKS = "/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot";

  @TempDir Path dir;

  @Test
  void swapped_cards_are_held_or_released_by_policy_and_the_same_card_is_bound_again()
      throws Exception {
    Path state = dir.resolve("state");
    Path original = board("original", reference());
    try (TestAgent first = TestAgent.start(state, settings(original))) {
      for (int[] bind : new int[][] {{1, 1}, {2, 1}, {3, 2}, {4, 2}}) {
        first.agent.bindings().bind(bind[0], "Host" + bind[1]).join();
      }
    }
    // While the agent is down: slot 1's and slot 4's cards are swapped for others, slot 2's taken
    // out
    String swapped =
        withoutSlot(
            reference()
                .replace("serialNumber: \"1654123000101\"", "serialNumber: \"1654123999901\"")
                .replace("serialNumber: \"1654123000104\"", "serialNumber: \"1654123999904\""),
            2);
    Path changed = board("changed", swapped);
    try (TestAgent second = TestAgent.start(state, settings(changed))) {
      AgentClient client = second.client;
      assertEquals("Failed", state(client, 1), "a different card is held");
      assertEquals("Unused", state(client, 4), "slot 4's policy releases it");
      assertEquals("Composed", state(client, 3), "the same card is bound again");
      assertEquals(
          io.gpuchassis.agent.chassis.SlotBinding.State.UNBOUND,
          second.agent.model().current().binding(2).state(),
          "an empty slot binds nothing");
      assertTrue(!blocksOf(client, "Host1").contains(BLOCKS + 1), "never given to the old host");

      String events =
          client
              .get("/redfish/v1/Managers/BMC/LogServices/EventLog/Entries?$expand=.", READER)
              .body();
      assertTrue(
          events.contains("card 1654123999901") && events.contains("ResourceErrorsCorrected"),
          events);
      String audit =
          client
              .get("/redfish/v1/Managers/BMC/LogServices/SecurityLog/Entries?$expand=.", ADMIN)
              .body();
      assertTrue(
          audit.contains("GpuChassisAudit.1.4.0.Reconciliation")
              && audit.contains("card 1654123999901")
              && audit.contains("card 1654123999904"),
          audit);

      // The operator frees the held slot
      second.agent.bindings().unbind(1, true).join();
      assertEquals("Unused", state(client, 1));
    }
    try (TestAgent third = TestAgent.start(state, settings(changed))) {
      assertEquals("Unused", state(third.client, 1), "a forced release sticks");
      assertEquals("Unused", state(third.client, 4), "a release sticks");
    }
    // Slot 2's card is back
    try (TestAgent fourth = TestAgent.start(state, settings(original))) {
      assertEquals("Composed", state(fourth.client, 2), "the binding waited for its card");
      assertTrue(blocksOf(fourth.client, "Host1").contains(BLOCKS + 2));
    }
  }

  private static UnaryOperator<io.gpuchassis.agent.config.AgentConfig> settings(Path board) {
    return c ->
        c.withBoard(board)
            .withComposition(
                new CompositionSettings(
                    CompositionSettings.Policy.RELEASE_OR_IDLE,
                    Duration.ofSeconds(30),
                    Map.of(),
                    Duration.ZERO,
                    Reseat.RESTORE,
                    Map.of(4, Reseat.RELEASE)));
  }

  private static String state(AgentClient client, int slot) throws Exception {
    return json(client.get(BLOCKS + slot, READER))
        .at("/CompositionStatus/CompositionState")
        .asText();
  }

  private static java.util.List<String> blocksOf(AgentClient client, String host) throws Exception {
    return json(client.get("/redfish/v1/Systems/" + host, READER))
        .at("/Links/ResourceBlocks")
        .findValuesAsText("@odata.id");
  }

  private static String reference() throws Exception {
    try (InputStream in = ReseatIT.class.getResourceAsStream("/board/reference-board.yaml")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** The board without the simulated GPU of {@code slot} (its entry spans three lines). */
  private static String withoutSlot(String board, int slot) {
    String entry = "(?m)^    - \\{slot: " + slot + ", model:.*\\n.*\\n.*\\n";
    String without = board.replaceFirst(entry, "");
    assertTrue(
        !without.equals(board)
            && !Pattern.compile("\\{slot: " + slot + ",").matcher(without).find());
    return without;
  }

  private Path board(String name, String text) throws Exception {
    Path file = dir.resolve(name + "-board.yaml");
    Files.writeString(file, text);
    return file;
  }
}

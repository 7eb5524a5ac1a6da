package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static io.gpuchassis.agent.it.TestAgent.ADMIN;
import static io.gpuchassis.agent.it.TestAgent.OPERATOR;
import static io.gpuchassis.agent.it.TestAgent.READER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The admission checks over HTTPS, on the reference chassis made tight: four 1200 W supplies in 3+1
 * with the chassis drawing 2200 W (1400 W left for GPUs: four of 350 W), Host2's hot-plug window
 * 256 GiB (one 80 GB GPU), SW2's partitions two logical bridges (one for GPUs, the other kept for
 * the link to SW3), slot 12's GPU unidentified (no sideband). Each refusal is a 409 naming what is
 * needed and what is left, before the switch is touched; a window Host4 reports itself is checked
 * over the board's; a GPU of unknown power or memory counts at its slot's power ceiling and the
 * host's whole window; a power refusal names every host of the request; a lost supply names the
 * compositions it puts at risk.
 */
class AdmissionIT {

  static final String SYSTEMS = "/redfish/v1/Systems";
  static final String EVENT_LOG = "/redfish/v1/Managers/BMC/LogServices/EventLog/Entries?$expand=.";

  @TempDir static Path dir;
  static TestAgent agent;
  static AgentClient client;

  @BeforeAll
  static void start() throws Exception {
    Path board = tightBoard(dir);
    agent = TestAgent.start(dir.resolve("state"), c -> c.withBoard(board));
    client = agent.client;
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @AfterEach
  void releaseAll() {
    for (int slot = 1; slot <= 20; slot++) {
      if (agent.agent.model().current().binding(slot).host().isPresent()) {
        agent.agent.bindings().unbind(slot, true).join();
      }
    }
  }

  @Test
  void a_partition_without_a_free_logical_bridge_refuses_the_gpu_with_both_numbers()
      throws Exception {
    assertEquals(200, add("Host3", 6).statusCode());
    HttpResponse<String> refused = add("Host3", 7);
    JsonNode message = refusal(refused, "NoFreeLogicalBridge");
    assertEquals(List.of("Host3", "1", "0"), args(message));
    assertEquals(List.of(block(6)), gpusOf("Host3"), "nothing changed");

    // The bridge comes back with its GPU's release, and is taken by the next one
    agent.agent.bindings().unbind(6, true).join();
    assertEquals(200, add("Host3", 7).statusCode());
  }

  @Test
  void gpus_whose_memory_windows_do_not_fit_the_host_port_are_refused() throws Exception {
    assertEquals(200, add("Host2", 1).statusCode());
    JsonNode message = refusal(add("Host2", 2), "MemoryWindowTooSmall");
    // An 80 GB GPU: BAR1 of 128 GiB, 16 MiB BAR0, 32 MiB BAR3; the window is 256 GiB
    assertEquals(List.of("Host2", "131120", String.valueOf(262144 - 131120)), args(message));
    assertEquals(List.of(block(1)), gpusOf("Host2"));
  }

  @Test
  void a_window_the_host_reported_is_checked_over_the_board_s_and_named_in_the_refusal()
      throws Exception {
    String report = SYSTEMS + "/Host4/Actions/Oem/GpuChassisAgent.HostReport";
    // A bad window is refused whole and changes nothing
    HttpResponse<String> negative =
        client.send("POST", report, OPERATOR, hostReport("\"HotPlugWindowMiB\": -1"));
    assertEquals(400, negative.statusCode(), negative.body());
    assertTrue(negative.body().contains("ActionParameterValueError"), negative.body());
    JsonNode oem = json(client.get(SYSTEMS + "/Host4", READER)).at("/Oem/GpuChassisAgent");
    assertEquals(2048 * 1024, oem.path("HotPlugWindowMiB").asLong(), "the board's 2048 GiB");
    assertEquals("BoardDescription", oem.path("HotPlugWindowSource").asText());

    // Host4's firmware reserved 64 GiB only, as its companion reads it from the bridge
    HttpResponse<String> reported =
        client.send("POST", report, OPERATOR, hostReport("\"HotPlugWindowMiB\": 65536"));
    assertEquals(204, reported.statusCode(), reported.body());
    oem = json(client.get(SYSTEMS + "/Host4", READER)).at("/Oem/GpuChassisAgent");
    assertEquals(65536, oem.path("HotPlugWindowMiB").asLong());
    assertEquals("HostCompanion", oem.path("HotPlugWindowSource").asText());

    // Slot 7 (SW2) holds an 80 GB GPU: 131120 MiB of BARs do not fit in 64 GiB
    HttpResponse<String> refused = add("Host4", 7);
    JsonNode message = refusal(refused, "MemoryWindowTooSmall");
    assertEquals(List.of("Host4", "131120", "65536"), args(message));
    String text = json(refused).at("/error/message").asText();
    assertTrue(
        text.contains("65536 MiB hot-plug window, as Host4's host companion reported it"), text);
    assertEquals(List.of(), gpusOf("Host4"), "nothing changed");
    assertEquals(Optional.empty(), switchBinding(7), "the switch was not touched");

    // The host reports a larger window: the same GPU fits
    assertEquals(
        204,
        client
            .send("POST", report, OPERATOR, hostReport("\"HotPlugWindowMiB\": 262144"))
            .statusCode());
    // (Host4 reported itself, so the attach waits for its companion to report the GPU.)
    HttpResponse<String> accepted =
        client.send(
            "POST",
            SYSTEMS + "/Host4/Actions/ComputerSystem.AddResourceBlock",
            OPERATOR,
            "{\"ResourceBlock\": {\"@odata.id\": \"" + block(7) + "\"}}",
            "Prefer",
            "respond-async");
    assertEquals(202, accepted.statusCode(), accepted.body());
    String seen =
        "\"Devices\": [{\"ResourceBlock\": {\"@odata.id\": \""
            + block(7)
            + "\"}, \"HostAddress\": \"0000:41:00.0\"}]";
    assertEquals(204, client.send("POST", report, OPERATOR, hostReport(seen)).statusCode());
    assertEquals(200, client.awaitTask(accepted, OPERATOR).statusCode());
    assertTrue(switchBinding(7).isPresent(), "bound on the switch");
    assertEquals(
        262144,
        json(client.get(SYSTEMS + "/Host4", READER))
            .at("/Oem/GpuChassisAgent/HotPlugWindowMiB")
            .asLong(),
        "the GPU's report kept the window");
  }

  @Test
  void gpus_beyond_the_power_budget_are_refused_all_together_before_any_is_bound()
      throws Exception {
    HttpResponse<String> tooMany =
        client.send("POST", SYSTEMS, OPERATOR, specific("Host1", 1, 2, 3, 4, 11));
    JsonNode message = refusal(tooMany, "PowerBudgetExceeded");
    assertEquals("Host1", args(message).get(0));
    assertEquals(String.valueOf(4 * 350 + l40sWatts()), args(message).get(1));
    assertEquals("1400", args(message).get(2), "3 x 1200 W less the chassis' 2200 W");
    assertEquals(List.of(), gpusOf("Host1"), "all or nothing: no GPU was bound");

    for (int slot : List.of(1, 2, 3, 4)) {
      assertEquals(200, add("Host1", slot).statusCode());
    }
    JsonNode one = refusal(add("Host5", 11), "PowerBudgetExceeded");
    assertEquals(List.of("Host5", String.valueOf(l40sWatts()), "0"), args(one));
  }

  @Test
  void a_power_refusal_of_a_compose_for_several_hosts_names_every_host() throws Exception {
    String compose =
        "{\"RequestType\": \"Apply\", \"RequestFormat\": \"Manifest\", \"Manifest\": {\"Stanzas\": ["
            + "{\"StanzaType\": \"ComposeSystem\", \"StanzaId\": \"a\", \"Request\": "
            + specific("Host1", 1, 2, 3, 4)
            + "}, {\"StanzaType\": \"ComposeSystem\", \"StanzaId\": \"b\", \"Request\": "
            + specific("Host5", 11)
            + "}]}}";
    HttpResponse<String> refused =
        client.send(
            "POST",
            "/redfish/v1/CompositionService/Actions/CompositionService.Compose",
            ADMIN,
            compose);
    JsonNode message = refusal(refused, "PowerBudgetExceeded");
    assertEquals(
        List.of("Host1, Host5", String.valueOf(4 * 350 + l40sWatts()), "1400"), args(message));
    String text = json(refused).at("/error/message").asText();
    assertTrue(
        text.contains("Host1 (1400 W) and Host5 (" + l40sWatts() + " W)"), "each host: " + text);
    assertEquals(List.of(), gpusOf("Host1"), "all or nothing");
    assertEquals(List.of(), gpusOf("Host5"));
  }

  @Test
  void a_gpu_of_unknown_power_counts_at_its_slot_s_power_ceiling() throws Exception {
    assertEquals("", gpu(12).path("Model").asText(), "slot 12 did not identify itself");
    for (int slot : List.of(1, 2, 3)) {
      assertEquals(200, add("Host1", slot).statusCode());
    }
    // 1050 W of the 1400 W taken: 350 W left, not the 675 W slot 12's GPU may draw
    HttpResponse<String> refused = add("Host6", 12);
    JsonNode message = refusal(refused, "PowerBudgetExceeded");
    assertEquals(List.of("Host6", "675", "350"), args(message));
    String text = json(refused).at("/error/message").asText();
    assertTrue(
        text.contains(
            "the GPU in slot 12 does not report a power limit and counts at the slot's power"
                + " ceiling of 675 W"),
        text);
    assertEquals(Optional.empty(), switchBinding(12), "the switch was not touched");
  }

  @Test
  void a_gpu_of_unknown_memory_counts_as_the_host_s_whole_window() throws Exception {
    assertEquals(200, add("Host6", 13).statusCode());
    // Slot 13's 48 GB GPU takes 65584 MiB of the 2048 GiB: slot 12's GPU, of unknown memory,
    // may need the whole window
    HttpResponse<String> refused = add("Host6", 12);
    JsonNode message = refusal(refused, "MemoryWindowTooSmall");
    assertEquals(List.of("Host6", "2097152", String.valueOf(2097152 - 65584)), args(message));
    assertTrue(
        json(refused)
            .at("/error/message")
            .asText()
            .contains("slot 12 does not report a memory size and counts 2097152 MiB"),
        refused.body());
    assertEquals(Optional.empty(), switchBinding(12), "the switch was not touched");
  }

  @Test
  void a_lost_supply_names_the_compositions_it_puts_at_risk() throws Exception {
    assertEquals(200, add("Host1", 1).statusCode());
    assertEquals(200, add("Host1", 2).statusCode());
    String fault =
        client.injectFault(
            ADMIN, "psu-fail", "/redfish/v1/Chassis/GPUChassis/PowerSubsystem/PowerSupplies/PSU3");
    try {
      // 2200 W + 700 W drawn; three supplies carry 3600 W, which leaves none to spare
      JsonNode event = awaitEvent("CompositionsAtRisk");
      assertEquals(
          List.of("PSU3", "3600", "2900", "Host1 (slots 1, 2: 700 W)"),
          args(event),
          event.toString());
      assertTrue(
          event.at("/Links/OriginOfCondition/@odata.id").asText().endsWith("PowerSupplies/PSU3"),
          event.toString());
    } finally {
      client.send("DELETE", fault, ADMIN, null);
    }
  }

  private static JsonNode awaitEvent(String key) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (System.nanoTime() < deadline) {
      for (JsonNode entry : json(client.get(EVENT_LOG, READER)).get("Members")) {
        if (entry.path("MessageId").asText().endsWith("." + key)) {
          return entry;
        }
      }
      Thread.sleep(100);
    }
    throw new AssertionError("no " + key + " event within 30 s");
  }

  private static String hostReport(String window) {
    return "{\"SystemUUID\": \"4c4c4544-0042-3510-8052-b4c04f4b4e34\", " + window + "}";
  }

  /** The partition the switch itself has the slot's port bound into, if any. */
  private static Optional<Integer> switchBinding(int slot) {
    var s = agent.agent.model().current().slot(slot).orElseThrow();
    return agent
        .agent
        .switches()
        .worker(s.switchId())
        .orElseThrow()
        .submit(
            d ->
                d.bindings().stream()
                    .filter(b -> b.physicalPort() == s.port() && b.bound())
                    .map(b -> b.partition())
                    .findFirst())
        .join();
  }

  private static JsonNode gpu(int slot) throws Exception {
    return json(
        client.get(
            "/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot" + slot + "/Processors/GPU",
            READER));
  }

  private static int l40sWatts() {
    return agent.agent.model().current().slot(11).orElseThrow().gpu().orElseThrow().tdpWatts();
  }

  /** A 409 whose message is the agent's {@code key}, which it returns. */
  private static JsonNode refusal(HttpResponse<String> response, String key) throws Exception {
    assertEquals(409, response.statusCode(), response.body());
    JsonNode info = json(response).at("/error/@Message.ExtendedInfo/0");
    assertEquals(
        "GpuChassisComposition.1.0.0." + key, info.get("MessageId").asText(), info.toString());
    return info;
  }

  private static List<String> args(JsonNode message) {
    List<String> out = new java.util.ArrayList<>();
    message.get("MessageArgs").forEach(a -> out.add(a.asText()));
    return out;
  }

  private static HttpResponse<String> add(String host, int slot) throws Exception {
    return client.awaitTask(
        client.send(
            "POST",
            SYSTEMS + "/" + host + "/Actions/ComputerSystem.AddResourceBlock",
            OPERATOR,
            "{\"ResourceBlock\": {\"@odata.id\": \"" + block(slot) + "\"}}"),
        OPERATOR);
  }

  private static List<String> gpusOf(String host) throws Exception {
    return json(client.get(SYSTEMS + "/" + host, READER))
        .at("/Links/ResourceBlocks")
        .findValuesAsText("@odata.id")
        .stream()
        .filter(b -> b.contains("GPU-"))
        .toList();
  }

  private static String specific(String host, int... slots) {
    StringBuilder blocks =
        new StringBuilder(
            "{\"@odata.id\": \"/redfish/v1/CompositionService/ResourceBlocks/" + host + "\"}");
    for (int slot : slots) {
      blocks.append(", {\"@odata.id\": \"").append(block(slot)).append("\"}");
    }
    return "{\"Name\": \"tight\", \"Links\": {\"ResourceBlocks\": [" + blocks + "]}}";
  }

  private static String block(int slot) {
    return "/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot" + slot;
  }

  /**
   * The reference board with smaller supplies, a small window for Host2, SW2's bridges, and slot 12
   * without its sideband: its GPU is present but cannot say what it is, how much power it may draw
   * or how much memory it maps.
   */
  static Path tightBoard(Path dir) throws Exception {
    String reference;
    try (InputStream in = AdmissionIT.class.getResourceAsStream("/board/reference-board.yaml")) {
      reference = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    String tight =
        replace(reference, "ratedWatts: 3200", "ratedWatts: 1200", 4)
            .replace("chassisLoadWatts: 800", "chassisLoadWatts: 2200")
            .replace(
                "{id: Host2, switch: SW1, port: 6, width: 16, maxGen: 5, hotPlugWindowGiB: 2048}",
                "{id: Host2, switch: SW1, port: 6, width: 16, maxGen: 5, hotPlugWindowGiB: 256}")
            .replace(
                "     sideband: {mux: GpuMux2, channel: 3, address: \"0x4f\"},\n"
                    + "     pins: {presence: {expander: SlotIo3, pin: 12}",
                "     pins: {presence: {expander: SlotIo3, pin: 12}")
            .replace(
                "laneCount: 160, portCount: 20, maxGen: 6, i2c: {bus: 3, address: \"0x59\"}}",
                "laneCount: 160, portCount: 20, maxGen: 6, i2c: {bus: 3, address: \"0x59\"},"
                    + " logicalBridges: 2}");
    Path file = dir.resolve("tight-board.yaml");
    Files.writeString(file, tight);
    return file;
  }

  private static String replace(String text, String from, String to, int times) {
    assertEquals(times, text.split(java.util.regex.Pattern.quote(from), -1).length - 1, from);
    return text.replace(from, to);
  }
}

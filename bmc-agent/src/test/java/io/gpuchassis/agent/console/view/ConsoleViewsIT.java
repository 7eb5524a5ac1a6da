package io.gpuchassis.agent.console.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.Agent;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.chassis.PortLink;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.SwitchChip;
import io.gpuchassis.agent.chassis.WiredPort;
import io.gpuchassis.agent.config.AgentConfig;
import io.gpuchassis.agent.config.ListenAddress;
import io.gpuchassis.agent.config.SimulationSpeed;
import io.gpuchassis.agent.health.ChassisHealth;
import io.gpuchassis.agent.health.ChassisRollup;
import io.gpuchassis.agent.health.FabricHealth;
import io.gpuchassis.agent.health.GpuStatus;
import io.gpuchassis.agent.health.SensorCatalog;
import io.gpuchassis.agent.platform.BoardSensorLayout;
import io.gpuchassis.agent.security.TestPasswordHashing;
import io.gpuchassis.agent.sim.SimulatedPlatform;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.sensor.chassis.SensorIds;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console's views of an in-process agent on the simulated reference chassis (20 slots, GPUs in
 * most of them): every line fits an 80-column terminal, the slots show what the model says, and
 * health is Redfish's verdict.
 */
class ConsoleViewsIT {

  /** The slot every test may rely on being bound to {@link #HOST}. */
  static final int BOUND_SLOT = 2;

  static final String HOST = "Host1";

  @TempDir static Path stateDir;
  static Agent agent;
  static ConsoleHealth health;

  @BeforeAll
  static void start() throws Exception {
    AgentConfig config =
        AgentConfig.defaults()
            .withListen(new ListenAddress("127.0.0.1", 0))
            .withStateDir(stateDir)
            .withSimulationSpeed(SimulationSpeed.FAST);
    agent = Agent.start(config, Map.of(), TestPasswordHashing.hasher());
    SimulatedPlatform simulation = (SimulatedPlatform) agent.platform();
    var redundancy = simulation.board().powerSupplyRedundancy();
    ChassisHealth chassis =
        new ChassisHealth(
            agent.health(),
            new SensorCatalog(BoardSensorLayout.of(simulation.board()), simulation.gpuSlots()),
            redundancy.map(r -> r.type().name()).orElse("NotRedundant"),
            redundancy.map(r -> r.minNeeded()).orElse(0));
    // The same window the agent gives its Redfish resources.
    health =
        new ConsoleHealth(chassis, Clock.systemUTC(), config.switchPollInterval().multipliedBy(3));
    agent.bindings().bind(BOUND_SLOT, HOST).join();
    int lastGpu =
        occupied(agent.model().current())
            .get(occupied(agent.model().current()).size() - 1)
            .number();
    await(
        "sensors read, links observed, firmware read",
        () ->
            agent.health().reading(SensorIds.gpuTemperature(lastGpu)).isPresent()
                && agent.health().reading(SensorIds.psuOutputWatts("PSU2")).isPresent()
                && link(state(), slot(BOUND_SLOT)).map(PortLink::up).orElse(false)
                && state().switches().stream()
                    .allMatch(s -> agent.firmware().inventory().of(s.id()).isPresent()));
  }

  @AfterAll
  static void stop() {
    if (agent != null) {
      agent.close();
    }
  }

  @Test
  void every_view_fits_80_columns_in_printable_ascii() {
    ChassisState state = state();
    Map<String, List<String>> views = new java.util.LinkedHashMap<>();
    views.put("chassis", new ChassisView(health).render(state));
    views.put("slots", new SlotsView(health).render(state));
    for (Slot slot : state.slots()) {
      views.put("slot " + slot.number(), new SlotView(health).render(state, slot.number()));
    }
    views.put("slot 99", new SlotView(health).render(state, 99));
    views.put("hosts", new HostsView(health).render(state));
    for (HostPort host : state.hosts()) {
      views.put("host " + host.id(), new HostView(health).render(state, host.id()));
    }
    views.put("host nope", new HostView(health).render(state, "nope"));
    views.put("switches", new SwitchesView(health, agent.firmware()::updating).render(state));
    views.put("ports", new PortsView(health).render(state));
    views.put("sensors", new SensorsView(health).render());
    views.put("fans", new FansView(health).render(state));
    views.put("psus", new PsusView(health).render(state));
    views.put(
        "firmware",
        new FirmwareView(agent.firmware().inventory(), agent.firmware()::updating).render(state));
    views.put("events", EventsView.render(agent.events().log(), 50));
    views.put("data-ports", new DataPortsView().render(agent.dataPorts().statuses()));
    views.forEach(
        (name, lines) -> {
          assertFalse(lines.isEmpty(), name);
          for (String line : lines) {
            assertTrue(
                line.length() <= TextTable.WIDTH,
                name + ", " + line.length() + " columns: " + line);
            assertTrue(line.chars().allMatch(c -> c >= 0x20 && c < 0x7f), name + ": " + line);
          }
        });
    assertEquals(
        health.catalog().all().size() + 2, views.get("sensors").size(), "a row per sensor");
    long wiredPorts =
        state.switches().stream().mapToLong(s -> WiredPort.of(state, s.id()).size()).sum();
    assertEquals(wiredPorts + 2, views.get("ports").size(), "a row per wired port");
    assertEquals(
        agent.dataPorts().statuses().size() + 2,
        views.get("data-ports").size(),
        "a row per data-path port");
  }

  @Test
  void slots_lists_all_20_with_the_bound_slots_host_and_link_and_the_unbound_ones_without() {
    ChassisState state = state();
    List<String> lines = new SlotsView(health).render(state);
    assertEquals(20, state.slots().size(), "the reference chassis");
    assertEquals(
        List.of("Slot", "Present", "GPU", "Health", "Host", "Link", "Temp C"), cells(lines.get(0)));
    assertEquals(
        22, lines.size(), "header, separator and one row per slot: " + String.join("\n", lines));
    for (Slot slot : state.slots()) {
      List<String> row = slotRow(lines, slot.number());
      if (!slot.occupied()) {
        assertEquals(List.of(Integer.toString(slot.number()), "no", "-", "-", "-", "-", "-"), row);
        continue;
      }
      assertEquals("yes", row.get(1));
      assertEquals(slot.gpu().orElseThrow().displayName(), row.get(2));
      if (slot.number() == BOUND_SLOT) {
        WiredPort port = port(state, slot);
        assertEquals(HOST, row.get(4));
        assertEquals("x" + port.expectedWidth() + " Gen" + port.expectedGeneration(), row.get(5));
      } else if (state.binding(slot.number()).host().isEmpty()) {
        assertEquals("-", row.get(4), "unbound: " + row);
        assertEquals("-", row.get(5), "an unbound downstream port is held down: " + row);
      }
      double celsius =
          agent
              .health()
              .reading(SensorIds.gpuTemperature(slot.number()))
              .orElseThrow()
              .value()
              .orElseThrow();
      assertEquals(celsius, Double.parseDouble(row.get(6)), 3.0, "the GPU's temperature: " + row);
    }
    assertTrue(occupied(state).size() < 20, "the reference chassis has empty slots to show");
  }

  @Test
  void health_shown_is_the_redfish_verdict_also_when_a_link_degrades() throws Exception {
    ChassisState before = state();
    Slot slot =
        occupied(before).stream()
            .filter(s -> s.number() != BOUND_SLOT && before.binding(s.number()).host().isEmpty())
            .findFirst()
            .orElseThrow();
    WiredPort port = port(before, slot);
    String host =
        before.hosts().stream()
            .map(HostPort::id)
            .filter(h -> !h.equals(HOST))
            .findFirst()
            .orElseThrow();
    agent.bindings().bind(slot.number(), host).join();
    var fault =
        agent
            .faults()
            .orElseThrow()
            .inject(
                "link-degrade",
                "/redfish/v1/Fabrics/PCIe/Switches/" + slot.switchId() + "/Ports/" + slot.port());
    try {
      await("the degraded link observed", () -> gpuHealth(state(), slot) == Health.WARNING);
      ChassisState state = state();
      FabricHealth fabric = new FabricHealth(health.clock(), health.staleAfter());
      PortLink link = link(state, slot).orElseThrow();

      List<String> row = slotRow(new SlotsView(health).render(state), slot.number());
      assertEquals("Warning", row.get(3), "a degraded link is worth a look: " + row);
      assertEquals(gpuHealth(state, slot).getValue(), row.get(3));
      assertEquals(host, row.get(4));
      assertEquals("x" + link.width() + " Gen" + link.generation(), row.get(5));
      assertTrue(link.width() < port.expectedWidth(), "the fault halves the width: " + link);

      List<String> portRow =
          new PortsView(health)
              .render(state).stream()
                  .map(ConsoleViewsIT::cells)
                  .filter(
                      c ->
                          c.get(0).equals(slot.switchId())
                              && c.get(1).equals(Integer.toString(slot.port())))
                  .findFirst()
                  .orElseThrow();
      assertEquals(fabric.ofPort(state, port).getValue(), portRow.get(6));
      assertEquals("Warning", portRow.get(6));

      List<String> switchRow =
          new SwitchesView(health, id -> false)
              .render(state).stream()
                  .map(ConsoleViewsIT::cells)
                  .filter(c -> c.get(0).equals(slot.switchId()))
                  .findFirst()
                  .orElseThrow();
      assertEquals(fabric.ofSwitch(state, slot.switchId()).getValue(), switchRow.get(4));
      assertEquals(fabric.rollupOfSwitch(state, slot.switchId()).getValue(), switchRow.get(5));
      assertEquals("Warning", switchRow.get(5), "the chip's rollup carries its port: " + switchRow);

      var rollup = new ChassisRollup(health.chassis(), fabric).of(state);
      List<String> chassis = new ChassisView(health).render(state);
      assertTrue(
          chassis.contains(field(chassis, "Health rollup", rollup.getHealthRollup().getValue())),
          chassis.toString());
      assertTrue(
          chassis.contains(field(chassis, "Health", rollup.getHealth().getValue())),
          chassis.toString());
    } finally {
      agent.faults().orElseThrow().clear(fault.id());
      agent.bindings().unbind(slot.number(), true).join();
    }
  }

  @Test
  void one_slot_in_detail_shows_its_gpu_binding_port_counters_and_sensors_with_thresholds() {
    ChassisState state = state();
    Slot slot = slot(BOUND_SLOT);
    List<String> lines = new SlotView(health).render(state, BOUND_SLOT);
    String text = String.join("\n", lines);
    assertTrue(lines.contains(field(lines, "GPU", slot.gpu().orElseThrow().displayName())), text);
    assertTrue(
        lines.contains(field(lines, "Serial number", slot.gpu().orElseThrow().serialNumber())),
        text);
    assertTrue(lines.contains(field(lines, "Power", "on")), text);
    assertTrue(lines.contains(field(lines, "Over-temp latch", "no")), text);
    assertTrue(
        lines.stream().anyMatch(l -> l.matches("Binding +: bound " + HOST + " since .*")), text);
    assertTrue(
        lines.stream()
            .anyMatch(
                l ->
                    l.matches(
                        "Switch port +: "
                            + slot.switchId()
                            + " port "
                            + slot.port()
                            + " \\(partition \\d+\\)")),
        text);
    assertTrue(
        lines.stream().anyMatch(l -> l.startsWith("Correctable")), "the AER counters: " + text);
    String temperature =
        lines.stream()
            .filter(l -> l.startsWith("GPU" + BOUND_SLOT + "Temperature "))
            .findFirst()
            .orElseThrow(() -> new AssertionError(text));
    assertTrue(
        temperature.contains(">88 crit"),
        "the threshold Redfish shows as UpperCritical: " + temperature);
    assertEquals(List.of("No slot 99 (slots are 1 to 20)"), new SlotView(health).render(state, 99));
  }

  @Test
  void hosts_show_the_gpus_bound_to_them() {
    ChassisState state = state();
    List<String> row =
        new HostsView(health)
            .render(state).stream()
                .map(ConsoleViewsIT::cells)
                .filter(c -> c.get(0).equals(HOST))
                .findFirst()
                .orElseThrow();
    assertEquals(Integer.toString(BOUND_SLOT), row.get(7), "the slots bound: " + row);
    List<String> host = new HostView(health).render(state, HOST);
    assertTrue(
        host.stream()
            .map(ConsoleViewsIT::cells)
            .anyMatch(
                c ->
                    c.get(0).equals(Integer.toString(BOUND_SLOT))
                        && c.get(1).equals(slot(BOUND_SLOT).gpu().orElseThrow().displayName())),
        String.join("\n", host));
  }

  @Test
  void firmware_shows_both_copies_of_every_switch_as_the_inventory_read_them() {
    ChassisState state = state();
    List<String> lines = new FirmwareView(agent.firmware().inventory(), id -> false).render(state);
    assertEquals(2 + 2 * state.switches().size(), lines.size(), String.join("\n", lines));
    for (SwitchChip chip : state.switches()) {
      List<String> first =
          lines.stream()
              .map(ConsoleViewsIT::cells)
              .filter(c -> c.get(0).equals(chip.id()))
              .findFirst()
              .orElseThrow();
      assertEquals(
          agent.firmware().inventory().of(chip.id()).orElseThrow().runningVersion(), first.get(1));
      assertEquals("A", first.get(2));
    }
    assertTrue(
        new FirmwareView(agent.firmware().inventory(), id -> true)
            .render(state)
            .get(2)
            .endsWith("update in progress"));
  }

  private static Health gpuHealth(ChassisState state, Slot slot) {
    return GpuStatus.of(
            state, slot, health.monitor(), health.clock().instant(), health.staleAfter())
        .getHealth();
  }

  /** The line {@code label : value} as the view pads it. */
  private static String field(List<String> lines, String label, String value) {
    return lines.stream()
        .filter(l -> l.matches(java.util.regex.Pattern.quote(label) + " +: .*"))
        .findFirst()
        .map(l -> l.substring(0, l.indexOf(" : ") + 3) + value)
        .orElse("(no field " + label + ")");
  }

  private static List<String> slotRow(List<String> lines, int number) {
    return lines.stream()
        .skip(2)
        .map(ConsoleViewsIT::cells)
        .filter(c -> c.get(0).equals(Integer.toString(number)))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no row of slot " + number));
  }

  /**
   * A table line's cells: the views separate columns by at least two blanks and use single ones
   * inside.
   */
  static List<String> cells(String line) {
    return new ArrayList<>(List.of(line.trim().split(" {2,}")));
  }

  private static ChassisState state() {
    return agent.model().current();
  }

  private static Slot slot(int number) {
    return state().slot(number).orElseThrow();
  }

  private static List<Slot> occupied(ChassisState state) {
    return state.slots().stream().filter(Slot::occupied).toList();
  }

  private static WiredPort port(ChassisState state, Slot slot) {
    return WiredPort.find(state, slot.switchId(), slot.port()).orElseThrow();
  }

  private static Optional<PortLink> link(ChassisState state, Slot slot) {
    return health.link(state, port(state, slot));
  }

  private static void await(String what, BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out waiting for: " + what);
      }
      Thread.sleep(50);
    }
  }
}

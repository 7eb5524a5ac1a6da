package io.gpuchassis.agent.metrics;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Fan;
import io.gpuchassis.agent.chassis.PortHealth;
import io.gpuchassis.agent.chassis.PortLink;
import io.gpuchassis.agent.chassis.PowerSupply;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.chassis.SwitchChip;
import io.gpuchassis.agent.chassis.SwitchObservation;
import io.gpuchassis.agent.chassis.WiredPort;
import io.gpuchassis.agent.health.ChassisHealth;
import io.gpuchassis.agent.health.ChassisSensor;
import io.gpuchassis.agent.health.GpuStatus;
import io.gpuchassis.agent.health.HealthMonitor;
import io.gpuchassis.agent.health.SensorHealth;
import io.gpuchassis.sensor.chassis.SensorIds;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * The chassis as meters: every slot, switch, switch port, sensor, fan and supply the board file
 * names, each read from the current {@link ChassisState} snapshot and the sensors' last readings
 * when scraped (nothing is polled for a scrape). The board's parts are fixed, so their meters are
 * registered once; only which host a slot is bound to changes, and {@link #refresh} rewrites that
 * one meter's rows before each scrape. A figure the agent does not have (an empty slot's
 * temperature, a link not yet observed) has no sample: NaN.
 */
final class ChassisMetrics {

  private static final String PREFIX = "gpuchassis.";

  private final ChassisModel model;
  private final HealthMonitor monitor;
  private final Clock clock;
  private final Duration staleAfter;
  private final MultiGauge bindings;

  ChassisMetrics(
      MeterRegistry registry,
      ChassisModel model,
      ChassisHealth health,
      Clock clock,
      Duration staleAfter) {
    this.model = model;
    this.monitor = health.monitor();
    this.clock = clock;
    this.staleAfter = staleAfter;
    ChassisState board = model.current();
    for (Slot slot : board.slots()) {
      slotMeters(registry, slot.number());
    }
    for (SwitchChip chip : board.switches()) {
      switchMeters(registry, chip.id());
      for (WiredPort port : WiredPort.of(board, chip.id())) {
        portMeters(registry, port);
      }
    }
    for (ChassisSensor sensor : health.catalog().all()) {
      sensorMeters(registry, sensor);
    }
    for (Fan fan : board.fans()) {
      gauge(
          registry,
          "fan.health",
          null,
          "A fan's health from its speed: 0 OK, 1 Warning, 2 Critical",
          Tags.of("fan", fan.id()),
          m -> HealthNumber.of(SensorHealth.of(monitor, SensorIds.fanRpm(fan.id())).getHealth()));
    }
    for (PowerSupply psu : board.powerSupplies()) {
      gauge(
          registry,
          "power.supply.health",
          null,
          "A power supply's health from its PMBus status: 0 OK, 1 Warning, 2 Critical",
          Tags.of("supply", psu.id()),
          m -> HealthNumber.of(SensorHealth.supply(monitor, psu.id()).getHealth()));
    }
    gauge(
        registry,
        "power.supply.redundancy.health",
        null,
        "Whether enough supplies are working for the chassis's redundancy: 0 OK, 1 Warning (no"
            + " redundancy left), 2 Critical",
        Tags.empty(),
        m ->
            HealthNumber.of(
                SensorHealth.redundancy(
                    monitor, model.current().powerSupplies(), health.minSuppliesNeeded())));
    this.bindings =
        MultiGauge.builder(PREFIX + "slot.binding")
            .description(
                "1 for each slot, labelled with the host its GPU is bound to (empty when none)"
                    + " and the binding's state")
            .register(registry);
    refresh();
  }

  /** Brings the meters whose labels change (the slots' hosts) up to the current snapshot. */
  void refresh() {
    ChassisState state = model.current();
    List<MultiGauge.Row<?>> rows = new ArrayList<>();
    for (Slot slot : state.slots()) {
      SlotBinding binding = state.binding(slot.number());
      rows.add(
          MultiGauge.Row.of(
              Tags.of(
                  "slot",
                  Integer.toString(slot.number()),
                  "host",
                  binding.host().orElse(""),
                  "state",
                  binding.state().name().toLowerCase(java.util.Locale.ROOT)),
              1));
    }
    bindings.register(rows, true);
  }

  private void slotMeters(MeterRegistry registry, int number) {
    Tags tags = Tags.of("slot", Integer.toString(number));
    gauge(
        registry,
        "slot.gpu.present",
        null,
        "1 when the slot holds a GPU",
        tags,
        m -> slot(number).map(s -> s.occupied() ? 1.0 : 0.0).orElse(Double.NaN));
    gauge(
        registry,
        "gpu.health",
        null,
        "The GPU's health (temperature, sideband, link): 0 OK, 1 Warning, 2 Critical",
        tags,
        m -> gpuHealth(number));
    gauge(
        registry,
        "gpu.temperature",
        "celsius",
        "The GPU's temperature, read over its SMBus sideband",
        tags,
        m -> reading(SensorIds.gpuTemperature(number)));
    gauge(
        registry,
        "gpu.power",
        "watts",
        "The GPU's power draw, read over its SMBus sideband",
        tags,
        m -> reading(SensorIds.gpuPower(number)));
    linkMeters(
        registry,
        "slot",
        "the slot's",
        "the switch port feeding the slot",
        tags,
        () -> slotLink(number));
  }

  private void switchMeters(MeterRegistry registry, String switchId) {
    Tags tags = Tags.of("switch", switchId);
    gauge(
        registry,
        "switch.up",
        null,
        "1 when the switch answered its last poll",
        tags,
        m -> observation(switchId).map(o -> o.failure().isEmpty() ? 1.0 : 0.0).orElse(0.0));
    gauge(
        registry,
        "switch.temperature",
        "celsius",
        "The switch chip's die temperature",
        tags,
        m ->
            observation(switchId)
                .map(o -> o.dieTemperatureCelsius().orElse(Double.NaN))
                .orElse(Double.NaN));
  }

  private void portMeters(MeterRegistry registry, WiredPort port) {
    Tags tags =
        Tags.of(
            "switch",
            port.switchId(),
            "port",
            Integer.toString(port.port()),
            "role",
            port.role().name().toLowerCase(java.util.Locale.ROOT),
            "label",
            port.label());
    String switchId = port.switchId();
    int number = port.port();
    gauge(
        registry,
        "port.health",
        null,
        "The port's link health against what is wired to it: 0 OK, 1 Warning, 2 Critical",
        tags,
        m ->
            switch (PortHealth.judge(
                port, model.current().switchObservation(switchId), clock.instant(), staleAfter)) {
              case OK -> 0.0;
              case WARNING -> 1.0;
              case CRITICAL -> 2.0;
            });
    linkMeters(registry, "port", "the port's", "the port", tags, () -> link(switchId, number));
    gauge(
        registry,
        "port.link.expected.width",
        "lanes",
        "The link width the board's wiring calls for at this port",
        tags,
        m -> port.expectedWidth());
    counter(
        registry,
        "port.receive",
        "bytes",
        "Bytes the port received, where the switch counts them",
        tags,
        m ->
            link(switchId, number)
                .flatMap(PortLink::traffic)
                .map(t -> (double) t.rxBytes())
                .orElse(Double.NaN));
    counter(
        registry,
        "port.transmit",
        "bytes",
        "Bytes the port sent, where the switch counts them",
        tags,
        m ->
            link(switchId, number)
                .flatMap(PortLink::traffic)
                .map(t -> (double) t.txBytes())
                .orElse(Double.NaN));
  }

  /**
   * The meters of a PCIe link (a slot's, or a port's): up, negotiated width and speed (0 while
   * down), and its error counters.
   */
  private void linkMeters(
      MeterRegistry registry,
      String kind,
      String whose,
      String counter,
      Tags tags,
      Supplier<Optional<PortLink>> link) {
    gauge(
        registry,
        kind + ".link.up",
        null,
        "1 when " + whose + " PCIe link is up (L0)",
        tags,
        m -> figure(link, l -> l.up() ? 1 : 0));
    gauge(
        registry,
        kind + ".link.width",
        "lanes",
        capitalized(whose) + " negotiated PCIe link width (0 while the link is down)",
        tags,
        m -> figure(link, l -> l.up() ? l.width() : 0));
    gauge(
        registry,
        kind + ".link.speed",
        "gigatransfers_per_second",
        capitalized(whose) + " negotiated PCIe link speed per lane (0 while the link is down)",
        tags,
        m -> figure(link, l -> l.up() ? speed(l.generation()) : 0));
    counter(
        registry,
        kind + ".pcie.correctable.errors",
        "Correctable PCIe errors counted by " + counter,
        tags,
        m -> figure(link, l -> l.counters().correctable()));
    counter(
        registry,
        kind + ".pcie.uncorrectable.errors",
        "Uncorrectable PCIe errors counted by " + counter,
        tags,
        m -> figure(link, l -> l.counters().uncorrectable()));
  }

  /** A figure of the link, NaN (no sample) while there is no observation of it. */
  private static double figure(Supplier<Optional<PortLink>> link, ToDoubleFunction<PortLink> of) {
    return link.get().map(of::applyAsDouble).orElse(Double.NaN);
  }

  private static String capitalized(String text) {
    return Character.toUpperCase(text.charAt(0)) + text.substring(1);
  }

  private void sensorMeters(MeterRegistry registry, ChassisSensor sensor) {
    String[] kind =
        switch (sensor.readingType()) {
          case "Temperature" -> new String[] {"sensor.temperature", "celsius"};
          case "Power" -> new String[] {"sensor.power", "watts"};
          case "Voltage" -> new String[] {"sensor.voltage", "volts"};
          case "Current" -> new String[] {"sensor.current", "amperes"};
          case "Rotational" -> new String[] {"sensor.fan.speed", "rpm"};
          default -> new String[] {"sensor.reading", null};
        };
    Tags tags =
        Tags.of(
            "sensor",
            sensor.redfishId(),
            "context",
            sensor.physicalContext(),
            "device",
            sensor.device());
    gauge(
        registry,
        kind[0],
        kind[1],
        "A chassis sensor's last reading (Redfish Sensor "
            + "/redfish/v1/Chassis/GPUChassis/Sensors/<sensor>)",
        tags,
        m -> reading(sensor.sensorId()));
    gauge(
        registry,
        "sensor.health",
        null,
        "A chassis sensor's health against its thresholds: 0 OK, 1 Warning, 2 Critical",
        Tags.of("sensor", sensor.redfishId()),
        m -> HealthNumber.of(SensorHealth.of(monitor, sensor.sensorId()).getHealth()));
  }

  private void gauge(
      MeterRegistry registry,
      String name,
      String unit,
      String help,
      Tags tags,
      ToDoubleFunction<ChassisMetrics> value) {
    Gauge.builder(PREFIX + name, this, value)
        .baseUnit(unit)
        .description(help)
        .tags(tags)
        .strongReference(true)
        .register(registry);
  }

  private void counter(
      MeterRegistry registry,
      String name,
      String help,
      Tags tags,
      ToDoubleFunction<ChassisMetrics> value) {
    counter(registry, name, null, help, tags, value);
  }

  private void counter(
      MeterRegistry registry,
      String name,
      String unit,
      String help,
      Tags tags,
      ToDoubleFunction<ChassisMetrics> value) {
    FunctionCounter.builder(PREFIX + name, this, value)
        .baseUnit(unit)
        .description(help)
        .tags(tags)
        .register(registry);
  }

  private Optional<Slot> slot(int number) {
    return model.current().slot(number);
  }

  private double gpuHealth(int number) {
    ChassisState state = model.current();
    return state
        .slot(number)
        .filter(Slot::occupied)
        .map(
            s ->
                HealthNumber.of(
                    GpuStatus.of(state, s, monitor, clock.instant(), staleAfter).getHealth()))
        .orElse(Double.NaN);
  }

  private double reading(String sensorId) {
    return monitor.reading(sensorId).map(r -> r.value().orElse(Double.NaN)).orElse(Double.NaN);
  }

  private Optional<SwitchObservation> observation(String switchId) {
    return model.current().switchObservation(switchId);
  }

  private Optional<PortLink> link(String switchId, int port) {
    return observation(switchId).map(o -> o.ports().get(port));
  }

  private Optional<PortLink> slotLink(int number) {
    return slot(number).flatMap(s -> link(s.switchId(), s.port()));
  }

  /** GT/s per lane of a PCIe generation. */
  static double speed(int generation) {
    return switch (generation) {
      case 1 -> 2.5;
      case 2 -> 5;
      case 3 -> 8;
      case 4 -> 16;
      case 5 -> 32;
      case 6 -> 64;
      default -> Double.NaN;
    };
  }
}

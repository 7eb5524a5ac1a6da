package io.gpuchassis.agent.redfish.telemetry;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.SwitchChip;
import io.gpuchassis.agent.chassis.WiredPort;
import io.gpuchassis.agent.health.ChassisSensor;
import io.gpuchassis.agent.health.SensorCatalog;
import io.gpuchassis.agent.telemetry.MetricCatalog;
import io.gpuchassis.agent.telemetry.MetricSpec;
import io.gpuchassis.agent.uri.Uris;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.regex.Pattern;

/**
 * The metrics of a chassis, named once at start from its board and read from the resources the
 * Redfish service renders: one per kind of sensor (where it measures and what: {@code
 * GPUTemperature}, {@code IntakeTemperature}, {@code FanSpeed}, ...) over every sensor of that
 * kind, and one per figure of a switch port (link status, speed, width, PCIe error and byte
 * counters) over every wired port.
 */
public final class ChassisMetricCatalog {

  // compiled once: the catalogue names every sensor at start, and String.replaceAll compiles its
  // pattern on each call
  private static final Pattern WORD_END = Pattern.compile("([a-z])([A-Z])");
  private static final Pattern ACRONYM_END = Pattern.compile("([A-Z])([A-Z][a-z])");

  private ChassisMetricCatalog() {}

  /** The metrics of the chassis in {@code state}, whose sensors {@code sensors} lists. */
  public static MetricCatalog of(ChassisState state, SensorCatalog sensors) {
    String chassis = state.identity().id();
    Map<String, MetricSpec> specs = new LinkedHashMap<>();
    for (ChassisSensor s : sensors.all()) {
      String id = s.physicalContext() + kind(s);
      String property = Uris.sensor(chassis, s.redfishId()) + "#/Reading";
      MetricSpec known = specs.get(id);
      List<String> properties = new ArrayList<>(known == null ? List.of() : known.properties());
      properties.add(property);
      specs.put(
          id,
          new MetricSpec(
              id,
              words(id),
              "Numeric",
              "Decimal",
              Optional.of(s.units()),
              "PhysicalSensor",
              Optional.of(s.physicalContext()),
              List.of(),
              properties));
    }
    List<MetricSpec> all = new ArrayList<>(specs.values());
    all.add(
        ports(
            state,
            "PCIeLinkStatus",
            "PCIe link status",
            "Discrete",
            "String",
            Optional.empty(),
            List.of("LinkUp", "Starting", "Training", "LinkDown", "NoLink"),
            (sw, port) -> Uris.port(sw, port) + "#/LinkStatus"));
    all.add(
        ports(
            state,
            "PCIeLinkSpeed",
            "PCIe link speed",
            "Numeric",
            "Decimal",
            Optional.of("Gbit/s"),
            List.of(),
            (sw, port) -> Uris.port(sw, port) + "#/CurrentSpeedGbps"));
    all.add(
        ports(
            state,
            "PCIeLinkWidth",
            "PCIe link width",
            "Numeric",
            "Integer",
            Optional.of("{lane}"),
            List.of(),
            (sw, port) -> Uris.port(sw, port) + "#/Width"));
    all.add(
        counter(
            state,
            "PCIeCorrectableErrors",
            "PCIe correctable errors",
            "/PCIeErrors/CorrectableErrorCount",
            "{error}"));
    all.add(
        counter(
            state,
            "PCIeNonFatalErrors",
            "PCIe non-fatal errors",
            "/PCIeErrors/NonFatalErrorCount",
            "{error}"));
    all.add(counter(state, "PCIeBadTLPs", "PCIe bad TLPs", "/PCIeErrors/BadTLPCount", "{error}"));
    all.add(
        counter(state, "PCIeBadDLLPs", "PCIe bad DLLPs", "/PCIeErrors/BadDLLPCount", "{error}"));
    all.add(counter(state, "PortRXBytes", "Port bytes received", "/RXBytes", "By"));
    all.add(counter(state, "PortTXBytes", "Port bytes sent", "/TXBytes", "By"));
    return new MetricCatalog(all);
  }

  /** {@code GPUTemperature} as {@code GPU Temperature}, {@code PowerSupplyFanSpeed} in words. */
  static String words(String id) {
    return ACRONYM_END.matcher(WORD_END.matcher(id).replaceAll("$1 $2")).replaceAll("$1 $2");
  }

  /** The word a sensor's reading type gives its metric: a rotational sensor is a fan's speed. */
  private static String kind(ChassisSensor s) {
    if (!s.readingType().equals("Rotational")) {
      return s.readingType();
    }
    return s.physicalContext().equals("Fan") ? "Speed" : "FanSpeed";
  }

  private static MetricSpec counter(
      ChassisState state, String id, String name, String pointer, String units) {
    return ports(
        state,
        id,
        name,
        "Counter",
        "Integer",
        Optional.of(units),
        List.of(),
        (sw, port) -> Uris.portMetrics(sw, port) + "#" + pointer);
  }

  private static MetricSpec ports(
      ChassisState state,
      String id,
      String name,
      String type,
      String dataType,
      Optional<String> units,
      List<String> discreteValues,
      BiFunction<String, Integer, String> property) {
    List<String> properties = new ArrayList<>();
    for (SwitchChip chip : state.switches()) {
      for (WiredPort p : WiredPort.of(state, chip.id())) {
        properties.add(property.apply(chip.id(), p.port()));
      }
    }
    return new MetricSpec(
        id,
        name,
        type,
        dataType,
        units,
        type.equals("Counter") ? "DigitalMeter" : "PhysicalSensor",
        Optional.empty(),
        discreteValues,
        properties);
  }
}

package io.gpuchassis.agent.console.view;

import io.gpuchassis.agent.chassis.ChassisIdentity;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.ServiceIdentity;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.chassis.SwitchChip;
import io.gpuchassis.agent.chassis.SwitchObservation;
import io.gpuchassis.agent.health.ChassisSensor;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.sensor.chassis.SensorIds;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code show chassis}: who the chassis is, how it is, and a line each for its temperatures, fans
 * and supplies.
 */
public final class ChassisView {

  private final ConsoleHealth health;

  public ChassisView(ConsoleHealth health) {
    this.health = health;
  }

  public List<String> render(ChassisState state) {
    ChassisIdentity id = state.identity();
    Status status = health.chassisStatus(state);
    long occupied = state.slots().stream().filter(Slot::occupied).count();
    long bound =
        state.slots().stream()
            .filter(s -> state.binding(s.number()).state() == SlotBinding.State.BOUND)
            .count();
    return new Fields()
        .add("Chassis", id.id())
        .add("Manufacturer", id.manufacturer())
        .add("Model", id.model())
        .add("SKU", id.sku())
        .add("Serial number", id.serialNumber())
        .add("Part number", id.partNumber())
        .add("Asset tag", id.assetTag().isEmpty() ? "-" : Ascii.clean(id.assetTag()))
        .add(
            "Identify LED",
            health.monitor().identifyLed().lit().map(lit -> lit ? "on" : "off").orElse("none"))
        .add("Agent version", ServiceIdentity.agentVersion())
        .add("Switch firmware", switchFirmware(state))
        // The agent does not switch the chassis's power: it runs on it, so the chassis is on (as
        // Redfish says).
        .add("Power state", "On")
        .add("Health", Cells.health(status.getHealth()))
        .add("Health rollup", Cells.health(status.getHealthRollup()))
        .add("Slots", state.slots().size() + " (" + occupied + " occupied, " + bound + " bound)")
        .add("Switches / hosts", state.switches().size() + " / " + state.hosts().size())
        .add("Temperatures", temperatures())
        .add(
            "Fans",
            state.fans().size()
                + " fans, health "
                + Cells.health(health.fans(state))
                + ", "
                + fanSpeeds(state))
        .add(
            "Power supplies",
            state.powerSupplies().size()
                + " supplies, redundancy "
                + Cells.health(health.supplyRedundancy(state))
                + ", output "
                + Cells.number(health.suppliesOutputWatts(state), 0)
                + " W")
        .lines();
  }

  /** Each chip's running firmware as it last reported it. */
  private static String switchFirmware(ChassisState state) {
    List<String> parts = new ArrayList<>();
    for (SwitchChip chip : state.switches()) {
      String version =
          state
              .switchObservation(chip.id())
              .flatMap(SwitchObservation::firmwareVersion)
              .orElse("?");
      parts.add(chip.id() + " " + version);
    }
    return parts.isEmpty() ? "-" : String.join(", ", parts);
  }

  /** The chassis's own air and board temperatures (the GPUs have their own view). */
  private String temperatures() {
    List<String> parts = new ArrayList<>();
    for (ChassisSensor s : health.catalog().all()) {
      if (s.readingType().equals("Temperature")
          && !s.physicalContext().equals("GPU")
          && !s.physicalContext().equals("PowerSupply")) {
        parts.add(s.device() + " " + Cells.number(health.value(s.sensorId()), 0) + " C");
      }
    }
    return parts.isEmpty() ? "-" : String.join(", ", parts);
  }

  private String fanSpeeds(ChassisState state) {
    double min = Double.MAX_VALUE;
    double max = 0;
    int read = 0;
    for (var fan : state.fans()) {
      Double rpm = health.value(SensorIds.fanRpm(fan.id()));
      if (rpm != null) {
        min = Math.min(min, rpm);
        max = Math.max(max, rpm);
        read++;
      }
    }
    return read == 0
        ? "speeds unknown"
        : Cells.number(min, 0) + "-" + Cells.number(max, 0) + " RPM";
  }
}

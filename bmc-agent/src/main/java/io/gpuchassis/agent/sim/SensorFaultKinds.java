package io.gpuchassis.agent.sim;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.fault.FaultException;
import io.gpuchassis.agent.fault.FaultInjector;
import io.gpuchassis.agent.fault.FaultKind;
import io.gpuchassis.agent.health.SensorCatalog;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.sensor.sim.FaultHandle;
import io.gpuchassis.sensor.sim.SimulatedSensorBoard;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The health faults of the simulated chassis, addressed by Redfish URI, each acting on the
 * simulated sensor board's registers and physics: a GPU by its PCIe device ({@code
 * /redfish/v1/Chassis/{id}/PCIeDevices/Slot3}), a fan, a power supply, or a sensor ({@code
 * .../Sensors/InletTemp}: the device answering for it).
 */
public final class SensorFaultKinds {

  private final SimulatedSensorBoard board;
  private final ChassisState wiring;
  private final SensorCatalog catalog;
  private final String chassis;

  public SensorFaultKinds(SimulatedSensorBoard board, ChassisState wiring, SensorCatalog catalog) {
    this.board = board;
    this.wiring = wiring;
    this.catalog = catalog;
    this.chassis = Uris.chassis(wiring.identity().id());
  }

  public void registerWith(FaultInjector injector) {
    Pattern gpu = Pattern.compile(Pattern.quote(chassis) + "/PCIeDevices/Slot(\\d{1,3})/?");
    Pattern fan = Pattern.compile(Pattern.quote(chassis) + "/ThermalSubsystem/Fans/([^/]+)/?");
    Pattern psu =
        Pattern.compile(Pattern.quote(chassis) + "/PowerSubsystem/PowerSupplies/([^/]+)/?");
    Pattern sensor = Pattern.compile(Pattern.quote(chassis) + "/Sensors/([^/]+)/?");
    String gpuExample = chassis + "/PCIeDevices/Slot1";
    injector.register(
        kind(
            "gpu-overtemp",
            "The GPU overheats to 97 °C (a blocked heatsink) until cleared.",
            gpu,
            gpuExample,
            m -> board.gpuOverTemp(gpuSlot(m))));
    injector.register(
        kind(
            "gpu-fell-off-bus",
            "The GPU's SMBus sideband stops answering; the card stays powered.",
            gpu,
            gpuExample,
            m -> board.gpuFellOffBus(gpuSlot(m))));
    injector.register(
        kind(
            "fan-fail",
            "The fan stops: its tach reads zero and airflow drops.",
            fan,
            chassis + "/ThermalSubsystem/Fans/Fan1",
            m ->
                board.fanFail(
                    known(wiring.fans().stream().anyMatch(f -> f.id().equals(m.group(1))), m))));
    injector.register(
        kind(
            "psu-fail",
            "The supply's output fails (STATUS_WORD VOUT, POWER_GOOD#); the others carry "
                + "the load.",
            psu,
            chassis + "/PowerSubsystem/PowerSupplies/PSU1",
            m ->
                board.psuFail(
                    known(
                        wiring.powerSupplies().stream().anyMatch(p -> p.id().equals(m.group(1))),
                        m))));
    injector.register(
        kind(
            "sensor-stuck",
            "The device behind the sensor keeps reporting its present values, "
                + "bit for bit (no more noise).",
            sensor,
            chassis + "/Sensors/" + catalog.all().get(0).redfishId(),
            m -> board.sensorStuck(device(m))));
    injector.register(
        kind(
            "sensor-i2c-nak",
            "The device behind the sensor stops acknowledging on its I2C bus.",
            sensor,
            chassis + "/Sensors/" + catalog.all().get(0).redfishId(),
            m -> board.sensorI2cNak(device(m))));
  }

  private int gpuSlot(Matcher m) {
    int slot = Integer.parseInt(m.group(1));
    if (wiring.slot(slot).map(s -> s.occupied()).orElse(false)) {
      return slot;
    }
    throw new FaultException(FaultException.Reason.BAD_TARGET, "slot " + slot + " holds no GPU");
  }

  private String device(Matcher m) {
    return catalog
        .byRedfishId(m.group(1))
        .orElseThrow(
            () ->
                new FaultException(
                    FaultException.Reason.BAD_TARGET, "there is no sensor " + m.group(1)))
        .device();
  }

  private static String known(boolean exists, Matcher m) {
    if (!exists) {
      throw new FaultException(
          FaultException.Reason.BAD_TARGET, "there is no " + m.group(1) + " in this chassis");
    }
    return m.group(1);
  }

  private static FaultKind kind(
      String name,
      String description,
      Pattern target,
      String example,
      Function<Matcher, FaultHandle> start) {
    return new FaultKind() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public String description() {
        return description;
      }

      @Override
      public ActiveEffect inject(String uri) {
        Matcher m = target.matcher(uri);
        if (!m.matches()) {
          throw new FaultException(
              FaultException.Reason.BAD_TARGET,
              name + " cannot affect '" + uri + "': the target must be like " + example);
        }
        FaultHandle handle = start.apply(m);
        return handle::clear;
      }
    };
  }
}

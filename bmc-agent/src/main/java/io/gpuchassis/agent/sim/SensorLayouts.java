package io.gpuchassis.agent.sim;

import io.gpuchassis.agent.sim.topology.ChassisTopology;
import io.gpuchassis.agent.sim.topology.PhysicalContext;
import io.gpuchassis.agent.sim.topology.SwitchChip;
import io.gpuchassis.sensor.gpio.SlotPins;
import io.gpuchassis.sensor.layout.FanControllerSpec;
import io.gpuchassis.sensor.layout.FanSpec;
import io.gpuchassis.sensor.layout.I2cLocation;
import io.gpuchassis.sensor.layout.MuxChannel;
import io.gpuchassis.sensor.layout.Placement;
import io.gpuchassis.sensor.layout.PowerMonitorSpec;
import io.gpuchassis.sensor.layout.PsuSpec;
import io.gpuchassis.sensor.layout.SensorLayout;
import io.gpuchassis.sensor.layout.SlotSpec;
import io.gpuchassis.sensor.layout.TemperatureSensorSpec;
import io.gpuchassis.sensor.sim.SimulatedGpu;
import io.gpuchassis.sensor.sim.SimulatedSensorBoardConfig;
import io.gpuchassis.sensor.sim.ThermalParameters;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The chassis's sensor devices, from its topology file: the temperature sensors and power supplies where the file
 * places them, and the devices the file does not describe at their conventional places (docs/TOPOLOGY.md, "Sensor
 * devices"): the fan controller and one 12 V rail monitor per switch chip on bus 8, the slot signal expanders on bus 9,
 * the GPUs' sideband behind muxes on bus 10.
 */
public final class SensorLayouts {

  static final int CONTROL_BUS = 8;
  static final int SLOT_SIGNAL_BUS = 9;
  static final int GPU_BUS = 10;
  /** The MAX31790 drives six fans. */
  static final int FAN_CHANNELS = 6;

  private SensorLayouts() {}

  public static SensorLayout fromTopology(ChassisTopology topology) {
    List<TemperatureSensorSpec> temperatures = new ArrayList<>();
    for (var t : topology.temperatureSensors()) {
      t.i2c().ifPresent(at -> temperatures.add(
          new TemperatureSensorSpec(t.id(), location(at), placement(t.physicalContext()), 12)));
    }
    List<PsuSpec> psus = new ArrayList<>();
    for (var p : topology.powerSupplies()) {
      p.i2c().ifPresent(at -> psus.add(new PsuSpec(p.id(), location(at), p.ratedWatts())));
    }
    if (topology.fans().size() > FAN_CHANNELS) {
      throw new IllegalArgumentException("the fan controller drives at most " + FAN_CHANNELS + " fans, the topology "
          + "lists " + topology.fans().size());
    }
    List<FanSpec> fans = new ArrayList<>();
    for (int i = 0; i < topology.fans().size(); i++) {
      fans.add(new FanSpec(topology.fans().get(i).id(), i, topology.fans().get(i).maxRpm()));
    }
    List<PowerMonitorSpec> rails = new ArrayList<>();
    List<SwitchChip> chips = topology.switches();
    for (int i = 0; i < chips.size(); i++) {
      List<Integer> fed = topology.slotsOnSwitch(chips.get(i).id()).stream().map(s -> s.id()).toList();
      if (!fed.isEmpty()) {
        rails.add(new PowerMonitorSpec("Rail" + chips.get(i).id(), new I2cLocation(CONTROL_BUS, 0x40 + i), 0.0005,
            160.0, fed));
      }
    }
    List<SlotSpec> slots = new ArrayList<>();
    for (int index = 0; index < topology.slots().size(); index++) {
      int slot = topology.slots().get(index).id();
      slots.add(new SlotSpec(
          slot,
          new I2cLocation(GPU_BUS, 0x4F),
          Optional.of(new MuxChannel(new I2cLocation(GPU_BUS, 0x70 + index / 8), index % 8)),
          new I2cLocation(SLOT_SIGNAL_BUS, 0x20 + index / 4),
          new SlotPins(SlotPins.PINS_PER_SLOT * (index % 4))));
    }
    FanControllerSpec fanController = new FanControllerSpec(new I2cLocation(CONTROL_BUS, 0x20), 2, fans);
    return new SensorLayout(temperatures, rails, psus, fanController, slots);
  }

  /** What the simulation puts on the sensor buses: the topology's GPUs at their power, 25 °C air, 60 % load. */
  public static SimulatedSensorBoardConfig simulation(ChassisTopology topology) {
    List<SimulatedGpu> gpus = topology.populatedSlots().stream()
        .map(s -> new SimulatedGpu(s.id(), s.gpu().orElseThrow().tdpWatts()))
        .toList();
    return new SimulatedSensorBoardConfig(fromTopology(topology), gpus, 25.0, 0.6, true, ThermalParameters.defaults());
  }

  private static I2cLocation location(io.gpuchassis.agent.sim.topology.I2cLocation at) {
    return new I2cLocation(at.bus(), at.address());
  }

  private static Placement placement(PhysicalContext context) {
    return switch (context) {
      case Intake -> Placement.INLET;
      case Exhaust -> Placement.EXHAUST;
      default -> Placement.BOARD;
    };
  }
}

package io.gpuchassis.agent.platform;

import io.gpuchassis.agent.board.BoardDescription;
import io.gpuchassis.agent.board.ExpanderPinRef;
import io.gpuchassis.agent.board.FanControllerDevice;
import io.gpuchassis.agent.board.GpioLineRef;
import io.gpuchassis.agent.board.I2cDevice;
import io.gpuchassis.agent.board.I2cPath;
import io.gpuchassis.agent.board.LineRef;
import io.gpuchassis.agent.board.PowerSupplyDevice;
import io.gpuchassis.agent.board.RailMonitorDevice;
import io.gpuchassis.agent.board.SlotAccess;
import io.gpuchassis.agent.board.SwitchGpioRef;
import io.gpuchassis.agent.board.TemperatureSensorDevice;
import io.gpuchassis.sensor.gpio.SlotSignal;
import io.gpuchassis.sensor.layout.FanControllerSpec;
import io.gpuchassis.sensor.layout.FanSpec;
import io.gpuchassis.sensor.layout.GpuSidebandSpec;
import io.gpuchassis.sensor.layout.I2cLocation;
import io.gpuchassis.sensor.layout.MuxChannel;
import io.gpuchassis.sensor.layout.Placement;
import io.gpuchassis.sensor.layout.PowerMonitorSpec;
import io.gpuchassis.sensor.layout.PsuSpec;
import io.gpuchassis.sensor.layout.SensorLayout;
import io.gpuchassis.sensor.layout.SlotLine;
import io.gpuchassis.sensor.layout.SlotLines;
import io.gpuchassis.sensor.layout.SlotSpec;
import io.gpuchassis.sensor.layout.TemperatureSensorSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The sensor module's view of a board: where every sensor, rail monitor, supply, fan controller,
 * slot line and GPU sideband sits. Slot lines that are not on an expander (a processor GPIO line, a
 * switch-owned connector GPIO) become external lines, named so that {@link ExternalLines} can find
 * the board's reference again.
 */
public final class BoardSensorLayout {

  private BoardSensorLayout() {}

  public static SensorLayout of(BoardDescription board) {
    List<TemperatureSensorSpec> temperatures = new ArrayList<>();
    List<PowerMonitorSpec> rails = new ArrayList<>();
    List<PsuSpec> psus = new ArrayList<>();
    Optional<FanControllerSpec> fanController = Optional.empty();
    for (I2cDevice device : board.devices()) {
      if (device instanceof TemperatureSensorDevice t) {
        temperatures.add(
            new TemperatureSensorSpec(
                t.id(), direct(t), placement(t.sensor().physicalContext()), t.resolutionBits()));
      } else if (device instanceof RailMonitorDevice r) {
        rails.add(new PowerMonitorSpec(r.id(), direct(r), r.shuntOhms(), r.maxAmps(), r.feeds()));
      } else if (device instanceof PowerSupplyDevice p) {
        psus.add(new PsuSpec(p.id(), direct(p), p.supply().ratedWatts()));
      } else if (device instanceof FanControllerDevice f) {
        fanController =
            Optional.of(
                new FanControllerSpec(
                    direct(f),
                    f.pulsesPerRevolution(),
                    f.fans().stream()
                        .map(c -> new FanSpec(c.fan().id(), c.channel(), c.fan().maxRpm()))
                        .toList()));
      }
    }
    List<SlotSpec> slots = new ArrayList<>();
    for (SlotAccess access : board.slotAccess()) {
      slots.add(
          new SlotSpec(
              access.slot(),
              lines(board, access),
              access.sideband().map(BoardSensorLayout::sideband)));
    }
    SensorLayout layout = new SensorLayout(temperatures, rails, psus, fanController, slots);
    // the identify LED is wired and driven as an attention LED is: an output, high = lit
    return board
        .identifyLed()
        .map(ref -> layout.withIdentifyLed(line(board, ref, SlotSignal.ATTENTION_LED)))
        .orElse(layout);
  }

  private static SlotLines lines(BoardDescription board, SlotAccess access) {
    SlotLines lines = SlotLines.none();
    for (Map.Entry<SlotSignal, Optional<LineRef>> e :
        Map.of(
                SlotSignal.PRESENT_N, access.lines().presence(),
                SlotSignal.POWER_ENABLE, access.lines().powerEnable(),
                SlotSignal.PERST_N, access.lines().perst(),
                SlotSignal.ATTENTION_LED, access.lines().attentionLed())
            .entrySet()) {
      if (e.getValue().isPresent()) {
        lines = lines.with(e.getKey(), line(board, e.getValue().get(), e.getKey()));
      }
    }
    return lines;
  }

  private static SlotLine line(BoardDescription board, LineRef ref, SlotSignal signal) {
    if (ref instanceof ExpanderPinRef pin) {
      I2cDevice expander = board.device(pin.expanderId()).orElseThrow();
      return SlotLine.expanderPin(direct(expander), pin.pin());
    }
    return SlotLine.external(ExternalLines.name(ref, signal));
  }

  private static GpuSidebandSpec sideband(I2cPath path) {
    return path.mux()
        .map(
            hop ->
                GpuSidebandSpec.behind(
                    new MuxChannel(new I2cLocation(hop.muxBus(), hop.muxAddress()), hop.channel()),
                    path.address()))
        .orElseGet(() -> GpuSidebandSpec.direct(new I2cLocation(path.bus(), path.address())));
  }

  /**
   * Where a device answers. Only GPU sidebands may sit behind a mux the agent switches (the board's
   * validator holds that), so every other device is on a bus of its own, a kernel mux's channel bus
   * included.
   */
  private static I2cLocation direct(I2cDevice device) {
    return new I2cLocation(device.path().bus(), device.path().address());
  }

  private static Placement placement(String physicalContext) {
    return switch (physicalContext) {
      case "Intake" -> Placement.INLET;
      case "Exhaust" -> Placement.EXHAUST;
      default -> Placement.BOARD;
    };
  }

  /**
   * Names of external slot lines: {@code gpio:<chip>:<line>:<signal>} and {@code
   * switch:<id>:<pin>:<signal>}, so that whoever opens the line knows which board line it is and
   * what it carries (an input, or an output and the level a running slot holds it at).
   */
  public static final class ExternalLines {

    private ExternalLines() {}

    public static String name(LineRef ref, SlotSignal signal) {
      if (ref instanceof GpioLineRef g) {
        return "gpio:" + g.chip() + ":" + g.line() + ":" + signal.name();
      }
      if (ref instanceof SwitchGpioRef s) {
        return "switch:" + s.switchId() + ":" + s.pin() + ":" + signal.name();
      }
      throw new IllegalArgumentException("not an external line: " + ref.describe());
    }

    /** The board reference an external line's name stands for. */
    public static LineRef ref(String name) {
      String[] parts = parts(name);
      return parts[0].equals("gpio")
          ? new GpioLineRef(parts[1], Integer.parseInt(parts[2]))
          : new SwitchGpioRef(parts[1], Integer.parseInt(parts[2]));
    }

    /** The slot signal an external line carries. */
    public static SlotSignal signal(String name) {
      return SlotSignal.valueOf(parts(name)[3]);
    }

    private static String[] parts(String name) {
      String[] parts = name.split(":", 4);
      if (parts.length != 4 || !(parts[0].equals("gpio") || parts[0].equals("switch"))) {
        throw new IllegalArgumentException("not an external line name: " + name);
      }
      return parts;
    }
  }
}

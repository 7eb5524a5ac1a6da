package io.gpuchassis.agent.platform;

import io.gpuchassis.agent.board.BoardDescription;
import io.gpuchassis.agent.board.BoardSwitch;
import io.gpuchassis.agent.board.FruEepromDevice;
import io.gpuchassis.agent.board.GpioLineRef;
import io.gpuchassis.agent.board.LineRef;
import io.gpuchassis.agent.board.SwitchGpioRef;
import io.gpuchassis.sensor.chassis.ChassisSensors;
import io.gpuchassis.sensor.chassis.DeviceStatus;
import io.gpuchassis.sensor.device.fru.Eeprom24c02;
import io.gpuchassis.sensor.device.fru.FruInfo;
import io.gpuchassis.sensor.device.fru.FruParser;
import io.gpuchassis.sensor.device.gpu.GpuIdentity;
import io.gpuchassis.sensor.device.gpu.PostBoxTiming;
import io.gpuchassis.sensor.gpio.GpioLine;
import io.gpuchassis.sensor.i2c.DeviceException;
import io.gpuchassis.sensor.i2c.DeviceIoException;
import io.gpuchassis.sensor.i2c.I2cDevices;
import io.gpuchassis.switchdrv.DriverOptions;
import io.gpuchassis.switchdrv.SwitchDriver;
import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.SwitchIdentity;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Walks a board description on the machine it runs on and says, per part the file names, whether it
 * answers and what it reports: like {@code i2cdetect}, but per board part and through the agent's
 * own drivers. For bringing a board up.
 */
public final class BoardProbe {

  private final ChassisPlatform platform;
  private final PrintWriter out;
  private final DeviceReport names;
  private final Duration timeout;
  private int silent;

  public BoardProbe(ChassisPlatform platform, PrintWriter out, Duration timeout) {
    this.platform = platform;
    this.out = out;
    this.names = new DeviceReport(platform.board());
    this.timeout = timeout;
  }

  /** Probes everything; returns how many parts did not answer (0 when the whole board answers). */
  public int run() {
    BoardDescription board = platform.board();
    out.println(
        "Board "
            + board.identity().model()
            + " "
            + board.identity().id()
            + " ("
            + board.source()
            + ")");
    Map<String, SwitchDriver> switches = new LinkedHashMap<>();
    out.println("Switch chips:");
    for (BoardSwitch chip : board.switches()) {
      SwitchDriver driver =
          platform.openSwitch(chip.id(), DriverOptions.defaults().withCommandTimeout(timeout));
      switches.put(chip.id(), driver);
      probeSwitch(chip, driver);
    }
    ChassisSensors sensors =
        new ChassisSensors(
            platform.sensorContext(),
            BoardSensorLayout.of(board),
            PostBoxTiming.production(),
            name -> line(name, switches));
    sensors.initialize();
    out.println("I2C devices and slot lines:");
    for (DeviceStatus status : sensors.devices()) {
      probeDevice(sensors, status);
    }
    board.chassisFru().ifPresent(this::probeFru);
    board
        .devicesOfType(io.gpuchassis.agent.board.ProgrammablePartDevice.class)
        .forEach(this::probePart);
    switches.values().forEach(SwitchDriver::close);
    out.println(silent == 0 ? "Every part answers." : silent + " part(s) did not answer.");
    out.flush();
    return silent;
  }

  private void probeSwitch(BoardSwitch chip, SwitchDriver driver) {
    String name = "  " + chip.id() + " (" + chip.access().describe() + ")";
    try {
      SwitchIdentity id = driver.identity();
      boolean expected =
          id.vendorId() == chip.chip().vendorId() && id.deviceId() == chip.chip().deviceId();
      answers(
          name,
          String.format(
              "%s %s %d lanes (0x%04x:0x%04x), serial 0x%08x, firmware %s%s",
              id.variant(),
              id.generation(),
              id.lanes(),
              id.vendorId(),
              id.deviceId(),
              id.serialNumber(),
              id.firmwareVersion(),
              expected
                  ? ""
                  : String.format(
                      " - NOT the part the board names (0x%04x:0x%04x)",
                      chip.chip().vendorId(), chip.chip().deviceId())),
          expected);
    } catch (SwitchException e) {
      answers(name, e.getMessage(), false);
    }
  }

  private void probeDevice(ChassisSensors sensors, DeviceStatus status) {
    String name = "  " + names.name(status.device());
    if (!status.initialized()) {
      answers(name, status.problem().orElse(status.stage().name()), false);
      return;
    }
    try {
      answers(name, reading(sensors, status), true);
    } catch (DeviceException | RuntimeException e) {
      answers(name, e.getMessage(), false);
    }
  }

  /** What a device that answered reports, in a few words. */
  private static String reading(ChassisSensors sensors, DeviceStatus status)
      throws DeviceException {
    var device = status.device();
    return switch (device.kind()) {
      case TEMPERATURE_SENSOR ->
          String.format(
              Locale.ROOT,
              "%.2f °C",
              sensors.temperatureSensor(device.id().orElseThrow()).readCelsius());
      case POWER_MONITOR -> {
        var r = sensors.powerMonitor(device.id().orElseThrow()).read();
        yield String.format(Locale.ROOT, "%.2f V, %.2f A", r.busVolts(), r.amps());
      }
      case POWER_SUPPLY -> {
        var r = sensors.psu(device.id().orElseThrow()).read();
        yield String.format(
            Locale.ROOT,
            "output %.2f V, %.0f W, status 0x%04x",
            r.outputVolts(),
            r.outputWatts(),
            r.status().raw());
      }
      case FAN_CONTROLLER -> {
        StringBuilder b = new StringBuilder();
        for (var fan : sensors.layout().fanController().orElseThrow().fans()) {
          b.append(b.length() == 0 ? "" : ", ")
              .append(fan.id())
              .append(' ')
              .append(Math.round(sensors.fanController().orElseThrow().readRpm(fan.channel())))
              .append(" rpm");
        }
        yield b.toString();
      }
      case EXPANDER ->
          String.format(
              "pins 0x%04x", sensors.expander(device.location().orElseThrow()).readPins());
      case MUX -> "selects its channels";
      case GPU_SIDEBAND -> {
        GpuIdentity id = sensors.gpu(device.slot().orElseThrow()).readIdentity();
        yield id.model()
            + ", serial "
            + id.serialNumber()
            + id.firmwareVersion().map(v -> ", VBIOS " + v).orElse("");
      }
      case EXTERNAL_LINE ->
          (sensors.externalLine(device.id().orElseThrow()).isHigh() ? "high" : "low");
    };
  }

  private void probePart(io.gpuchassis.agent.board.ProgrammablePartDevice part) {
    String name = "  " + part.id() + " (version-registers, " + part.path().describe() + ")";
    try {
      answers(
          name,
          part.kind() + " firmware " + VersionRegisters.read(platform.sensorContext(), part),
          true);
    } catch (DeviceException e) {
      answers(name, e.getMessage(), false);
    }
  }

  private void probeFru(FruEepromDevice fru) {
    String name = "  " + fru.id() + " (fru-eeprom, " + fru.path().describe() + ")";
    try {
      FruInfo info =
          FruParser.parse(
              new Eeprom24c02(
                      new I2cDevices(platform.sensorContext())
                          .open(fru.path().bus(), fru.path().address()))
                  .readAll());
      answers(
          name,
          "chassis serial "
              + info.product()
                  .flatMap(p -> p.serialNumber())
                  .or(() -> info.board().flatMap(b -> b.serialNumber()))
                  .orElse("(none)"),
          true);
    } catch (DeviceException e) {
      answers(name, e.getMessage(), false);
    }
  }

  private void answers(String name, String what, boolean ok) {
    if (!ok) {
      silent++;
    }
    out.println(name + (ok ? ": answers: " : ": DOES NOT ANSWER: ") + what);
  }

  /**
   * A slot line off the I2C expanders: through the switch driver directly (the probe is
   * single-threaded).
   */
  private GpioLine line(String name, Map<String, SwitchDriver> switches) throws DeviceException {
    LineRef ref = BoardSensorLayout.ExternalLines.ref(name);
    if (ref instanceof SwitchGpioRef pin) {
      SwitchDriver driver = switches.get(pin.switchId());
      return new GpioLine() {
        @Override
        public boolean isHigh() throws DeviceException {
          try {
            return driver.readGpio(pin.pin());
          } catch (SwitchException e) {
            throw new DeviceIoException(pin.describe() + ": " + e.getMessage(), e);
          }
        }

        @Override
        public void setHigh(boolean high) {
          throw new IllegalStateException("the probe only reads");
        }
      };
    }
    return platform.gpioLine((GpioLineRef) ref, BoardSensorLayout.ExternalLines.signal(name));
  }
}

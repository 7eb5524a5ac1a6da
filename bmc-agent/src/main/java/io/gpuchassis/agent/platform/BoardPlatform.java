package io.gpuchassis.agent.platform;

import com.pi4j.context.Context;
import com.pi4j.io.i2c.I2C;
import io.gpuchassis.agent.board.BoardDescription;
import io.gpuchassis.agent.board.BoardSwitch;
import io.gpuchassis.agent.board.GpioLineRef;
import io.gpuchassis.agent.board.I2cAccess;
import io.gpuchassis.agent.board.InbandAccess;
import io.gpuchassis.agent.board.TcpAccess;
import io.gpuchassis.agent.board.UartAccess;
import io.gpuchassis.agent.fault.FaultInjector;
import io.gpuchassis.sensor.gpio.GpioLine;
import io.gpuchassis.sensor.gpio.SlotSignal;
import io.gpuchassis.sensor.i2c.DeviceException;
import io.gpuchassis.sensor.i2c.Pi4jContexts;
import io.gpuchassis.switchdrv.DriverOptions;
import io.gpuchassis.switchdrv.SwitchDriver;
import io.gpuchassis.switchdrv.SwitchtecDriver;
import io.gpuchassis.switchdrv.transport.SwitchTransport;
import io.gpuchassis.switchdrv.transport.i2c.I2cSwitchTransport;
import io.gpuchassis.switchdrv.transport.inband.InbandSwitchTransport;
import io.gpuchassis.switchdrv.transport.moe.MoeSwitchTransport;
import io.gpuchassis.switchdrv.transport.uart.UartSwitchTransport;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The real chassis a board description describes: switch chips over their UART (jSerialComm), their
 * TWI slave (Pi4J linuxfs on {@code /dev/i2c-N}), TCP or the kernel switchtec driver's {@code
 * /dev/switchtecN}; sensors, slot lines and GPU sidebands on the board's I2C buses (Pi4J linuxfs);
 * processor GPIO lines through Pi4J's gpiod provider. Nothing is opened until it is used, so a
 * device that is missing is reported by whoever uses it, with its board name and path, and the rest
 * of the chassis still works.
 */
public final class BoardPlatform implements ChassisPlatform {

  private final BoardDescription board;
  private final Context i2c;
  private Pi4jGpioLines gpio;

  public BoardPlatform(BoardDescription board) {
    this.board = board;
    this.i2c = Pi4jContexts.linuxFs();
  }

  @Override
  public String description() {
    return "the board "
        + board.identity().model()
        + " "
        + board.identity().id()
        + " described by "
        + board.source();
  }

  /**
   * The board's manager, with the password its file holds (read now: a missing file stops the
   * start).
   */
  @Override
  public Optional<io.gpuchassis.switchdrv.expether.EemClient> expEtherManager() {
    return board
        .expether()
        .map(
            m ->
                io.gpuchassis.switchdrv.expether.EemClient.connect(
                    m.url(),
                    m.user(),
                    ManagerPassword.read(m.passwordFile()),
                    new io.gpuchassis.switchdrv.expether.EemOptions(
                        m.connectTimeout(), m.requestTimeout(), null)));
  }

  @Override
  public boolean simulated() {
    return false;
  }

  @Override
  public BoardDescription board() {
    return board;
  }

  @Override
  public SwitchDriver openSwitch(String switchId, DriverOptions options) {
    BoardSwitch chip =
        board
            .switchChip(switchId)
            .orElseThrow(() -> new IllegalArgumentException("the board has no switch " + switchId));
    String where = "switch " + switchId + " (" + chip.access().describe() + ")";
    SwitchTransport transport;
    if (chip.access() instanceof UartAccess uart) {
      transport =
          UartSwitchTransport.open(
              uart.device(), uart.baud(), UartSwitchTransport.Options.defaults());
    } else if (chip.access() instanceof TcpAccess tcp) {
      transport =
          new MoeSwitchTransport(
              new InetSocketAddress(tcp.host(), tcp.port()),
              tcp.instance(),
              options.commandTimeout());
    } else if (chip.access() instanceof InbandAccess inband) {
      // opens the node on first use, like the MoE transport connects
      transport = new InbandSwitchTransport(Path.of(inband.device()), options.commandTimeout());
    } else {
      I2cAccess at = (I2cAccess) chip.access();
      transport =
          new DeferredTransport(
              where,
              () ->
                  new I2cSwitchTransport(
                      i2c.create(
                          I2C.newConfigBuilder(i2c)
                              .id("switch-" + switchId)
                              .bus(at.path().bus())
                              .device(at.path().address()))));
    }
    return SwitchtecDriver.open(transport, options);
  }

  @Override
  public Context sensorContext() {
    return i2c;
  }

  @Override
  public synchronized GpioLine gpioLine(GpioLineRef line, SlotSignal signal)
      throws DeviceException {
    if (gpio == null) {
      try {
        gpio = new Pi4jGpioLines();
      } catch (RuntimeException | LinkageError e) {
        throw new DeviceException(
            line.describe() + ": the GPIO provider cannot start: " + e.getMessage());
      }
    }
    return gpio.open(line, signal);
  }

  @Override
  public Optional<FaultInjector> faults() {
    return Optional.empty();
  }

  @Override
  public synchronized void close() {
    if (gpio != null) {
      gpio.close();
    }
    i2c.shutdown();
  }
}

package io.gpuchassis.switchdrv;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import com.pi4j.io.i2c.I2C;
import io.gpuchassis.switchdrv.sim.DeviceNodeServer;
import io.gpuchassis.switchdrv.sim.MoeServer;
import io.gpuchassis.switchdrv.sim.PtyConsole;
import io.gpuchassis.switchdrv.sim.SimulatedI2cProvider;
import io.gpuchassis.switchdrv.sim.SimulatedSwitch;
import io.gpuchassis.switchdrv.sim.SimulatedSwitchConfig;
import io.gpuchassis.switchdrv.transport.GasOnlyTransport;
import io.gpuchassis.switchdrv.transport.InMemorySwitchTransport;
import io.gpuchassis.switchdrv.transport.SwitchTransport;
import io.gpuchassis.switchdrv.transport.i2c.I2cSwitchTransport;
import io.gpuchassis.switchdrv.transport.inband.InbandSwitchTransport;
import io.gpuchassis.switchdrv.transport.moe.MoeSwitchTransport;
import io.gpuchassis.switchdrv.transport.uart.JSerialCommLink;
import io.gpuchassis.switchdrv.transport.uart.UartSwitchTransport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A simulated chip served over one transport, with a real driver connected to it. Closes everything
 * it started (servers, pty console, Pi4J context) in reverse order.
 */
public final class SimRig implements AutoCloseable {

  /** Short timings so that fault tests finish quickly. */
  public static final DriverOptions FAST =
      new DriverOptions(
          Duration.ofMillis(1500),
          Duration.ofSeconds(2),
          Duration.ofSeconds(2),
          Duration.ofSeconds(3),
          Duration.ofMillis(1),
          Duration.ofMillis(1),
          Duration.ofMillis(20));

  /**
   * How long a transport waits for one answer: generous, so that a machine too busy to answer
   * within half a second (a loaded CI machine) fails no test whose point is not a deadline.
   */
  public static final Duration IO = Duration.ofSeconds(2);

  public final SimulatedSwitch sim;
  public final SwitchtecDriver driver;
  public final TransportKind kind;
  private final List<AutoCloseable> resources = new ArrayList<>();

  private SimRig(TransportKind kind, SimulatedSwitch sim, DriverOptions options, Duration io)
      throws Exception {
    this.kind = kind;
    this.sim = sim;
    this.driver = SwitchtecDriver.open(transport(kind, io), options);
    resources.add(driver);
  }

  public static SimRig start(TransportKind kind, SimulatedSwitchConfig config) throws Exception {
    return start(kind, config, FAST);
  }

  public static SimRig start(
      TransportKind kind, SimulatedSwitchConfig config, DriverOptions options) throws Exception {
    return start(kind, config, options, IO);
  }

  /** With the transport's wait for one answer given: short for the tests of deadlines. */
  public static SimRig start(
      TransportKind kind, SimulatedSwitchConfig config, DriverOptions options, Duration io)
      throws Exception {
    return new SimRig(kind, new SimulatedSwitch(config), options, io);
  }

  private SwitchTransport transport(TransportKind kind, Duration io) throws Exception {
    switch (kind) {
      case IN_MEMORY:
        return new InMemorySwitchTransport(sim.gas(), sim.name());
      case MOE:
      case MOE_GAS:
        {
          MoeServer server = MoeServer.start(sim);
          resources.add(server);
          MoeSwitchTransport t = new MoeSwitchTransport(server.address(), 0, io);
          return kind == TransportKind.MOE ? t : new GasOnlyTransport(t);
        }
      case I2C:
        {
          SimulatedI2cProvider provider = new SimulatedI2cProvider();
          provider.attach(2, 0x59, sim);
          Context pi4j = Pi4J.newContextBuilder().noAutoDetect().add(provider).build();
          resources.add(pi4j::shutdown);
          I2C i2c =
              pi4j.create(
                  I2C.newConfigBuilder(pi4j)
                      .id("switch-sw1")
                      .bus(2)
                      .device(0x59)
                      .provider(SimulatedI2cProvider.ID)
                      .build());
          return new I2cSwitchTransport(
              i2c, new I2cSwitchTransport.Options(20, 20, Duration.ofMillis(1)));
        }
      case UART_PTY:
        {
          PtyConsole pty = PtyConsole.open(sim);
          resources.add(pty);
          return new UartSwitchTransport(
              JSerialCommLink.open(pty.slavePath().toString()),
              new UartSwitchTransport.Options(io, 3));
        }
      case INBAND:
        {
          Path dir = Files.createTempDirectory("switchtec-node");
          resources.add(() -> Files.deleteIfExists(dir));
          DeviceNodeServer node = DeviceNodeServer.start(sim, dir.resolve("switchtec0"));
          resources.add(node);
          return new InbandSwitchTransport(node.node(), io);
        }
      default:
        throw new IllegalArgumentException(kind.toString());
    }
  }

  @Override
  public void close() {
    RuntimeException failure = null;
    for (int i = resources.size() - 1; i >= 0; i--) {
      try {
        resources.get(i).close();
      } catch (Exception e) {
        failure =
            failure == null ? new IllegalStateException("closing the rig failed", e) : failure;
      }
    }
    if (failure != null) {
      throw failure;
    }
  }
}

package io.gpuchassis.agent.sim;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import com.pi4j.io.i2c.I2C;
import io.gpuchassis.agent.board.BoardDescription;
import io.gpuchassis.agent.board.BoardSwitch;
import io.gpuchassis.agent.board.I2cAccess;
import io.gpuchassis.agent.board.I2cPath;
import io.gpuchassis.agent.board.LineRef;
import io.gpuchassis.agent.board.SimulatedSwitchIdentity;
import io.gpuchassis.agent.board.SlotAccess;
import io.gpuchassis.agent.board.SwitchGpioRef;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.chassis.InterSwitchLink;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.switchdrv.DriverOptions;
import io.gpuchassis.switchdrv.FirmwareVersion;
import io.gpuchassis.switchdrv.SwitchDriver;
import io.gpuchassis.switchdrv.SwitchtecDriver;
import io.gpuchassis.switchdrv.sim.Attachment;
import io.gpuchassis.switchdrv.sim.ChipIdentity;
import io.gpuchassis.switchdrv.sim.SimTiming;
import io.gpuchassis.switchdrv.sim.SimulatedI2cProvider;
import io.gpuchassis.switchdrv.sim.SimulatedSwitch;
import io.gpuchassis.switchdrv.sim.SimulatedSwitchConfig;
import io.gpuchassis.switchdrv.transport.i2c.I2cSwitchTransport;
import io.gpuchassis.switchdrv.transport.moe.MoeSwitchTransport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The simulated switch chips of a board, reached the way the agent reaches real ones: a chip the
 * board places on an I2C bus sits on a simulated I2C bus behind Pi4J (a provider of our own whose
 * devices are the chips' TWI slaves) and the agent in this process uses that; every chip is also
 * served as a MoE endpoint (Switchtec management over Ethernet) on a loopback address of its own
 * ({@link MoeEndpoints}), for the chips without an I2C location and an agent in another process.
 * Either way the real transport and the real driver run. Each chip is configured from the board:
 * its identity from the board's {@code simulation} section, a slot with a simulated GPU holds an
 * endpoint with the GPU's link capability, a host port an upstream partition, an inter-switch link
 * its peer, a slot line the board puts on the chip a connector GPIO.
 */
public final class SimulatedFabric implements AutoCloseable {

  private final Map<String, SimulatedSwitch> chips;
  private final Map<String, I2cPath> i2c;
  private final List<String> order;
  private final MoeEndpoints server;
  private final Context pi4j;

  private SimulatedFabric(
      Map<String, SimulatedSwitch> chips,
      Map<String, I2cPath> i2c,
      MoeEndpoints server,
      Context pi4j) {
    this.chips = chips;
    this.i2c = i2c;
    this.order = List.copyOf(chips.keySet());
    this.server = server;
    this.pi4j = pi4j;
  }

  public static SimulatedFabric start(BoardDescription board, SimTiming timing) {
    return start(board, timing, 0);
  }

  /**
   * As {@link #start(BoardDescription, SimTiming)}, serving MoE on {@code port} (0 = a free one) of
   * the loopback addresses 127.0.0.(k+1).
   */
  public static SimulatedFabric start(BoardDescription board, SimTiming timing, int port) {
    Map<String, SimulatedSwitch> chips = new LinkedHashMap<>();
    Map<String, I2cPath> i2c = new LinkedHashMap<>();
    Map<Integer, SimulatedSwitch> overMoe = new LinkedHashMap<>();
    SimulatedI2cProvider bus = new SimulatedI2cProvider();
    for (BoardSwitch chip : board.switches()) {
      SimulatedSwitch simulated = new SimulatedSwitch(config(board, chip, timing));
      chips.put(chip.id(), simulated);
      if (chip.access() instanceof I2cAccess at) {
        bus.attach(at.path().bus(), at.path().address(), simulated);
        i2c.put(chip.id(), at.path());
      }
      // Every chip is a MoE endpoint too: an agent in another process reaches them all that way.
      overMoe.put(board.switches().indexOf(chip), simulated);
    }
    // Built explicitly with our provider only: the class path never chooses hardware.
    Context pi4j = Pi4J.newContextBuilder().noAutoDetect().add(bus).build();
    try {
      return new SimulatedFabric(chips, i2c, MoeEndpoints.start(overMoe, port), pi4j);
    } catch (IOException e) {
      pi4j.shutdown();
      throw new UncheckedIOException("cannot serve the simulated switches on loopback", e);
    }
  }

  /**
   * A driver for {@code switchId}: over its I2C bus if the board places it on one, otherwise over
   * MoE.
   */
  public SwitchDriver connect(String switchId, DriverOptions options) {
    int index = order.indexOf(switchId);
    if (index < 0) {
      throw new IllegalArgumentException("no simulated switch " + switchId);
    }
    I2cPath location = i2c.get(switchId);
    if (location != null) {
      I2C device =
          pi4j.create(
              I2C.newConfigBuilder(pi4j)
                  .id("switch-" + switchId)
                  .bus(location.bus())
                  .device(location.address())
                  .provider(SimulatedI2cProvider.ID)
                  .build());
      return SwitchtecDriver.open(new I2cSwitchTransport(device), options);
    }
    var transport =
        new MoeSwitchTransport(MoeEndpoints.of(server.base(), index), 0, options.commandTimeout());
    return SwitchtecDriver.open(transport, options);
  }

  /** Whether the agent reaches {@code switchId} over I2C (only then can an I2C NAK happen). */
  public boolean managedOverI2c(String switchId) {
    return i2c.containsKey(switchId);
  }

  /** Whether the agent reaches any chip over I2C. */
  public boolean anyOverI2c() {
    return !i2c.isEmpty();
  }

  public SimulatedSwitch chip(String switchId) {
    SimulatedSwitch chip = chips.get(switchId);
    if (chip == null) {
      throw new IllegalArgumentException("no simulated switch " + switchId);
    }
    return chip;
  }

  /**
   * Where chip 0 is served over MoE; chip k (its position in the topology) is on the same port of
   * 127.0.0.(k+1).
   */
  public InetSocketAddress address() {
    return server.base();
  }

  /**
   * A driver over MoE to chip {@code index} of a simulator served by another process, whose chip 0
   * is at {@code address}.
   */
  public static SwitchDriver connectRemote(
      InetSocketAddress address, int index, DriverOptions options) {
    return SwitchtecDriver.open(
        new MoeSwitchTransport(MoeEndpoints.of(address, index), 0, options.commandTimeout()),
        options);
  }

  public List<String> switchIds() {
    return order;
  }

  /**
   * The chip the board describes, with what the board's simulation section puts in and around it.
   */
  static SimulatedSwitchConfig config(BoardDescription board, BoardSwitch chip, SimTiming timing) {
    int index = board.switches().indexOf(chip);
    SimulatedSwitchIdentity who =
        board
            .simulation()
            .switches()
            .getOrDefault(
                chip.id(),
                new SimulatedSwitchIdentity(
                    String.format("0x%08x", 0x5e000001 + index), DEFAULT_FIRMWARE));
    ChipIdentity identity =
        new ChipIdentity(
            chip.chip().vendorId(),
            chip.chip().deviceId(),
            serial(who.serialNumber()),
            FirmwareVersion.parse(who.firmwareVersion()),
            chip.chip().model(),
            0);
    SimulatedSwitchConfig.Builder b =
        SimulatedSwitchConfig.builder(identity)
            .timing(timing)
            .logicalBridges(chip.chip().logicalBridges());
    for (Slot slot : board.slotsOnSwitch(chip.id())) {
      Attachment device =
          board
              .simulatedGpu(slot.number())
              .map(g -> Attachment.gpu(g.maxPcieGeneration(), g.maxLanes()))
              .orElse(Attachment.nothing());
      b.port(slot.port(), slot.lanes(), slot.pcieGeneration(), device);
    }
    int partitions = 1;
    for (HostPort host : board.hostsOnSwitch(chip.id())) {
      b.port(host.port(), host.lanes(), host.pcieGeneration(), Attachment.host(host.partition()));
      partitions = Math.max(partitions, host.partition() + 1);
    }
    // Cascaded chips: a link's a end is a downstream port, its b end the upstream port of a transit
    // partition.
    for (InterSwitchLink link : board.linksOfSwitch(chip.id())) {
      if (link.switchA().equals(chip.id())) {
        b.port(
            link.portA(), link.lanes(), link.generation(), Attachment.interSwitch(link.switchB()));
      } else {
        b.port(
            link.portB(),
            link.lanes(),
            link.generation(),
            Attachment.host(link.transitPartition()));
        partitions = Math.max(partitions, link.transitPartition() + 1);
      }
    }
    connectorGpios(board, chip.id(), b);
    return b.partitions(partitions).build();
  }

  /**
   * The slot lines the board puts on this chip's GPIOs: presence reads whether the slot holds a
   * simulated GPU; power enable, PERST# and the LED are outputs that start as a running slot's
   * (powered, out of reset, LED off); the chassis identify LED starts dark.
   */
  private static void connectorGpios(
      BoardDescription board, String switchId, SimulatedSwitchConfig.Builder b) {
    for (SlotAccess access : board.slotAccess()) {
      Slot slot = board.slot(access.slot()).orElseThrow();
      onChip(access.lines().presence(), switchId)
          .ifPresent(pin -> b.presenceGpio(pin, slot.port()));
      onChip(access.lines().powerEnable(), switchId).ifPresent(pin -> b.outputGpio(pin, true));
      onChip(access.lines().perst(), switchId).ifPresent(pin -> b.outputGpio(pin, true));
      onChip(access.lines().attentionLed(), switchId).ifPresent(pin -> b.outputGpio(pin, false));
    }
    onChip(board.identifyLed(), switchId).ifPresent(pin -> b.outputGpio(pin, false));
  }

  private static Optional<Integer> onChip(Optional<LineRef> line, String switchId) {
    return line.filter(l -> l instanceof SwitchGpioRef g && g.switchId().equals(switchId))
        .map(l -> ((SwitchGpioRef) l).pin());
  }

  /** The firmware a simulated chip runs when the board's simulation section does not say. */
  static final String DEFAULT_FIRMWARE = "9.20 B04A";

  /**
   * Switchtec serial numbers are 32-bit values, written in the board as hex ({@code 0x6a1c0001}).
   */
  static long serial(String text) {
    try {
      return Long.decode(text.trim()) & 0xFFFF_FFFFL;
    } catch (NumberFormatException e) {
      return text.hashCode() & 0xFFFF_FFFFL;
    }
  }

  @Override
  public void close() {
    server.close();
    pi4j.shutdown();
    chips.values().forEach(c -> c.faults().clearAll());
  }
}

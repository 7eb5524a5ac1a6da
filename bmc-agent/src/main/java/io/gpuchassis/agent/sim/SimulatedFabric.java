package io.gpuchassis.agent.sim;

import io.gpuchassis.agent.sim.topology.ChassisTopology;
import io.gpuchassis.agent.sim.topology.HostPort;
import io.gpuchassis.agent.sim.topology.I2cLocation;
import io.gpuchassis.agent.sim.topology.InterSwitchLink;
import io.gpuchassis.agent.sim.topology.Slot;
import io.gpuchassis.agent.sim.topology.SwitchChip;
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
import io.gpuchassis.switchdrv.sim.SmwpServer;
import io.gpuchassis.switchdrv.transport.i2c.I2cSwitchTransport;
import io.gpuchassis.switchdrv.transport.tcp.TcpSwitchTransport;
import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import com.pi4j.io.i2c.I2C;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The simulated switch chips of a topology, reached the way the agent reaches real ones: a chip with an I2C location
 * in the topology sits on a simulated I2C bus behind Pi4J (a provider of our own whose devices are the chips' TWI
 * slaves), the others are served over TCP on the loopback interface with the switch management wire protocol. Either
 * way the real transport and the real driver run. Each chip's ports are configured from the topology: a slot with a
 * GPU holds an endpoint with the GPU's link capability, a host port an upstream partition, an inter-switch link its
 * peer.
 */
public final class SimulatedFabric implements AutoCloseable {

  private final Map<String, SimulatedSwitch> chips;
  private final Map<String, I2cLocation> i2c;
  private final List<String> order;
  private final SmwpServer server;
  private final Context pi4j;

  private SimulatedFabric(
      Map<String, SimulatedSwitch> chips, Map<String, I2cLocation> i2c, SmwpServer server, Context pi4j) {
    this.chips = chips;
    this.i2c = i2c;
    this.order = List.copyOf(chips.keySet());
    this.server = server;
    this.pi4j = pi4j;
  }

  public static SimulatedFabric start(ChassisTopology topology, SimTiming timing) {
    return start(topology, timing, 0);
  }

  /** As {@link #start(ChassisTopology, SimTiming)}, serving TCP on {@code port} of the loopback interface. */
  public static SimulatedFabric start(ChassisTopology topology, SimTiming timing, int port) {
    Map<String, SimulatedSwitch> chips = new LinkedHashMap<>();
    Map<String, I2cLocation> i2c = new LinkedHashMap<>();
    SimulatedI2cProvider bus = new SimulatedI2cProvider();
    for (SwitchChip chip : topology.switches()) {
      SimulatedSwitch simulated = new SimulatedSwitch(config(topology, chip, timing));
      chips.put(chip.id(), simulated);
      chip.i2c().ifPresent(location -> {
        bus.attach(location.bus(), location.address(), simulated);
        i2c.put(chip.id(), location);
      });
    }
    // Built explicitly with our provider only: the class path never chooses hardware.
    Context pi4j = Pi4J.newContextBuilder().noAutoDetect().add(bus).build();
    try {
      return new SimulatedFabric(chips, i2c, SmwpServer.start(new ArrayList<>(chips.values()), port), pi4j);
    } catch (IOException e) {
      pi4j.shutdown();
      throw new UncheckedIOException("cannot serve the simulated switches on loopback", e);
    }
  }

  /** A driver for {@code switchId}: over its I2C bus if the topology places it on one, otherwise over TCP. */
  public SwitchDriver connect(String switchId, DriverOptions options) {
    int index = order.indexOf(switchId);
    if (index < 0) {
      throw new IllegalArgumentException("no simulated switch " + switchId);
    }
    I2cLocation location = i2c.get(switchId);
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
    var transport = new TcpSwitchTransport(server.address(), index, options.commandTimeout());
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

  /** Where the chips are served over TCP (chip number = position in the topology). */
  public InetSocketAddress address() {
    return server.address();
  }

  /** A driver over TCP to chip {@code index} of a simulator served at {@code address} by another process. */
  public static SwitchDriver connectRemote(InetSocketAddress address, int index, DriverOptions options) {
    return SwitchtecDriver.open(new TcpSwitchTransport(address, index, options.commandTimeout()), options);
  }

  public List<String> switchIds() {
    return order;
  }

  static SimulatedSwitchConfig config(ChassisTopology topology, SwitchChip chip, SimTiming timing) {
    ChipIdentity identity =
        new ChipIdentity(
            chip.vendorId(),
            chip.deviceId(),
            serial(chip.serialNumber()),
            FirmwareVersion.parse(chip.firmwareVersion()),
            chip.model(),
            0);
    SimulatedSwitchConfig.Builder b = SimulatedSwitchConfig.builder(identity).timing(timing);
    for (Slot slot : topology.slotsOnSwitch(chip.id())) {
      Attachment device =
          slot.gpu().map(g -> Attachment.gpu(g.maxGen(), g.maxWidth())).orElse(Attachment.nothing());
      b.port(slot.port().port(), slot.port().width(), slot.port().maxGen(), device);
    }
    List<HostPort> hosts = topology.hostsOnSwitch(chip.id());
    for (int partition = 0; partition < hosts.size(); partition++) {
      HostPort host = hosts.get(partition);
      b.port(host.port().port(), host.port().width(), host.port().maxGen(), Attachment.host(partition));
    }
    // Cascaded chips: a link's a end is a downstream port, its b end the upstream port of a transit partition that
    // follows the chip's host partitions (the agent's BindingPlan numbers them the same way).
    int partitions = hosts.size();
    for (InterSwitchLink link : topology.linksOfSwitch(chip.id())) {
      if (link.a().switchId().equals(chip.id())) {
        b.port(link.a().port(), link.a().width(), link.a().maxGen(), Attachment.interSwitch(link.b().switchId()));
      } else {
        b.port(link.b().port(), link.b().width(), link.b().maxGen(), Attachment.host(partitions++));
      }
    }
    return b.partitions(Math.max(1, partitions)).build();
  }

  /** Switchtec serial numbers are 32-bit values, written in the topology as hex ({@code 0x6a1c0001}). */
  static long serial(String text) {
    try {
      return Long.decode(text.trim()) & 0xFFFF_FFFFL;
    } catch (NumberFormatException e) {
      return text.hashCode() & 0xFFFF_FFFFL;
    }
  }

  /** Short command deadline for polling: a healthy switch answers in milliseconds. */
  public static DriverOptions pollingOptions() {
    return DriverOptions.defaults().withCommandTimeout(Duration.ofSeconds(1));
  }

  @Override
  public void close() {
    server.close();
    pi4j.shutdown();
    chips.values().forEach(c -> c.faults().clearAll());
  }
}

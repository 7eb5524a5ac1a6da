package io.gpuchassis.agent.board;

import io.gpuchassis.agent.board.BoardDocument.ChassisEntry;
import io.gpuchassis.agent.board.BoardDocument.DeviceEntry;
import io.gpuchassis.agent.board.BoardDocument.ExpanderEntry;
import io.gpuchassis.agent.board.BoardDocument.FanControllerEntry;
import io.gpuchassis.agent.board.BoardDocument.FruEntry;
import io.gpuchassis.agent.board.BoardDocument.HostEngineEntry;
import io.gpuchassis.agent.board.BoardDocument.LinkEntry;
import io.gpuchassis.agent.board.BoardDocument.MuxEntry;
import io.gpuchassis.agent.board.BoardDocument.PinEntry;
import io.gpuchassis.agent.board.BoardDocument.PinsEntry;
import io.gpuchassis.agent.board.BoardDocument.PowerSupplyEntry;
import io.gpuchassis.agent.board.BoardDocument.ProgrammableEntry;
import io.gpuchassis.agent.board.BoardDocument.RailEntry;
import io.gpuchassis.agent.board.BoardDocument.Root;
import io.gpuchassis.agent.board.BoardDocument.SimulatedGpuEntry;
import io.gpuchassis.agent.board.BoardDocument.SimulationEntry;
import io.gpuchassis.agent.board.BoardDocument.SlotEntry;
import io.gpuchassis.agent.board.BoardDocument.SwitchEntry;
import io.gpuchassis.agent.board.BoardDocument.TemperatureEntry;
import io.gpuchassis.agent.chassis.ChassisIdentity;
import io.gpuchassis.agent.chassis.EthernetHost;
import io.gpuchassis.agent.chassis.Fan;
import io.gpuchassis.agent.chassis.Gpu;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.chassis.InterSwitchLink;
import io.gpuchassis.agent.chassis.PowerSupply;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.SwitchChip;
import io.gpuchassis.agent.chassis.TemperatureSensor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Turns a board document that {@link BoardValidator} passed into a {@link BoardDescription}. */
final class BoardBuilder {

  /** Most PC fans give two tach pulses per revolution. */
  static final int DEFAULT_PULSES_PER_REVOLUTION = 2;

  private final Root root;
  private final BusTree tree;
  private final PartitionNumbering partitions;

  private BoardBuilder(Root root) {
    this.root = root;
    this.tree = new BusTree(root.muxes());
    this.partitions = new PartitionNumbering(root);
  }

  static BoardDescription build(String source, Root root) {
    return new BoardBuilder(root).build(source);
  }

  private BoardDescription build(String source) {
    ChassisEntry chassis = root.chassis();
    // the serial number is the FRU EEPROM's to tell, not the file's
    ChassisIdentity identity =
        new ChassisIdentity(
            chassis.id(),
            chassis.manufacturer(),
            chassis.model(),
            chassis.sku(),
            "",
            chassis.partNumber());
    return new BoardDescription(
        source,
        identity,
        Optional.ofNullable(chassis.fru()),
        root.switches().stream().map(this::boardSwitch).toList(),
        links(),
        hosts(),
        root.slots().stream().map(BoardBuilder::slot).toList(),
        root.slots().stream().map(this::slotAccess).toList(),
        root.muxes().stream().map(BoardBuilder::mux).toList(),
        root.devices().stream().map(this::device).toList(),
        Optional.ofNullable(root.powerSupplyRedundancy())
            .map(
                entry ->
                    new PowerSupplyRedundancy(
                        entry.type(),
                        entry.minNeeded(),
                        entry.chassisLoadWatts() == null ? 0 : entry.chassisLoadWatts())),
        Optional.ofNullable(root.console())
            .map(
                c ->
                    new ConsolePort(
                        c.device(),
                        c.baud() == null
                            ? io.gpuchassis.agent.config.ConsoleSettings.DEFAULT_BAUD
                            : c.baud())),
        line(chassis.identifyLed()),
        simulation(),
        expether(),
        root.adapters().stream().map(BoardBuilder::adapter).toList());
  }

  private static NetworkAdapter adapter(BoardDocument.NetworkAdapterEntry entry) {
    return new NetworkAdapter(
        entry.id(),
        Optional.ofNullable(entry.manufacturer()),
        Optional.ofNullable(entry.model()),
        entry.ports().stream()
            .map(
                p ->
                    new NetworkAdapter.Port(
                        p.id(),
                        p.netdev(),
                        p.rdmaDevice(),
                        p.rdmaPort() == null ? 1 : p.rdmaPort(),
                        p.speedGbps(),
                        p.lanes() == null
                            ? java.util.OptionalInt.empty()
                            : java.util.OptionalInt.of(p.lanes()),
                        Boolean.TRUE.equals(p.roce())))
            .toList());
  }

  private BoardSwitch boardSwitch(SwitchEntry entry) {
    SwitchChip chip =
        new SwitchChip(
            entry.id(),
            entry.manufacturer(),
            entry.model(),
            entry.vendorId().value(),
            entry.deviceId().value(),
            entry.laneCount(),
            entry.portCount(),
            entry.logicalBridges() == null
                ? SwitchChip.MAX_LOGICAL_BRIDGES
                : entry.logicalBridges());
    SwitchAccess access;
    if (entry.i2c() != null) {
      access = new I2cAccess(tree.resolve(entry.i2c()));
    } else if (entry.uart() != null) {
      int baud = entry.uart().baud() != null ? entry.uart().baud() : UartAccess.DEFAULT_BAUD;
      access = new UartAccess(entry.uart().device(), baud);
    } else if (entry.inband() != null) {
      access = new InbandAccess(entry.inband().device());
    } else {
      access =
          new TcpAccess(
              entry.tcp().host(),
              entry.tcp().port() != null ? entry.tcp().port() : TcpAccess.MOE_PORT,
              entry.tcp().instance() != null ? entry.tcp().instance() : 0);
    }
    return new BoardSwitch(chip, entry.maxGen(), access);
  }

  /** A link trains at the narrower and slower of its two ends. */
  private List<InterSwitchLink> links() {
    List<InterSwitchLink> links = new ArrayList<>();
    for (int i = 0; i < root.links().size(); i++) {
      LinkEntry link = root.links().get(i);
      links.add(
          new InterSwitchLink(
              link.a().switchId(),
              link.a().port(),
              link.b().switchId(),
              link.b().port(),
              Math.min(link.a().width(), link.b().width()),
              Math.min(link.a().maxGen(), link.b().maxGen()),
              partitions.links().get(i).partition()));
    }
    return links;
  }

  private List<HostPort> hosts() {
    List<HostPort> hosts = new ArrayList<>();
    for (int i = 0; i < root.hosts().size(); i++) {
      var host = root.hosts().get(i);
      if (host.overEthernet()) {
        hosts.add(HostPort.overEthernet(host.id(), ethernet(host.expether())));
        continue;
      }
      hosts.add(
          new HostPort(
              host.id(),
              host.switchId(),
              host.port(),
              host.width(),
              host.maxGen(),
              partitions.host(i).orElseThrow().partition(),
              host.hotPlugWindowGiB() == null ? 0 : host.hotPlugWindowGiB()));
    }
    return hosts;
  }

  private static Slot slot(SlotEntry entry) {
    return new Slot(
        entry.id(),
        entry.switchId(),
        entry.port(),
        entry.width(),
        entry.maxGen(),
        Optional.empty(),
        Optional.ofNullable(entry.expether()).map(e -> ExpEtherRules.engineId(e.engine())));
  }

  private static EthernetHost ethernet(HostEngineEntry entry) {
    return new EthernetHost(
        ExpEtherRules.engineId(entry.engine()),
        entry.mac().toLowerCase(java.util.Locale.ROOT),
        entry.ip(),
        entry.vlan() == null
            ? java.util.OptionalInt.empty()
            : java.util.OptionalInt.of(entry.vlan()));
  }

  private Optional<ExpEtherManager> expether() {
    return Optional.ofNullable(root.expether())
        .map(
            e ->
                new ExpEtherManager(
                    java.net.URI.create(e.url()),
                    e.user(),
                    java.nio.file.Path.of(e.passwordFile()),
                    seconds(e.connectTimeoutSeconds(), 5),
                    seconds(e.requestTimeoutSeconds(), 30),
                    seconds(e.attachTimeoutSeconds(), 60)));
  }

  private static java.time.Duration seconds(Integer written, int otherwise) {
    return java.time.Duration.ofSeconds(written == null ? otherwise : written);
  }

  private SlotAccess slotAccess(SlotEntry entry) {
    Optional<I2cPath> sideband = Optional.ofNullable(entry.sideband()).map(tree::resolve);
    PinsEntry pins = entry.pins();
    SlotLines lines =
        pins == null
            ? SlotLines.NONE
            : new SlotLines(
                line(pins.presence()),
                line(pins.powerEnable()),
                line(pins.perst()),
                line(pins.attentionLed()));
    return new SlotAccess(entry.id(), sideband, lines);
  }

  private static Optional<LineRef> line(PinEntry pin) {
    if (pin == null) {
      return Optional.empty();
    }
    if (pin.expander() != null) {
      return Optional.of(new ExpanderPinRef(pin.expander(), pin.pin()));
    }
    if (pin.switchId() != null) {
      return Optional.of(new SwitchGpioRef(pin.switchId(), pin.gpio().switchPin()));
    }
    return Optional.of(new GpioLineRef(pin.gpio().line().chip(), pin.gpio().line().line()));
  }

  private static I2cMux mux(MuxEntry entry) {
    return new I2cMux(
        entry.id(), I2cPart.PCA9548, entry.bus(), entry.address().value(), entry.kernelBusList());
  }

  private I2cDevice device(DeviceEntry entry) {
    I2cPath path = tree.resolve(entry);
    if (entry instanceof TemperatureEntry sensor) {
      I2cPart part = I2cPart.fromFileName(sensor.part()).orElseThrow();
      return new TemperatureSensorDevice(
          new TemperatureSensor(sensor.id(), sensor.physicalContext().name()), part, path);
    }
    if (entry instanceof PowerSupplyEntry supply) {
      return new PowerSupplyDevice(
          new PowerSupply(supply.id(), supply.model(), supply.ratedWatts()), path);
    }
    if (entry instanceof FanControllerEntry controller) {
      int pulses =
          controller.pulsesPerRevolution() != null
              ? controller.pulsesPerRevolution()
              : DEFAULT_PULSES_PER_REVOLUTION;
      List<FanChannel> fans =
          controller.fanList().stream()
              .map(fan -> new FanChannel(new Fan(fan.id(), fan.maxRpm()), fan.channel()))
              .toList();
      return new FanControllerDevice(controller.id(), path, pulses, fans);
    }
    if (entry instanceof RailEntry rail) {
      return new RailMonitorDevice(
          rail.id(), path, rail.shuntOhms(), rail.maxAmps(), rail.feedList());
    }
    if (entry instanceof ExpanderEntry expander) {
      return new ExpanderDevice(expander.id(), path);
    }
    if (entry instanceof ProgrammableEntry part) {
      return new ProgrammablePartDevice(
          part.id(),
          path,
          part.kind(),
          Optional.ofNullable(part.manufacturer()),
          Optional.ofNullable(part.model()),
          part.versionRegister().value(),
          part.versionBytes());
    }
    return new FruEepromDevice(((FruEntry) entry).id(), path);
  }

  private SimulationSetup simulation() {
    SimulationEntry simulation = root.simulation();
    if (simulation == null) {
      return SimulationSetup.NONE;
    }
    Map<String, SimulatedSwitchIdentity> switches = new LinkedHashMap<>();
    simulation
        .switchList()
        .forEach(
            entry ->
                switches.put(
                    entry.switchId(),
                    new SimulatedSwitchIdentity(entry.serialNumber(), entry.firmwareVersion())));
    Map<Integer, Gpu> gpus = new LinkedHashMap<>();
    simulation.gpuList().forEach(entry -> gpus.put(entry.slot(), gpu(entry)));
    Map<String, List<Integer>> partVersions = new LinkedHashMap<>();
    simulation
        .partList()
        .forEach(entry -> partVersions.put(entry.part(), versionBytes(entry.version())));
    return new SimulationSetup(
        Optional.ofNullable(simulation.chassisSerialNumber()), switches, gpus, partVersions);
  }

  /** "1.4" as the registers [1, 4]; the rules have checked the form. */
  static List<Integer> versionBytes(String version) {
    return java.util.Arrays.stream(version.split("\\.")).map(Integer::valueOf).toList();
  }

  private static Gpu gpu(SimulatedGpuEntry entry) {
    return new Gpu(
        entry.model(),
        entry.vendorId().value(),
        entry.deviceId().value(),
        entry.subsystemVendorId().value(),
        entry.subsystemId().value(),
        entry.serialNumber(),
        entry.memoryGiB(),
        entry.tdpWatts(),
        entry.firmwareVersion(),
        entry.maxGen(),
        entry.maxWidth());
  }
}

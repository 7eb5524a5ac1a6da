package io.gpuchassis.switchdrv;

import io.gpuchassis.switchdrv.command.BandwidthCounters;
import io.gpuchassis.switchdrv.command.Bind;
import io.gpuchassis.switchdrv.command.DeviceIds;
import io.gpuchassis.switchdrv.command.DieTemperature;
import io.gpuchassis.switchdrv.command.FlashInfoGen3;
import io.gpuchassis.switchdrv.command.HardReset;
import io.gpuchassis.switchdrv.command.LinkStatus;
import io.gpuchassis.switchdrv.command.LinkStatusRecord;
import io.gpuchassis.switchdrv.command.MrpcCommand;
import io.gpuchassis.switchdrv.command.PartInfo;
import io.gpuchassis.switchdrv.command.PartMetadata;
import io.gpuchassis.switchdrv.command.Ping;
import io.gpuchassis.switchdrv.command.PortCapabilities;
import io.gpuchassis.switchdrv.command.PortControl;
import io.gpuchassis.switchdrv.command.PortInfo;
import io.gpuchassis.switchdrv.command.ReadGpio;
import io.gpuchassis.switchdrv.command.SysInfo;
import io.gpuchassis.switchdrv.command.TopConfig;
import io.gpuchassis.switchdrv.command.Unbind;
import io.gpuchassis.switchdrv.command.WriteGpio;
import io.gpuchassis.switchdrv.mrpc.FirmwareErrors;
import io.gpuchassis.switchdrv.mrpc.MailboxMrpcEngine;
import io.gpuchassis.switchdrv.mrpc.MrpcEngine;
import io.gpuchassis.switchdrv.mrpc.MrpcResult;
import io.gpuchassis.switchdrv.mrpc.MrpcTransport;
import io.gpuchassis.switchdrv.mrpc.PassThroughMrpcEngine;
import io.gpuchassis.switchdrv.mrpc.RetryingMrpcEngine;
import io.gpuchassis.switchdrv.transport.SwitchTransport;
import io.gpuchassis.switchdrv.wire.Deadline;
import io.gpuchassis.switchdrv.wire.LeWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link SwitchDriver} for Microchip Switchtec PFX/PSX parts (Gen4-Gen6) over any {@link
 * SwitchTransport}. Transports that carry whole MRPCs ({@link MrpcTransport}) are used directly;
 * all others run the GAS mailbox algorithm. Busy answers are retried with back-off, except for
 * non-idempotent commands.
 *
 * <p>Same contract as the interface: blocking, one thread, every call bounded by {@link
 * DriverOptions}, failures as {@link SwitchException}. The only state kept between calls is what
 * cannot change without a reset (generation, port capabilities, PFF map), so a failed call never
 * leaves the driver inconsistent.
 */
public final class SwitchtecDriver implements SwitchDriver {

  private static final Logger LOG = LoggerFactory.getLogger(SwitchtecDriver.class);
  private static final int ALL_ONES = 0xFFFFFFFF;

  private final SwitchTransport transport;
  private final DriverOptions options;
  private final MrpcEngine engine;
  private final PortCounterReader counterReader;
  private final EventSummaryReader eventReader;
  private final FirmwareFlow firmware;
  private Generation generation;
  private int deviceId;
  private TopConfig topConfig;
  private final Map<Integer, PortCapabilities> capabilities = new HashMap<>();

  private SwitchtecDriver(SwitchTransport transport, DriverOptions options) {
    this.transport = transport;
    this.options = options;
    MrpcEngine base =
        transport instanceof MrpcTransport
            ? new PassThroughMrpcEngine((MrpcTransport) transport)
            : new MailboxMrpcEngine(transport, options.pollInterval());
    this.engine =
        new RetryingMrpcEngine(base, options.busyBackoffInitial(), options.busyBackoffMax());
    this.counterReader = new PortCounterReader(this::call);
    this.eventReader = new EventSummaryReader(transport);
    this.firmware =
        new FirmwareFlow(this::call, this::callWithin, options, transport.description());
  }

  /**
   * A driver over {@code transport}. Does no I/O: the generation is read on the first call, so a
   * switch that is down at start-up does not prevent construction.
   */
  public static SwitchtecDriver open(SwitchTransport transport, DriverOptions options) {
    return new SwitchtecDriver(transport, options);
  }

  /** The transport this driver speaks through. */
  public SwitchTransport transport() {
    return transport;
  }

  <T> T call(MrpcCommand<T> command) {
    return call(command, options.commandTimeout());
  }

  <T> T callWithin(MrpcCommand<T> command, Duration timeout) {
    return call(command, timeout);
  }

  private <T> T call(MrpcCommand<T> command, Duration timeout) {
    Generation gen = generation();
    MrpcResult result = engine.execute(command.toRequest(gen), Deadline.in(timeout));
    if (!result.succeeded()) {
      throw FirmwareErrors.toException(command.commandId(), result);
    }
    return command.decode(result.output());
  }

  private Generation generation() {
    if (generation == null) {
      int id = LeWriter.getI32(transport.read(SysInfo.GAS_OFFSET, 4), 0);
      if (id == ALL_ONES) {
        throw new SwitchException(
            SwitchException.Kind.IO, "switch does not answer (device ID reads all-ones)");
      }
      generation = DeviceIds.generation(id & 0xFFFF);
      deviceId = id & 0xFFFF;
    }
    return generation;
  }

  @Override
  public SwitchIdentity identity() {
    byte[] block = transport.read(SysInfo.GAS_OFFSET, SysInfo.LENGTH);
    SysInfo info =
        generation() == Generation.GEN3
            ? SysInfo.decodeGen3(
                block, LeWriter.getI32(transport.read(PortCapabilities.PFF_BASE, 4), 0) & 0xFFFF)
            : SysInfo.decode(block);
    int id = info.deviceId() & 0xFFFF;
    Generation gen = DeviceIds.generation(id);
    Ping.Answer ping = ping();
    return new SwitchIdentity(
        info.bridgeVendorId(),
        id,
        gen,
        DeviceIds.variant(id),
        DeviceIds.lanes(id),
        info.deviceVersion(),
        info.serialNumber(),
        FirmwareVersion.fromWord(info.firmwareVersion()),
        ping.bootPhase(),
        ping.revision(),
        info.productId());
  }

  // Gen3 firmware has no TWI ping: like switchtec-user (switchtec_get_device_info), an "invalid
  // command" answer means a Gen3 part in main firmware, revision unknown.
  private Ping.Answer ping() {
    try {
      return call(new Ping((int) System.nanoTime()));
    } catch (SwitchException e) {
      if (e.kind() == SwitchException.Kind.DEVICE_ERROR
          && e.firmwareCode().orElse(-1) == FirmwareErrors.ERR_INVALID_CMD) {
        return new Ping.Answer(BootPhase.MAIN_FIRMWARE, Ping.REVISION_UNKNOWN, -1);
      }
      throw e;
    }
  }

  @Override
  public double dieTemperatureCelsius() {
    return call(new DieTemperature(generation()));
  }

  @Override
  public List<PortStatus> ports() {
    Generation gen = generation();
    List<PortStatus> out = new ArrayList<>();
    for (LinkStatusRecord r : call(new LinkStatus(gen))) {
      PortCapabilities caps = capabilities(r.physicalPort(), r.configuredWidth());
      boolean unbound = r.partition() == LinkStatusRecord.UNBOUND;
      out.add(
          new PortStatus(
              r.physicalPort(),
              unbound ? OptionalInt.empty() : OptionalInt.of(r.partition()),
              r.logicalPort(),
              r.upstream(),
              r.linkUp(),
              r.linkUp() ? r.rate() : 0,
              r.linkUp() ? r.negotiatedWidth() : 0,
              caps.maxGen(),
              r.configuredWidth(),
              r.ltssm(gen),
              r.laneReversal(),
              r.firstActiveLane()));
    }
    out.sort((a, b) -> Integer.compare(a.physicalPort(), b.physicalPort()));
    return out;
  }

  // Link Capabilities never change at run time: read each port's once.
  private PortCapabilities capabilities(int physicalPort, int configuredWidth) {
    PortCapabilities caps = capabilities.get(physicalPort);
    if (caps == null) {
      int pff = topConfig().pffOf(physicalPort);
      if (pff < 0) {
        return new PortCapabilities(generation().pcieGen(), configuredWidth);
      }
      caps =
          PortCapabilities.decode(
              transport.read(
                  PortCapabilities.PFF_BASE + pff * PortCapabilities.PFF_STRIDE,
                  PortCapabilities.CONFIG_LENGTH));
      capabilities.put(physicalPort, caps);
    }
    return caps;
  }

  private TopConfig topConfig() {
    if (topConfig == null) {
      topConfig = TopConfig.decode(transport.read(TopConfig.GAS_OFFSET, TopConfig.LENGTH));
    }
    return topConfig;
  }

  @Override
  public List<Binding> bindings() {
    List<Binding> list = new ArrayList<>(call(PortInfo.all()));
    list.sort((a, b) -> Integer.compare(a.physicalPort(), b.physicalPort()));
    return list;
  }

  @Override
  public List<Partition> partitions() {
    int count = topConfig().partitionCount();
    Map<Integer, Integer> usp = new HashMap<>();
    for (PortStatus p : ports()) {
      if (p.upstream() && p.partition().isPresent()) {
        usp.put(p.partition().getAsInt(), p.physicalPort());
      }
    }
    Map<Integer, List<Binding>> bound = new TreeMap<>();
    for (Binding b : bindings()) {
      if (b.partition() >= 0) {
        bound.computeIfAbsent(b.partition(), k -> new ArrayList<>()).add(b);
      }
    }
    List<Partition> out = new ArrayList<>();
    for (int id = 0; id < count; id++) {
      Integer port = usp.get(id);
      out.add(
          new Partition(
              id,
              port == null ? OptionalInt.empty() : OptionalInt.of(port),
              bound.getOrDefault(id, List.of())));
    }
    return out;
  }

  @Override
  public void bind(int partition, int logicalPort, int physicalPort) {
    call(new Bind(partition, logicalPort, physicalPort));
    Binding b = awaitSettled(physicalPort);
    if (b.state() == BindState.FAILED) {
      throw SwitchException.deviceError(
          FirmwareErrors.BIND_CHECK_FAILED,
          "bind of physical port " + physicalPort + " failed in the firmware");
    }
    if (!b.bound() || b.partition() != partition || b.logicalPort() != logicalPort) {
      throw new SwitchException(
          SwitchException.Kind.DEVICE_ERROR,
          "bind of physical port " + physicalPort + " completed but the port reads " + b);
    }
    LOG.debug(
        "bound physical port {} to partition {} logical port {}",
        physicalPort,
        partition,
        logicalPort);
  }

  @Override
  public void unbind(int partition, int logicalPort) {
    int physical = -1;
    for (Binding b : call(PortInfo.all())) {
      if (b.partition() == partition && b.logicalPort() == logicalPort) {
        physical = b.physicalPort();
      }
    }
    call(new Unbind(partition, logicalPort));
    if (physical < 0) {
      return;
    }
    Binding b = awaitSettled(physical);
    if (b.state() == BindState.FAILED || b.bound()) {
      throw new SwitchException(
          SwitchException.Kind.DEVICE_ERROR,
          "unbind of partition " + partition + " logical port " + logicalPort + " left " + b);
    }
  }

  // Bind and unbind complete asynchronously: PORT_INFO says "in progress" until the firmware is
  // done.
  private Binding awaitSettled(int physicalPort) {
    Deadline deadline = Deadline.in(options.bindTimeout());
    while (true) {
      List<Binding> info = call(new PortInfo(physicalPort));
      Binding b =
          info.stream()
              .filter(x -> x.physicalPort() == physicalPort)
              .findFirst()
              .orElseThrow(
                  () ->
                      new SwitchException(
                          SwitchException.Kind.PROTOCOL,
                          "PORT_INFO has no entry for physical port " + physicalPort));
      if (b.state() != BindState.IN_PROGRESS) {
        return b;
      }
      if (deadline.expired()) {
        throw new SwitchException(
            SwitchException.Kind.TIMEOUT,
            "binding of physical port " + physicalPort + " still in progress");
      }
      deadline.sleepAtMost(options.pollInterval());
    }
  }

  @Override
  public List<PortBandwidth> bandwidthCounters() {
    // a port can own several PFF instances (e.g. a USP and its management endpoint)
    java.util.TreeSet<Integer> ports = new java.util.TreeSet<>();
    for (int port : topConfig().pffPorts()) {
      ports.add(port);
    }
    List<Integer> all = new ArrayList<>(ports);
    List<PortBandwidth> out = new ArrayList<>(all.size());
    for (int from = 0; from < all.size(); from += BandwidthCounters.MAX_PORTS) {
      List<Integer> chunk =
          all.subList(from, Math.min(all.size(), from + BandwidthCounters.MAX_PORTS));
      out.addAll(call(new BandwidthCounters(chunk, false)));
    }
    return out;
  }

  @Override
  public PortCounters counters(int physicalPort) {
    generation();
    return counterReader.read(physicalPort);
  }

  @Override
  public SwitchEvents events() {
    generation();
    return eventReader.read(topConfig());
  }

  @Override
  public FirmwarePartitions firmwarePartitions() {
    Generation gen = generation();
    if (gen == Generation.GEN3) {
      return FlashInfoGen3.decode(
          transport.read(FlashInfoGen3.GAS_OFFSET, FlashInfoGen3.LENGTH),
          transport.read(SysInfo.GAS_OFFSET, FlashInfoGen3.SYS_INFO_LENGTH));
    }
    FirmwarePartitions table = call(new PartInfo(gen));
    List<FirmwarePartition> parts = new ArrayList<>();
    for (FirmwarePartition p : table.partitions()) {
      parts.add(withMetadata(gen, p));
    }
    return new FirmwarePartitions(table.firmwareVersion(), table.flashSize(), parts);
  }

  // The flash table keeps major.minor at most: the main images' metadata adds the build, and any
  // record without a version gets it from there (one PART_INFO metadata read per such copy).
  private FirmwarePartition withMetadata(Generation gen, FirmwarePartition p) {
    if (!p.valid()
        || p.type() == FirmwareType.NVLOG
        || (p.type() != FirmwareType.IMG && p.imageVersion() != 0)) {
      return p;
    }
    try {
      return call(new PartMetadata(gen, PartInfo.partitionId(gen, p.type(), p.copy())))
          .map(m -> p.withMetadataVersion(m.version()))
          .orElse(p);
    } catch (SwitchException e) {
      if (e.kind() != SwitchException.Kind.DEVICE_ERROR) {
        throw e;
      }
      LOG.debug("no metadata for {} copy {}: {}", p.type(), p.copy(), e.getMessage());
      return p;
    }
  }

  @Override
  public void downloadFirmware(byte[] image, ProgressListener progress) {
    firmware.download(generation(), image, progress);
  }

  @Override
  public FirmwareDownload beginFirmwareDownload(byte[] image) {
    return firmware.begin(generation(), image);
  }

  @Override
  public void activatePartition(FirmwareType type, int copy) {
    firmware.activate(generation(), type, copy);
  }

  @Override
  public boolean readGpio(int logicalPin) {
    return call(new ReadGpio(logicalPin));
  }

  @Override
  public void writeGpio(int logicalPin, boolean high) {
    call(new WriteGpio(logicalPin, high));
  }

  @Override
  public void resetPort(int physicalPort) {
    call(PortControl.hotReset(physicalPort));
  }

  @Override
  public void resetSwitch() {
    generation();
    int expected = deviceId;
    try {
      call(new HardReset());
    } catch (SwitchException e) {
      // the chip may vanish before it confirms the command-register write: that is the reset
      if (e.kind() != SwitchException.Kind.NAK
          && e.kind() != SwitchException.Kind.TIMEOUT
          && e.kind() != SwitchException.Kind.IO) {
        throw e;
      }
      LOG.debug("reset not confirmed ({}); waiting for the switch to come back", e.getMessage());
    }
    Deadline deadline = Deadline.in(options.resetTimeout());
    SwitchException last = null;
    deadline.sleepAtMost(options.pollInterval());
    while (!deadline.expired()) {
      try {
        int id = LeWriter.getI32(transport.read(SysInfo.GAS_OFFSET, 4), 0);
        if ((id & 0xFFFF) == expected && id != ALL_ONES) {
          return;
        }
      } catch (SwitchException e) {
        last = e; // the link may drop while the chip restarts
      }
      deadline.sleepAtMost(options.pollInterval());
    }
    throw new SwitchException(
        SwitchException.Kind.TIMEOUT, "switch did not come back after reset", last);
  }

  @Override
  public void close() {
    transport.close();
  }
}

package io.gpuchassis.agent.board;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.Nulls;
import java.util.List;

/**
 * The board file exactly as written, before it becomes a {@link BoardDescription}.
 *
 * <p>Jackson binds YAML into these records so that it reports unknown keys, missing keys and wrong
 * types with their line. Keys that are optional, or that only some forms need (the I2C path keys,
 * the pin forms), are nullable here; {@link BoardValidator} checks the combinations and references
 * on these records, with the paths as written, and {@link BoardBuilder} turns a valid document into
 * model records. {@code "switch"} is a Java keyword, so components bound to that key are named
 * {@code switchId}.
 */
final class BoardDocument {

  private BoardDocument() {}

  /** The whole file. Sections that are not {@link Required} may be left out. */
  record Root(
      @Required ChassisEntry chassis,
      @Required List<SwitchEntry> switches,
      List<LinkEntry> interSwitchLinks,
      @Required List<HostEntry> hosts,
      @Required List<SlotEntry> slots,
      I2cSection i2c,
      RedundancyEntry powerSupplyRedundancy,
      ConsoleEntry console,
      SimulationEntry simulation,
      ExpEtherEntry expether,
      List<NetworkAdapterEntry> networkAdapters) {

    List<NetworkAdapterEntry> adapters() {
      return orEmpty(networkAdapters);
    }

    List<LinkEntry> links() {
      return orEmpty(interSwitchLinks);
    }

    List<MuxEntry> muxes() {
      return i2c == null ? List.of() : orEmpty(i2c.muxes);
    }

    List<DeviceEntry> devices() {
      return i2c == null ? List.of() : orEmpty(i2c.devices);
    }
  }

  /** A NIC of the chassis's own data path (the 100 GbE variant) and its ports. */
  record NetworkAdapterEntry(
      @Required String id,
      String manufacturer,
      String model,
      @Required List<DataPortEntry> ports) {}

  /** One data-path port as Linux names it: its interface and its RDMA device's port. */
  record DataPortEntry(
      @Required String id,
      @JsonProperty(value = "interface", required = true) @JsonSetter(nulls = Nulls.FAIL)
          String netdev,
      @Required String rdmaDevice,
      Integer rdmaPort,
      @Required int speedGbps,
      Integer lanes,
      Boolean roce) {}

  /** The management processor's serial port where the technician's console runs. */
  record ConsoleEntry(@Required String device, Integer baud) {}

  record ChassisEntry(
      @Required String id,
      @Required String manufacturer,
      @Required String model,
      @Required String partNumber,
      @Required String sku,
      String fru,
      PinEntry identifyLed) {}

  /**
   * A switch chip; exactly one of {@code i2c}, {@code uart}, {@code tcp}, {@code inband} is
   * expected.
   */
  record SwitchEntry(
      @Required String id,
      @Required String manufacturer,
      @Required String model,
      @Required HexNumber vendorId,
      @Required HexNumber deviceId,
      @Required int laneCount,
      @Required int portCount,
      @Required int maxGen,
      Integer logicalBridges,
      PathEntry i2c,
      UartEntry uart,
      TcpEntry tcp,
      InbandEntry inband) {}

  record UartEntry(@Required String device, Integer baud) {}

  /** A MoE endpoint: {@code port} defaults to 54545, {@code instance} (0 or 1) to 0. */
  record TcpEntry(@Required String host, Integer port, Integer instance) {}

  record InbandEntry(@Required String device) {}

  /**
   * The keys that place a device on the I2C buses: {@code bus} + {@code address}, or {@code mux} +
   * {@code channel} + {@code address}. Device entries carry them flat; switches and slot sidebands
   * as a {@link PathEntry} mapping.
   */
  interface PathKeys {
    Integer bus();

    String mux();

    Integer channel();

    HexNumber address();
  }

  record PathEntry(Integer bus, String mux, Integer channel, @Required HexNumber address)
      implements PathKeys {}

  /** The {@code a} end of an inter-switch link: a downstream port of its chip. */
  record PortEntry(
      @JsonProperty(value = "switch", required = true) @JsonSetter(nulls = Nulls.FAIL)
          String switchId,
      @Required int port,
      @Required int width,
      @Required int maxGen) {}

  /** The {@code b} end of an inter-switch link: the upstream port of a transit partition. */
  record UpstreamPortEntry(
      @JsonProperty(value = "switch", required = true) @JsonSetter(nulls = Nulls.FAIL)
          String switchId,
      @Required int port,
      @Required int width,
      @Required int maxGen,
      Integer partition) {}

  record LinkEntry(@Required PortEntry a, @Required UpstreamPortEntry b) {}

  /**
   * A host connection; the port keys sit directly in the entry so a host fits on one line. A PCIe
   * host needs the port keys, an Ethernet host its {@code expether} engine instead ({@link
   * ExpEtherRules} checks which).
   */
  record HostEntry(
      @Required String id,
      HostFabric fabric,
      @JsonProperty("switch") String switchId,
      Integer port,
      Integer width,
      Integer maxGen,
      Integer partition,
      Integer hotPlugWindowGiB,
      HostEngineEntry expether) {

    boolean overEthernet() {
      return fabric == HostFabric.ethernet;
    }

    /** Whether every port key is written: only then are the wiring rules asked about it. */
    boolean hasPort() {
      return switchId != null && port != null && width != null && maxGen != null;
    }
  }

  /** An Ethernet host's ExpEther host engine and its identity on the fabric. */
  record HostEngineEntry(
      @Required String engine, @Required String mac, @Required String ip, Integer vlan) {}

  /** The ExpEther I/O engine in front of a slot's GPU. */
  record SlotEngineEntry(@Required String engine) {}

  /** The ExpEther manager (EEM) the Ethernet hosts' groups are set through. */
  record ExpEtherEntry(
      @Required String url,
      @Required String user,
      @Required String passwordFile,
      Integer connectTimeoutSeconds,
      Integer requestTimeoutSeconds,
      Integer attachTimeoutSeconds) {}

  record SlotEntry(
      @Required int id,
      @JsonProperty(value = "switch", required = true) @JsonSetter(nulls = Nulls.FAIL)
          String switchId,
      @Required int port,
      @Required int width,
      @Required int maxGen,
      PathEntry sideband,
      PinsEntry pins,
      SlotEngineEntry expether) {}

  record PinsEntry(
      PinEntry presence, PinEntry powerEnable, PinEntry perst, PinEntry attentionLed) {}

  /**
   * One slot signal in one of three forms: {@code {expander, pin}}, {@code {gpio: {chip, line}}} or
   * {@code {switch, gpio: N}}.
   */
  record PinEntry(
      String expander, Integer pin, GpioValue gpio, @JsonProperty("switch") String switchId) {}

  record GpioLineEntry(@Required String chip, @Required int line) {}

  record I2cSection(List<MuxEntry> muxes, List<DeviceEntry> devices) {}

  record MuxEntry(
      @Required String id,
      @Required String part,
      @Required int bus,
      @Required HexNumber address,
      List<Integer> kernelBuses) {

    List<Integer> kernelBusList() {
      return orEmpty(kernelBuses);
    }
  }

  /** An I2C device; {@code part} selects the record, and so the keys the entry may have. */
  @JsonTypeInfo(
      use = JsonTypeInfo.Id.NAME,
      include = JsonTypeInfo.As.EXISTING_PROPERTY,
      property = "part",
      visible = true)
  @JsonSubTypes({
    @JsonSubTypes.Type(
        value = TemperatureEntry.class,
        names = {"tmp75", "lm75"}),
    @JsonSubTypes.Type(value = PowerSupplyEntry.class, name = "pmbus-psu"),
    @JsonSubTypes.Type(value = FanControllerEntry.class, name = "max31790"),
    @JsonSubTypes.Type(value = RailEntry.class, name = "ina226"),
    @JsonSubTypes.Type(value = ExpanderEntry.class, name = "pca9555"),
    @JsonSubTypes.Type(value = FruEntry.class, name = "fru-eeprom"),
    @JsonSubTypes.Type(value = ProgrammableEntry.class, name = "version-registers")
  })
  sealed interface DeviceEntry extends PathKeys
      permits TemperatureEntry,
          PowerSupplyEntry,
          FanControllerEntry,
          RailEntry,
          ExpanderEntry,
          FruEntry,
          ProgrammableEntry {
    String id();

    String part();
  }

  record TemperatureEntry(
      @Required String id,
      String part,
      Integer bus,
      String mux,
      Integer channel,
      @Required HexNumber address,
      @Required PhysicalContext physicalContext)
      implements DeviceEntry {}

  record PowerSupplyEntry(
      @Required String id,
      String part,
      Integer bus,
      String mux,
      Integer channel,
      @Required HexNumber address,
      @Required String model,
      @Required int ratedWatts)
      implements DeviceEntry {}

  record FanControllerEntry(
      @Required String id,
      String part,
      Integer bus,
      String mux,
      Integer channel,
      @Required HexNumber address,
      Integer pulsesPerRevolution,
      List<FanEntry> fans)
      implements DeviceEntry {

    List<FanEntry> fanList() {
      return orEmpty(fans);
    }
  }

  record FanEntry(@Required String id, @Required int channel, @Required int maxRpm) {}

  record RailEntry(
      @Required String id,
      String part,
      Integer bus,
      String mux,
      Integer channel,
      @Required HexNumber address,
      @Required double shuntOhms,
      @Required double maxAmps,
      List<Integer> feeds)
      implements DeviceEntry {

    List<Integer> feedList() {
      return orEmpty(feeds);
    }
  }

  record ExpanderEntry(
      @Required String id,
      String part,
      Integer bus,
      String mux,
      Integer channel,
      @Required HexNumber address)
      implements DeviceEntry {}

  record FruEntry(
      @Required String id,
      String part,
      Integer bus,
      String mux,
      Integer channel,
      @Required HexNumber address)
      implements DeviceEntry {}

  record ProgrammableEntry(
      @Required String id,
      String part,
      Integer bus,
      String mux,
      Integer channel,
      @Required HexNumber address,
      @Required String kind,
      String manufacturer,
      String model,
      @Required HexNumber versionRegister,
      @Required int versionBytes)
      implements DeviceEntry {}

  record RedundancyEntry(
      @Required RedundancyType type, @Required int minNeeded, Integer chassisLoadWatts) {}

  record SimulationEntry(
      String chassisSerialNumber,
      List<SimulatedSwitchEntry> switches,
      List<SimulatedGpuEntry> gpus,
      List<SimulatedPartEntry> partVersions) {

    List<SimulatedSwitchEntry> switchList() {
      return orEmpty(switches);
    }

    List<SimulatedPartEntry> partList() {
      return orEmpty(partVersions);
    }

    List<SimulatedGpuEntry> gpuList() {
      return orEmpty(gpus);
    }
  }

  record SimulatedSwitchEntry(
      @JsonProperty(value = "switch", required = true) @JsonSetter(nulls = Nulls.FAIL)
          String switchId,
      @Required String serialNumber,
      @Required String firmwareVersion) {}

  record SimulatedPartEntry(@Required String part, @Required String version) {}

  record SimulatedGpuEntry(
      @Required int slot,
      @Required String model,
      @Required HexNumber vendorId,
      @Required HexNumber deviceId,
      @Required HexNumber subsystemVendorId,
      @Required HexNumber subsystemId,
      @Required String serialNumber,
      @Required int memoryGiB,
      @Required int tdpWatts,
      @Required String firmwareVersion,
      @Required int maxGen,
      @Required int maxWidth) {}

  static <T> List<T> orEmpty(List<T> list) {
    return list == null ? List.of() : list;
  }
}

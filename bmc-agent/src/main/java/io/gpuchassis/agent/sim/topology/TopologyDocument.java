package io.gpuchassis.agent.sim.topology;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The topology file exactly as written, before it becomes a {@link ChassisTopology}.
 *
 * <p>Jackson binds YAML into these records so that it can report unknown keys, missing keys and
 * wrong types with their line; the model records stay free of file-format concerns (absent
 * optional keys, hex strings, flat port keys). Semantic rules are checked afterwards by {@link
 * TopologyValidator} on the model.
 */
final class TopologyDocument {

  private TopologyDocument() {}

  /** The whole file. Lists that are not {@link Required} may be left out and then mean "none". */
  record Root(
      @Required ChassisEntry chassis,
      @Required List<SwitchEntry> switches,
      List<LinkEntry> interSwitchLinks,
      @Required List<HostEntry> hosts,
      @Required List<SlotEntry> slots,
      List<FanEntry> fans,
      @Required List<PowerSupplyEntry> powerSupplies,
      @Required RedundancyEntry powerSupplyRedundancy,
      List<SensorEntry> temperatureSensors) {

    ChassisTopology toModel() {
      return new ChassisTopology(
          chassis.toModel(),
          map(switches, SwitchEntry::toModel),
          map(interSwitchLinks, LinkEntry::toModel),
          map(hosts, HostEntry::toModel),
          map(slots, SlotEntry::toModel),
          map(fans, FanEntry::toModel),
          map(powerSupplies, PowerSupplyEntry::toModel),
          powerSupplyRedundancy.toModel(),
          map(temperatureSensors, SensorEntry::toModel));
    }
  }

  record ChassisEntry(
      @Required String id,
      @Required String manufacturer,
      @Required String model,
      @Required String partNumber,
      @Required String serialNumber,
      @Required String sku) {

    ChassisInfo toModel() {
      return new ChassisInfo(id, manufacturer, model, partNumber, serialNumber, sku);
    }
  }

  record SwitchEntry(
      @Required String id,
      @Required String manufacturer,
      @Required String model,
      @Required HexNumber vendorId,
      @Required HexNumber deviceId,
      @Required String serialNumber,
      @Required String firmwareVersion,
      @Required int laneCount,
      @Required int portCount,
      @Required int maxGen,
      I2cEntry i2c) {

    SwitchChip toModel() {
      return new SwitchChip(
          id, manufacturer, model, vendorId.value(), deviceId.value(), serialNumber,
          firmwareVersion, laneCount, portCount, maxGen, I2cEntry.toModel(i2c));
    }
  }

  /** A switch port; used for both ends of an inter-switch link. */
  record PortEntry(
      // "switch" is a Java keyword, so the component has another name than the key
      @JsonProperty(value = "switch", required = true) @JsonSetter(nulls = Nulls.FAIL)
          String switchId,
      @Required int port,
      @Required int width,
      @Required int maxGen) {

    SwitchPort toModel() {
      return new SwitchPort(switchId, port, width, maxGen);
    }
  }

  record LinkEntry(@Required PortEntry a, @Required PortEntry b) {

    InterSwitchLink toModel() {
      return new InterSwitchLink(a.toModel(), b.toModel());
    }
  }

  /** A host connection; the port keys sit directly in the entry so a host fits on one line. */
  record HostEntry(
      @Required String id,
      @JsonProperty(value = "switch", required = true) @JsonSetter(nulls = Nulls.FAIL)
          String switchId,
      @Required int port,
      @Required int width,
      @Required int maxGen) {

    HostPort toModel() {
      return new HostPort(id, new SwitchPort(switchId, port, width, maxGen));
    }
  }

  /** A slot; the port keys sit directly in the entry, {@code gpu} is left out for an empty slot. */
  record SlotEntry(
      @Required int id,
      @JsonProperty(value = "switch", required = true) @JsonSetter(nulls = Nulls.FAIL)
          String switchId,
      @Required int port,
      @Required int width,
      @Required int maxGen,
      GpuEntry gpu) {

    Slot toModel() {
      return new Slot(
          id,
          new SwitchPort(switchId, port, width, maxGen),
          Optional.ofNullable(gpu).map(GpuEntry::toModel));
    }
  }

  record GpuEntry(
      @Required String model,
      @Required String manufacturer,
      @Required HexNumber vendorId,
      @Required HexNumber deviceId,
      @Required HexNumber subsystemVendorId,
      @Required HexNumber subsystemId,
      @Required String serialNumber,
      @Required int memoryGiB,
      @Required int tdpWatts,
      @Required String firmwareVersion,
      @Required int maxGen,
      @Required int maxWidth) {

    Gpu toModel() {
      return new Gpu(
          model, manufacturer, vendorId.value(), deviceId.value(), subsystemVendorId.value(),
          subsystemId.value(), serialNumber, memoryGiB, tdpWatts, firmwareVersion, maxGen,
          maxWidth);
    }
  }

  record FanEntry(@Required String id, @Required int maxRpm) {

    Fan toModel() {
      return new Fan(id, maxRpm);
    }
  }

  record PowerSupplyEntry(
      @Required String id, @Required String model, @Required int ratedWatts, I2cEntry i2c) {

    PowerSupply toModel() {
      return new PowerSupply(id, model, ratedWatts, I2cEntry.toModel(i2c));
    }
  }

  record RedundancyEntry(@Required RedundancyType type, @Required int minNeeded) {

    PowerSupplyRedundancy toModel() {
      return new PowerSupplyRedundancy(type, minNeeded);
    }
  }

  record SensorEntry(
      @Required String id, @Required PhysicalContext physicalContext, I2cEntry i2c) {

    TemperatureSensor toModel() {
      return new TemperatureSensor(id, physicalContext, I2cEntry.toModel(i2c));
    }
  }

  record I2cEntry(@Required int bus, @Required HexNumber address) {

    static Optional<I2cLocation> toModel(I2cEntry entry) {
      return Optional.ofNullable(entry).map(e -> new I2cLocation(e.bus, e.address.value()));
    }
  }

  private static <E, M> List<M> map(List<E> entries, Function<E, M> toModel) {
    return entries == null ? List.of() : entries.stream().map(toModel).toList();
  }
}

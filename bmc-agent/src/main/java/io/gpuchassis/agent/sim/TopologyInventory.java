package io.gpuchassis.agent.sim;

import io.gpuchassis.agent.chassis.ChassisIdentity;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Fan;
import io.gpuchassis.agent.chassis.Gpu;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.chassis.InterSwitchLink;
import io.gpuchassis.agent.chassis.PowerSupply;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.SwitchChip;
import io.gpuchassis.agent.chassis.TemperatureSensor;
import io.gpuchassis.agent.sim.topology.ChassisTopology;

/** Maps a topology onto the agent's chassis model: the inventory the chassis starts with. */
public final class TopologyInventory {

  private TopologyInventory() {}

  /** The chassis state a topology describes, before anything has been observed. */
  public static ChassisState initialState(ChassisTopology topology) {
    var c = topology.chassis();
    return new ChassisState(
        0,
        new ChassisIdentity(c.id(), c.manufacturer(), c.model(), c.sku(), c.serialNumber(), c.partNumber()),
        topology.switches().stream()
            .map(
                s ->
                    new SwitchChip(
                        s.id(),
                        s.manufacturer(),
                        s.model(),
                        s.vendorId(),
                        s.deviceId(),
                        s.laneCount(),
                        s.portCount()))
            .toList(),
        topology.interSwitchLinks().stream()
            .map(
                l ->
                    new InterSwitchLink(
                        l.a().switchId(),
                        l.a().port(),
                        l.b().switchId(),
                        l.b().port(),
                        l.a().width(),
                        l.a().maxGen(),
                        transitPartition(topology, l)))
            .toList(),
        topology.hosts().stream()
            .map(h -> new HostPort(h.id(), h.port().switchId(), h.port().port(), h.port().width(), h.port().maxGen(),
                topology.hostsOnSwitch(h.port().switchId()).indexOf(h)))
            .toList(),
        topology.slots().stream()
            .map(
                s ->
                    new Slot(
                        s.id(),
                        s.port().switchId(),
                        s.port().port(),
                        s.port().width(),
                        s.port().maxGen(),
                        s.gpu().map(TopologyInventory::gpu)))
            .toList(),
        topology.fans().stream().map(f -> new Fan(f.id(), f.maxRpm())).toList(),
        topology.powerSupplies().stream().map(p -> new PowerSupply(p.id(), p.model(), p.ratedWatts())).toList(),
        topology.temperatureSensors().stream()
            .map(t -> new TemperatureSensor(t.id(), t.physicalContext().name()))
            .toList(),
        java.util.Map.of(),
        java.util.Map.of());
  }

  /** The transit partition a link arrives in: after the chip's hosts, by the link's position among arriving links. */
  private static int transitPartition(ChassisTopology topology, io.gpuchassis.agent.sim.topology.InterSwitchLink link) {
    String chip = link.b().switchId();
    return topology.hostsOnSwitch(chip).size()
        + topology.interSwitchLinks().stream().filter(l -> l.b().switchId().equals(chip)).toList().indexOf(link);
  }

  private static Gpu gpu(io.gpuchassis.agent.sim.topology.Gpu g) {
    return new Gpu(
        g.model(),
        g.vendorId(),
        g.deviceId(),
        g.subsystemVendorId(),
        g.subsystemId(),
        g.serialNumber(),
        g.memoryGiB(),
        g.tdpWatts(),
        g.firmwareVersion(),
        g.maxGen(),
        g.maxWidth());
  }
}

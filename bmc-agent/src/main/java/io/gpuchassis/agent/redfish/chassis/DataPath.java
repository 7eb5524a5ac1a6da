package io.gpuchassis.agent.redfish.chassis;

import io.gpuchassis.agent.board.NetworkAdapter;
import io.gpuchassis.agent.ethernet.PortStatus;
import io.gpuchassis.agent.ethernet.PortWatch;
import io.gpuchassis.redfish.error.RedfishErrors;
import java.util.List;

/**
 * The chassis's own data path as the views read it: the board's adapters, each port's latest status
 * from the watch, its latest inventory (module, firmware, LLDP partner) from the inventory watch
 * each RoCE port's profile as last checked and each probed port's last round trip (immutable
 * snapshots: no I/O, no locks).
 */
public record DataPath(
    List<NetworkAdapter> adapters,
    PortWatch watch,
    io.gpuchassis.agent.ethernet.PortInventoryWatch inventory,
    io.gpuchassis.agent.ethernet.RoceWatch roce,
    io.gpuchassis.agent.ethernet.RoundTripWatch roundTrips) {

  public DataPath {
    adapters = List.copyOf(adapters);
  }

  /** Without a round-trip probe. */
  public DataPath(
      List<NetworkAdapter> adapters,
      PortWatch watch,
      io.gpuchassis.agent.ethernet.PortInventoryWatch inventory,
      io.gpuchassis.agent.ethernet.RoceWatch roce) {
    this(adapters, watch, inventory, roce, io.gpuchassis.agent.ethernet.RoundTripWatch.none());
  }

  /** The port's last round trip; empty when it has no peer. */
  java.util.Optional<io.gpuchassis.agent.ethernet.RoundTrip> roundTrip(
      io.gpuchassis.agent.ethernet.DataPort port) {
    return roundTrips.of(port);
  }

  /** The port's latest inventory; unread when the inventory watch does not have the port. */
  io.gpuchassis.agent.ethernet.PortInventory inventory(io.gpuchassis.agent.ethernet.DataPort port) {
    return inventory.of(port).orElse(io.gpuchassis.agent.ethernet.PortInventory.unread(port));
  }

  NetworkAdapter adapter(String id) {
    return adapters.stream()
        .filter(a -> a.id().equals(id))
        .findFirst()
        .orElseThrow(() -> RedfishErrors.notFound("NetworkAdapter", id));
  }

  PortStatus port(String adapterId, String portId) {
    adapter(adapterId);
    return watch
        .status(adapterId, portId)
        .orElseThrow(() -> RedfishErrors.notFound("Port", portId));
  }

  /** The lanes of the port's cage, where the board file says. */
  java.util.OptionalInt lanes(io.gpuchassis.agent.ethernet.DataPort port) {
    return adapter(port.adapter()).ports().stream()
        .filter(p -> p.id().equals(port.port()))
        .findFirst()
        .map(NetworkAdapter.Port::lanes)
        .orElse(java.util.OptionalInt.empty());
  }

  List<PortStatus> ports(String adapterId) {
    return watch.statuses().stream().filter(s -> s.port().adapter().equals(adapterId)).toList();
  }
}

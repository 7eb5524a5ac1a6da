package io.gpuchassis.agent.redfish.chassis;

import io.gpuchassis.agent.board.NetworkAdapter;
import io.gpuchassis.agent.ethernet.PortStatus;
import io.gpuchassis.agent.ethernet.PortWatch;
import io.gpuchassis.redfish.error.RedfishErrors;
import java.util.List;

/**
 * The chassis's own data path as the views read it: the board's adapters, each port's latest status
 * from the watch and each RoCE port's profile as last checked (immutable snapshots: no I/O, no
 * locks).
 */
public record DataPath(
    List<NetworkAdapter> adapters, PortWatch watch, io.gpuchassis.agent.ethernet.RoceWatch roce) {

  public DataPath {
    adapters = List.copyOf(adapters);
  }

  /** A data path whose ports carry no RoCE profile. */
  public DataPath(List<NetworkAdapter> adapters, PortWatch watch) {
    this(adapters, watch, io.gpuchassis.agent.ethernet.RoceWatch.none());
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

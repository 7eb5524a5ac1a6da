package io.gpuchassis.agent.console.view;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.chassis.WiredPort;
import io.gpuchassis.agent.compose.HostGpus;
import io.gpuchassis.agent.console.view.TextTable.Column;
import java.util.List;
import java.util.stream.Collectors;

/**
 * {@code show hosts}: each host port with its switch, partition, link, health and the slots bound
 * to it.
 */
public final class HostsView {

  private final ConsoleHealth health;

  public HostsView(ConsoleHealth health) {
    this.health = health;
  }

  public List<String> render(ChassisState state) {
    TextTable table =
        TextTable.of(
            Column.left("Host"),
            Column.left("Switch"),
            Column.right("Port"),
            Column.right("Partition"),
            Column.left("Link"),
            Column.left("Health"),
            Column.right("GPUs"),
            Column.flexible("Slots"));
    for (HostPort host : state.hosts()) {
      List<Integer> slots = HostGpus.bound(state, host.id());
      if (host.overEthernet()) {
        // No switch port: the host engine stands in its place
        table.row(
            host.id(),
            "Ethernet",
            "-",
            "-",
            "engine " + host.ethernet().orElseThrow().engine(),
            "-",
            slots.size(),
            slotList(slots));
        continue;
      }
      WiredPort port = port(state, host);
      table.row(
          host.id(),
          host.switchId(),
          host.port(),
          host.partition(),
          Cells.link(health.link(state, port)),
          Cells.health(health.port(state, port)),
          slots.size(),
          slotList(slots));
    }
    return table.lines();
  }

  static WiredPort port(ChassisState state, HostPort host) {
    return WiredPort.find(state, host.switchId(), host.port()).orElseThrow();
  }

  static String slotList(List<Integer> slots) {
    return slots.isEmpty()
        ? "-"
        : slots.stream().map(String::valueOf).collect(Collectors.joining(","));
  }
}

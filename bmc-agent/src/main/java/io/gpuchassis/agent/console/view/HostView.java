package io.gpuchassis.agent.console.view;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.WiredPort;
import io.gpuchassis.agent.compose.HostGpus;
import io.gpuchassis.agent.console.view.TextTable.Column;
import io.gpuchassis.sensor.chassis.SensorIds;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** {@code show host ID}: one host port and the GPUs bound to it. */
public final class HostView {

  private final ConsoleHealth health;

  public HostView(ConsoleHealth health) {
    this.health = health;
  }

  public List<String> render(ChassisState state, String hostId) {
    Optional<HostPort> found =
        state.hosts().stream().filter(h -> h.id().equalsIgnoreCase(hostId)).findFirst();
    if (found.isEmpty()) {
      return List.of(
          "No host "
              + hostId
              + " (hosts: "
              + String.join(", ", state.hosts().stream().map(HostPort::id).toList())
              + ")");
    }
    HostPort host = found.get();
    List<Integer> slots = HostGpus.bound(state, host.id());
    List<String> lines =
        new ArrayList<>(host.overEthernet() ? ethernet(host, slots) : pcie(state, host, slots));
    gpus(state, slots, lines);
    return lines;
  }

  /** A host reached over Ethernet: its ExpEther engine and identity instead of a switch port. */
  private static List<String> ethernet(HostPort host, List<Integer> slots) {
    io.gpuchassis.agent.chassis.EthernetHost e = host.ethernet().orElseThrow();
    return new Fields()
        .add("Host", host.id())
        .add("Fabric", "Ethernet, ExpEther host engine " + e.engine())
        .add("MAC address", e.macAddress())
        .add("IP address", e.ipAddress())
        .add("VLAN", e.vlan().isPresent() ? String.valueOf(e.vlan().getAsInt()) : "-")
        .add("GPUs bound", slots.size())
        .lines();
  }

  private List<String> pcie(ChassisState state, HostPort host, List<Integer> slots) {
    WiredPort port = HostsView.port(state, host);
    return new Fields()
        .add("Host", host.id())
        .add(
            "Switch port",
            host.switchId() + " port " + host.port() + " (partition " + host.partition() + ")")
        .add("Link", Cells.link(health.link(state, port)) + " of " + Cells.capability(port))
        .add("Health", Cells.health(health.port(state, port)))
        .add("GPUs bound", slots.size())
        .lines();
  }

  private void gpus(ChassisState state, List<Integer> slots, List<String> lines) {
    if (!slots.isEmpty()) {
      TextTable table =
          TextTable.of(
              Column.right("Slot"),
              Column.flexible("GPU"),
              Column.left("Serial"),
              Column.left("Health"),
              Column.left("Link"),
              Column.right("Temp C"));
      for (int number : slots) {
        Slot slot = state.slot(number).orElseThrow();
        WiredPort slotPort = WiredPort.find(state, slot.switchId(), slot.port()).orElseThrow();
        table.row(
            number,
            slot.gpu().map(g -> g.displayName()).orElse("(empty)"),
            slot.gpu().map(g -> Cells.known(g.serialNumber())).orElse("-"),
            slot.occupied() ? Cells.status(health.gpu(state, slot)) : "-",
            Cells.link(health.link(state, slotPort)),
            Cells.number(health.value(SensorIds.gpuTemperature(number)), 0));
      }
      lines.add("");
      lines.addAll(table.lines());
    }
  }
}

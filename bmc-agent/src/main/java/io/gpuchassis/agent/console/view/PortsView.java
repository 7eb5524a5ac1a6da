package io.gpuchassis.agent.console.view;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.PortLink;
import io.gpuchassis.agent.chassis.SwitchChip;
import io.gpuchassis.agent.chassis.WiredPort;
import io.gpuchassis.agent.console.view.TextTable.Column;
import java.util.List;
import java.util.Optional;

/**
 * {@code show ports}: the wired ports of every switch (slots, hosts, inter-switch links) with their
 * link, health as the Port resource judges it, and AER error counters. Ports the wiring does not
 * use are not managed, so not listed.
 */
public final class PortsView {

  private final ConsoleHealth health;

  public PortsView(ConsoleHealth health) {
    this.health = health;
  }

  public List<String> render(ChassisState state) {
    TextTable table =
        TextTable.of(
            Column.left("Switch"),
            Column.right("Port"),
            Column.left("Role"),
            Column.flexible("Label"),
            Column.left("Link"),
            Column.left("Max"),
            Column.left("Health"),
            Column.right("Corr"),
            Column.right("Uncorr"));
    for (SwitchChip chip : state.switches()) {
      for (WiredPort port : WiredPort.of(state, chip.id())) {
        Optional<PortLink> link = health.link(state, port);
        table.row(
            port.switchId(),
            port.port(),
            Cells.role(port.role()),
            port.label(),
            Cells.link(link),
            Cells.capability(port),
            Cells.health(health.port(state, port)),
            link.map(l -> (Object) l.counters().correctable()).orElse("-"),
            link.map(l -> (Object) l.counters().uncorrectable()).orElse("-"));
      }
    }
    return table.lines();
  }
}

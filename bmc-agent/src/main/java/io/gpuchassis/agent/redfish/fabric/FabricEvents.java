package io.gpuchassis.agent.redfish.fabric;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.PortLink;
import io.gpuchassis.agent.chassis.SwitchChip;
import io.gpuchassis.agent.chassis.SwitchObservation;
import io.gpuchassis.agent.chassis.WiredPort;
import io.gpuchassis.agent.events.EventBus;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.message.FabricMessages;
import io.gpuchassis.redfish.message.MessageDefinition;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Fabric changes as events, from the switches' observations: a link that comes up (degraded or not)
 * or drops raises the Fabric message for its kind of port (upstream to a host, downstream to a GPU,
 * inter-switch), about the port; a switch that stops answering raises SwitchFailed, and SwitchOK
 * when it answers again.
 */
public final class FabricEvents implements Consumer<ChassisState> {

  private final EventBus bus;
  private ChassisState previous;

  public FabricEvents(EventBus bus, ChassisState initial) {
    this.bus = bus;
    this.previous = initial;
  }

  @Override
  public void accept(ChassisState next) {
    for (SwitchChip chip : next.switches()) {
      Optional<SwitchObservation> before = previous.switchObservation(chip.id());
      Optional<SwitchObservation> now = next.switchObservation(chip.id());
      if (before.isEmpty() || now.isEmpty() || before.get() == now.get()) {
        continue;
      }
      String uri = Uris.fabricSwitch(chip.id());
      if (before.get().reachable() && !now.get().reachable()) {
        bus.publish(FabricMessages.SWITCH_FAILED.with(chip.id()), uri);
      } else if (!before.get().reachable() && now.get().reachable()) {
        bus.publish(FabricMessages.SWITCH_OK.with(chip.id()), uri);
      }
      if (before.get().reachable() && now.get().reachable()) {
        links(next, chip.id(), before.get(), now.get());
      }
    }
    previous = next;
  }

  private void links(
      ChassisState state, String switchId, SwitchObservation before, SwitchObservation now) {
    for (WiredPort port : WiredPort.of(state, switchId)) {
      PortLink was = before.ports().get(port.port());
      PortLink is = now.ports().get(port.port());
      if (was == null || is == null || was.up() == is.up()) {
        continue;
      }
      MessageDefinition message = is.up() ? established(port, port.degraded(is)) : dropped(port);
      bus.publish(
          message.with(switchId, Integer.toString(port.port())), Uris.port(switchId, port.port()));
    }
  }

  private static MessageDefinition established(WiredPort port, boolean degraded) {
    return switch (port.role()) {
      case HOST ->
          degraded
              ? FabricMessages.DEGRADED_UPSTREAM_LINK_ESTABLISHED
              : FabricMessages.UPSTREAM_LINK_ESTABLISHED;
      case SLOT ->
          degraded
              ? FabricMessages.DEGRADED_DOWNSTREAM_LINK_ESTABLISHED
              : FabricMessages.DOWNSTREAM_LINK_ESTABLISHED;
      case INTER_SWITCH ->
          degraded
              ? FabricMessages.DEGRADED_INTERSWITCH_LINK_ESTABLISHED
              : FabricMessages.INTERSWITCH_LINK_ESTABLISHED;
    };
  }

  private static MessageDefinition dropped(WiredPort port) {
    return switch (port.role()) {
      case HOST -> FabricMessages.UPSTREAM_LINK_DROPPED;
      case SLOT -> FabricMessages.DOWNSTREAM_LINK_DROPPED;
      case INTER_SWITCH -> FabricMessages.INTERSWITCH_LINK_DROPPED;
    };
  }
}

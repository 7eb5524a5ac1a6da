package io.gpuchassis.agent.redfish.composition;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.compose.Mismatch;
import io.gpuchassis.agent.events.EventBus;
import io.gpuchassis.agent.redfish.core.CompositionCheckMessages;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.message.CompositionMessages;
import io.gpuchassis.redfish.message.FabricMessages;
import io.gpuchassis.redfish.message.ResourceEventMessages;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * Composition changes as events, from the model's snapshots: a GPU whose binding state changes
 * raises the Composition message ResourceBlockCompositionStateChanged about its resource block, and
 * a host whose zone gains or loses a GPU raises the Fabric message ZoneModified about its zone; a
 * GPU attached with its link below what it and its slot can do (after the engine's one retrain)
 * raises LinkBelowCapability about its block; a host whose bound GPUs change raises the Fabric
 * message ConnectionCreated, ConnectionModified or ConnectionRemoved about its Connection (the same
 * bindings seen as Connections, which a Sunfish core follows). Reconciliation's findings at start
 * are events too.
 */
public final class CompositionEvents implements Consumer<ChassisState> {

  private final EventBus bus;
  private ChassisState previous;

  public CompositionEvents(EventBus bus, ChassisState initial) {
    this.bus = bus;
    this.previous = initial;
  }

  /** Called by the model, one snapshot at a time, in order. */
  @Override
  public void accept(ChassisState next) {
    for (SlotBinding now : next.bindings().values()) {
      SlotBinding before = previous.binding(now.slot());
      if (before.state() != now.state()) {
        String block = Uris.resourceBlock(now.slot());
        bus.publish(
            CompositionMessages.RESOURCE_BLOCK_COMPOSITION_STATE_CHANGED.with(block), block);
      }
      if (before.link().isEmpty()
          && now.link().filter(io.gpuchassis.agent.chassis.LinkTraining::degraded).isPresent()) {
        var link = now.link().get();
        String block = Uris.resourceBlock(now.slot());
        bus.publish(
            CompositionCheckMessages.LINK_BELOW_CAPABILITY.with(
                block, link.trained().toString(), link.capable().toString()),
            block);
      }
      Optional<String> was = zoneOf(before);
      Optional<String> is = zoneOf(now);
      if (!was.equals(is)) {
        was.ifPresent(h -> zoneModified(next, h));
        is.ifPresent(h -> zoneModified(next, h));
      }
    }
    connections(previous, next);
    previous = next;
  }

  /** The Connection events of the hosts whose set of bound GPUs changed. */
  private void connections(ChassisState before, ChassisState after) {
    if (before.bindings().equals(after.bindings())) {
      return; // most snapshots are a switch's poll: no binding moved
    }
    Map<String, Set<Integer>> was = boundByHost(before);
    Map<String, Set<Integer>> is = boundByHost(after);
    Set<String> hosts = new TreeSet<>(was.keySet());
    hosts.addAll(is.keySet());
    for (String host : hosts) {
      Set<Integer> a = was.getOrDefault(host, Set.of());
      Set<Integer> b = is.getOrDefault(host, Set.of());
      if (a.equals(b)) {
        continue;
      }
      var message =
          a.isEmpty()
              ? FabricMessages.CONNECTION_CREATED
              : b.isEmpty()
                  ? FabricMessages.CONNECTION_REMOVED
                  : FabricMessages.CONNECTION_MODIFIED;
      boolean ethernet = overEthernet(after, host);
      bus.publish(
          message.with(host, ethernet ? Uris.ROCE_FABRIC_ID : Uris.FABRIC_ID),
          ethernet ? Uris.roceConnection(host) : Uris.connection(host));
    }
  }

  private static Map<String, Set<Integer>> boundByHost(ChassisState state) {
    Map<String, Set<Integer>> hosts = new TreeMap<>();
    for (SlotBinding b : state.bindings().values()) {
      zoneOf(b).ifPresent(h -> hosts.computeIfAbsent(h, k -> new TreeSet<>()).add(b.slot()));
    }
    return hosts;
  }

  /**
   * Each mismatch reconciliation found: ResourceErrorsCorrected when it was put right, else
   * ResourceErrorsDetected.
   */
  public void reconciled(List<Mismatch> mismatches) {
    for (Mismatch m : mismatches) {
      String origin = origin(m);
      bus.publish(
          (m.repaired()
                  ? ResourceEventMessages.RESOURCE_ERRORS_CORRECTED
                  : ResourceEventMessages.RESOURCE_ERRORS_DETECTED)
              .with("Binding", m.toString()),
          origin);
    }
  }

  /** The resource a mismatch is about: the slot's resource block, or the link's port. */
  public static String origin(Mismatch m) {
    return m.slot().isPresent()
        ? Uris.resourceBlock(m.slot().getAsInt())
        : Uris.port(m.link().orElseThrow().switchA(), m.link().orElseThrow().portA());
  }

  /** About the host's zone on its own fabric: the RoCE fabric's for an Ethernet host. */
  private void zoneModified(ChassisState state, String host) {
    boolean ethernet = overEthernet(state, host);
    bus.publish(
        FabricMessages.ZONE_MODIFIED.with(host, ethernet ? Uris.ROCE_FABRIC_ID : Uris.FABRIC_ID),
        Uris.zone(host, ethernet));
  }

  private static boolean overEthernet(ChassisState state, String host) {
    return state.hosts().stream().anyMatch(h -> h.id().equals(host) && h.overEthernet());
  }

  /** A GPU is in its host's zone while bound. */
  private static Optional<String> zoneOf(SlotBinding b) {
    return b.state() == SlotBinding.State.BOUND ? b.host() : Optional.empty();
  }
}

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
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Composition changes as events, from the model's snapshots: a GPU whose binding state changes
 * raises the Composition message ResourceBlockCompositionStateChanged about its resource block, and
 * a host whose zone gains or loses a GPU raises the Fabric message ZoneModified about its zone; a
 * GPU attached with its link below what it and its slot can do (after the engine's one retrain)
 * raises LinkBelowCapability about its block. Reconciliation's findings at start are events too.
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
        was.ifPresent(this::zoneModified);
        is.ifPresent(this::zoneModified);
      }
    }
    previous = next;
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

  private void zoneModified(String host) {
    bus.publish(FabricMessages.ZONE_MODIFIED.with(host, Uris.FABRIC_ID), Uris.zone(host));
  }

  /** A GPU is in its host's zone while bound. */
  private static Optional<String> zoneOf(SlotBinding b) {
    return b.state() == SlotBinding.State.BOUND ? b.host() : Optional.empty();
  }
}

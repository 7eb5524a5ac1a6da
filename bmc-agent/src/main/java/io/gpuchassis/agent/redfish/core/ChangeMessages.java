package io.gpuchassis.agent.redfish.core;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.HostSight;
import io.gpuchassis.agent.chassis.LinkTraining;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.compose.Change;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.message.CompositionMessages;
import io.gpuchassis.redfish.message.FabricMessages;
import io.gpuchassis.redfish.message.MessageInstance;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a finished binding task changed, in registry messages for its {@code Messages}: the
 * Composition message ResourceBlockCompositionStateChanged for each GPU's block, the Fabric message
 * ZoneModified for each host's zone, and for each GPU attached what the attach verified ({@link
 * #link}: its link where the fabric reads one, the host's word where it has a helper). Read from
 * the snapshot after the change, so the link's messages are those it ended with.
 */
public final class ChangeMessages {

  private ChangeMessages() {}

  /**
   * @param after the chassis once the change is done
   * @param slots the GPUs bound or released
   * @param hosts the hosts whose zones gained or lost them
   */
  public static List<MessageInstance> of(
      ChassisState after, Collection<Integer> slots, Collection<String> hosts) {
    List<MessageInstance> messages = new ArrayList<>();
    for (int slot : new LinkedHashSet<>(slots)) {
      messages.add(
          CompositionMessages.RESOURCE_BLOCK_COMPOSITION_STATE_CHANGED.with(
              Uris.resourceBlock(slot)));
      messages.addAll(link(after.binding(slot)));
    }
    for (String host : Set.copyOf(hosts)) {
      messages.add(FabricMessages.ZONE_MODIFIED.with(host, Uris.FABRIC_ID));
    }
    return messages;
  }

  /** One GPU bound to or released from {@code host}, as its binding stands after the change. */
  public static List<MessageInstance> of(SlotBinding after, String host) {
    List<MessageInstance> messages = new ArrayList<>();
    messages.add(
        CompositionMessages.RESOURCE_BLOCK_COMPOSITION_STATE_CHANGED.with(
            Uris.resourceBlock(after.slot())));
    messages.addAll(link(after));
    messages.add(FabricMessages.ZONE_MODIFIED.with(host, Uris.FABRIC_ID));
    return messages;
  }

  public static List<MessageInstance> of(ChassisState after, List<Change> changes) {
    return of(
        after,
        changes.stream().map(Change::slot).toList(),
        changes.stream().map(Change::hostId).toList());
  }

  /**
   * What the attach verified of a bound GPU: how its link trained, where the fabric reads it
   * (LinkVerified, or LinkBelowCapability; LinkRetrained when the engine retrained it; HostLinkDown
   * when its host's port was down), and, on either fabric, what its host said of it where it has a
   * helper to say so (HostSeesGpu, or HostDidNotSeeGpu). Nothing for a GPU not bound.
   */
  public static List<MessageInstance> link(SlotBinding binding) {
    if (binding.state() != SlotBinding.State.BOUND) {
      return List.of();
    }
    String block = Uris.resourceBlock(binding.slot());
    List<MessageInstance> messages = new ArrayList<>();
    binding.link().ifPresent(t -> messages.addAll(training(binding, block, t)));
    HostSight sight = binding.hostSight();
    if (sight.expected()) {
      messages.add(
          sight
              .address()
              .map(
                  address ->
                      CompositionCheckMessages.HOST_SEES_GPU.with(
                          block, binding.host().orElseThrow(), address))
              .orElseGet(
                  () ->
                      CompositionCheckMessages.HOST_DID_NOT_SEE_GPU.with(
                          block, binding.host().orElseThrow())));
    }
    return messages;
  }

  private static List<MessageInstance> training(SlotBinding binding, String block, LinkTraining t) {
    List<MessageInstance> messages = new ArrayList<>();
    t.beforeRetrain()
        .ifPresent(
            before ->
                messages.add(
                    CompositionCheckMessages.LINK_RETRAINED.with(
                        block, before.toString(), t.trained().toString())));
    messages.add(
        t.degraded()
            ? CompositionCheckMessages.LINK_BELOW_CAPABILITY.with(
                block, t.trained().toString(), t.capable().toString())
            : CompositionCheckMessages.LINK_VERIFIED.with(block, t.trained().toString()));
    if (!t.hostLinkUp()) {
      messages.add(
          CompositionCheckMessages.HOST_LINK_DOWN.with(block, binding.host().orElseThrow()));
    }
    return messages;
  }
}

package io.gpuchassis.agent.redfish.core;

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
 * Composition message ResourceBlockCompositionStateChanged for each GPU's block, and the Fabric
 * message ZoneModified for each host's zone.
 */
public final class ChangeMessages {

  private ChangeMessages() {}

  /**
   * @param slots the GPUs bound or released; @param hosts the hosts whose zones gained or lost them
   */
  public static List<MessageInstance> of(Collection<Integer> slots, Collection<String> hosts) {
    List<MessageInstance> messages = new ArrayList<>();
    for (int slot : new LinkedHashSet<>(slots)) {
      messages.add(
          CompositionMessages.RESOURCE_BLOCK_COMPOSITION_STATE_CHANGED.with(
              Uris.resourceBlock(slot)));
    }
    for (String host : Set.copyOf(hosts)) {
      messages.add(FabricMessages.ZONE_MODIFIED.with(host, Uris.FABRIC_ID));
    }
    return messages;
  }

  public static List<MessageInstance> of(List<io.gpuchassis.agent.compose.Change> changes) {
    return of(
        changes.stream().map(c -> c.slot()).toList(),
        changes.stream().map(c -> c.hostId()).toList());
  }
}

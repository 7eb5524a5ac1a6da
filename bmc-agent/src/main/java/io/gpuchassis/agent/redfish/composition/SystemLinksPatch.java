package io.gpuchassis.agent.redfish.composition;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.compose.Change;
import io.gpuchassis.agent.compose.HostGpus;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.http.PatchRefusals;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.MessageInstance;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A {@code PATCH} of an expandable system's {@code Links.ResourceBlocks} (DSP2050, "Expandable
 * resources"), read into the changes that make the host's GPUs the ones listed: releases of the
 * GPUs it has and the list leaves out, then binds of those it adds. The host's own block stays in
 * the list; an empty list gives every GPU back. Anything else in the body is refused: what the
 * system shows is PropertyNotWritable, what it does not PropertyUnknown, all in one 400.
 */
final class SystemLinksPatch {

  private SystemLinksPatch() {}

  /**
   * @param shown the system as the caller reads it now, for telling a read-only property from an
   *     unknown one
   */
  static List<Change> changes(
      ObjectNode body, ObjectNode shown, ChassisState state, HostPort host) {
    List<MessageInstance> problems = new ArrayList<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = body.fields(); it.hasNext(); ) {
      String name = it.next().getKey();
      if (name.startsWith("@odata.") || name.equals("Links")) {
        continue;
      }
      problems.add(PatchRefusals.of(name, shown.has(name), "/" + name));
    }
    JsonNode links = body.path("Links");
    if (body.has("Links") && !links.isObject()) {
      problems.add(
          BaseMessages.PROPERTY_VALUE_TYPE_ERROR.with(links.toString(), "Links").about("/Links"));
    }
    for (Iterator<String> it = links.fieldNames(); it.hasNext(); ) {
      String name = it.next();
      if (!name.equals("ResourceBlocks")) {
        problems.add(
            PatchRefusals.of("Links/" + name, shown.path("Links").has(name), "/Links/" + name));
      }
    }
    JsonNode blocks = links.path("ResourceBlocks");
    if (!blocks.isArray()) {
      problems.add(
          blocks.isMissingNode()
              ? BaseMessages.PROPERTY_MISSING
                  .with("Links/ResourceBlocks")
                  .about("/Links/ResourceBlocks")
              : BaseMessages.PROPERTY_VALUE_TYPE_ERROR
                  .with(blocks.toString(), "Links/ResourceBlocks")
                  .about("/Links/ResourceBlocks"));
    }
    Set<Integer> wanted = new LinkedHashSet<>();
    boolean ownBlock = false;
    for (int i = 0; blocks.isArray() && i < blocks.size(); i++) {
      String uri = blocks.get(i).path("@odata.id").asText("");
      if (uri.equals(Uris.hostResourceBlock(host.id()))) {
        ownBlock = true;
        continue;
      }
      var slot = ResourceBlockResource.slotOf(state, uri);
      if (slot.isEmpty() || !wanted.add(slot.get())) {
        problems.add(
            BaseMessages.PROPERTY_VALUE_INCORRECT
                .with("Links/ResourceBlocks", uri)
                .about("/Links/ResourceBlocks/" + i));
      }
    }
    // [] leaves the host no GPUs: the host itself cannot be taken out of the list, so an empty
    // list can mean nothing else. A list of GPUs without the host's block is a mistake.
    if (blocks.isArray() && !ownBlock && blocks.size() > 0) {
      problems.add(
          BaseMessages.PROPERTY_VALUE_INCORRECT
              .with("Links/ResourceBlocks", blocks.toString())
              .about("/Links/ResourceBlocks"));
    }
    if (!problems.isEmpty()) {
      throw RedfishErrors.of(problems)
          .withDetail(
              "Links/ResourceBlocks lists the host's own block "
                  + Uris.hostResourceBlock(host.id())
                  + " and the GPU blocks it is to have, each once ([] for none); nothing else can be"
                  + " changed.");
    }
    List<Integer> has = HostGpus.bound(state, host.id());
    List<Change> changes = new ArrayList<>();
    has.stream()
        .filter(s -> !wanted.contains(s))
        .forEach(s -> changes.add(new Change.Release(s, host.id())));
    wanted.stream()
        .filter(s -> !has.contains(s))
        .forEach(s -> changes.add(new Change.Bind(s, host.id())));
    return changes;
  }
}

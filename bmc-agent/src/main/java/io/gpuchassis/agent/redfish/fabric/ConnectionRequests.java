package io.gpuchassis.agent.redfish.fabric;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.redfish.fabric.EndpointZoneResource.Fabric;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.http.PatchRefusals;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.MessageInstance;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;

/**
 * Reads the body of a {@code POST} to a fabric's {@code Connections} or a {@code PATCH} of a
 * Connection: the host named by {@code Links.InitiatorEndpoints} (exactly one host endpoint of that
 * fabric) and the GPU slots named by {@code Links.TargetEndpoints} (the fabric's GPU endpoints).
 * Every problem of the body is reported in one 400, and nothing is read from a body that has one.
 */
final class ConnectionRequests {

  /** What a create asks for: the host, and the GPUs it is to reach (at least one). */
  record Create(HostPort host, Set<Integer> slots) {}

  /** The properties a create may carry besides {@code Links}; OData annotations are ignored. */
  private static final Set<String> SHOWN =
      Set.of("Id", "Name", "Description", "Status", "ConnectionType", "Oem");

  private ConnectionRequests() {}

  /**
   * A {@code POST}: {@code Links.InitiatorEndpoints} names one host port's endpoint, {@code
   * Links.TargetEndpoints} one or more GPU endpoints, each once. {@code ConnectionType} has no
   * value that fits a PCIe device (the schema's are Storage and Memory) and is refused when given.
   */
  static Create create(ObjectNode body, ChassisState state) {
    return create(body, state, Fabric.PCIE);
  }

  static Create create(ObjectNode body, ChassisState state, Fabric fabric) {
    List<MessageInstance> problems = new ArrayList<>();
    for (Iterator<String> it = body.fieldNames(); it.hasNext(); ) {
      String name = it.next();
      if (name.startsWith("@odata.") || name.equals("Links")) {
        continue;
      }
      if (name.equals("ConnectionType")) {
        problems.add(
            BaseMessages.PROPERTY_VALUE_NOT_IN_LIST
                .with(body.get(name).asText(body.get(name).toString()), name)
                .about("/ConnectionType"));
      } else {
        problems.add(PatchRefusals.of(name, SHOWN.contains(name), "/" + name));
      }
    }
    JsonNode links = links(body, problems, Set.of("InitiatorEndpoints", "TargetEndpoints"));
    Optional<HostPort> host = Optional.empty();
    Set<Integer> slots = Set.of();
    if (links.isObject()) {
      host = initiator(links.path("InitiatorEndpoints"), state, fabric, problems);
      slots = targets(links.path("TargetEndpoints"), state, fabric, problems);
    }
    refuseIf(problems, fabric);
    return new Create(host.orElseThrow(), slots);
  }

  /**
   * A {@code PATCH} of {@code host}'s Connection: the GPUs it is to have, {@code
   * Links.TargetEndpoints}, at least one (a DELETE gives them all back). {@code
   * Links.InitiatorEndpoints} may be given only as it is.
   *
   * @param shown the Connection as the caller reads it now, for telling a read-only property from
   *     an unknown one
   */
  static Set<Integer> update(ObjectNode body, ObjectNode shown, ChassisState state, HostPort host) {
    return update(body, shown, state, host, Fabric.PCIE);
  }

  static Set<Integer> update(
      ObjectNode body, ObjectNode shown, ChassisState state, HostPort host, Fabric fabric) {
    List<MessageInstance> problems = new ArrayList<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = body.fields(); it.hasNext(); ) {
      String name = it.next().getKey();
      if (!name.startsWith("@odata.") && !name.equals("Links")) {
        problems.add(PatchRefusals.of(name, shown.has(name), "/" + name));
      }
    }
    JsonNode links = links(body, problems, Set.of("InitiatorEndpoints", "TargetEndpoints"));
    JsonNode initiators = links.path("InitiatorEndpoints");
    if (links.isObject() && !initiators.isMissingNode()) {
      initiator(initiators, state, fabric, problems)
          .filter(h -> !h.id().equals(host.id()))
          .ifPresent(
              other ->
                  problems.add(
                      BaseMessages.PROPERTY_NOT_WRITABLE
                          .with("Links/InitiatorEndpoints")
                          .about("/Links/InitiatorEndpoints")));
    }
    Set<Integer> slots =
        links.isObject()
            ? targets(links.path("TargetEndpoints"), state, fabric, problems)
            : Set.of();
    refuseIf(problems, fabric);
    return slots;
  }

  /** {@code Links}, an object holding only {@code allowed} properties. */
  private static JsonNode links(
      ObjectNode body, List<MessageInstance> problems, Set<String> allowed) {
    JsonNode links = body.path("Links");
    if (links.isMissingNode()) {
      problems.add(BaseMessages.PROPERTY_MISSING.with("Links").about("/Links"));
      return links;
    }
    if (!links.isObject()) {
      problems.add(
          BaseMessages.PROPERTY_VALUE_TYPE_ERROR.with(links.toString(), "Links").about("/Links"));
      return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
    }
    for (Iterator<String> it = links.fieldNames(); it.hasNext(); ) {
      String name = it.next();
      if (!allowed.contains(name) && !name.endsWith("@odata.count")) {
        problems.add(PatchRefusals.of("Links/" + name, false, "/Links/" + name));
      }
    }
    return links;
  }

  /** The host port whose endpoint is the one member of {@code initiators}. */
  private static Optional<HostPort> initiator(
      JsonNode initiators, ChassisState state, Fabric fabric, List<MessageInstance> problems) {
    String property = "Links/InitiatorEndpoints";
    if (initiators.isMissingNode()) {
      problems.add(BaseMessages.PROPERTY_MISSING.with(property).about("/" + property));
      return Optional.empty();
    }
    if (!initiators.isArray() || initiators.size() != 1) {
      problems.add(
          BaseMessages.PROPERTY_VALUE_INCORRECT
              .with(property, initiators.toString())
              .about("/" + property));
      return Optional.empty();
    }
    String uri = initiators.get(0).path("@odata.id").asText("");
    Optional<HostPort> host =
        fabric.hosts(state).stream()
            .filter(h -> uri.equals(fabric.hostEndpoint(h.id())))
            .findFirst();
    if (host.isEmpty()) {
      problems.add(
          BaseMessages.PROPERTY_VALUE_INCORRECT.with(property, uri).about("/" + property + "/0"));
    }
    return host;
  }

  /** The occupied GPU slots {@code targets} names, each once, at least one. */
  private static Set<Integer> targets(
      JsonNode targets, ChassisState state, Fabric fabric, List<MessageInstance> problems) {
    String property = "Links/TargetEndpoints";
    Set<Integer> slots = new LinkedHashSet<>();
    if (targets.isMissingNode()) {
      problems.add(BaseMessages.PROPERTY_MISSING.with(property).about("/" + property));
      return slots;
    }
    if (!targets.isArray() || targets.isEmpty()) {
      problems.add(
          BaseMessages.PROPERTY_VALUE_INCORRECT
              .with(property, targets.toString())
              .about("/" + property));
      return slots;
    }
    for (int i = 0; i < targets.size(); i++) {
      String uri = targets.get(i).path("@odata.id").asText("");
      Optional<Integer> slot = slotOf(uri, state, fabric);
      if (slot.isEmpty() || !slots.add(slot.get())) {
        problems.add(
            BaseMessages.PROPERTY_VALUE_INCORRECT
                .with(property, uri)
                .about("/" + property + "/" + i));
      }
    }
    return slots;
  }

  /** The slot of a GPU endpoint URI of {@code fabric}, when the fabric reaches its GPU. */
  static Optional<Integer> slotOf(String endpointUri, ChassisState state, Fabric fabric) {
    Matcher m = fabric.gpuEndpoint.matcher(endpointUri);
    if (!m.matches()) {
      return Optional.empty();
    }
    int slot = Integer.parseInt(m.group(1));
    return state.slot(slot).filter(fabric::reaches).map(Slot::number);
  }

  private static void refuseIf(List<MessageInstance> problems, Fabric fabric) {
    if (!problems.isEmpty()) {
      throw RedfishErrors.of(problems)
          .withDetail(
              "A Connection links one host endpoint ("
                  + fabric.endpoints
                  + "/<host>) in Links.InitiatorEndpoints to the GPU endpoints it is to reach ("
                  + fabric.gpuEndpoint(1)
                  + ", ...) in Links.TargetEndpoints, each once; nothing else can be set. A DELETE of"
                  + " the Connection releases all its GPUs.");
    }
  }
}

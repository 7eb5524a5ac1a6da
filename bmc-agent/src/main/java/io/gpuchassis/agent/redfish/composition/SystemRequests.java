package io.gpuchassis.agent.redfish.composition;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.compose.Change;
import io.gpuchassis.agent.compose.ChangeException;
import io.gpuchassis.agent.compose.ChangeSet;
import io.gpuchassis.agent.compose.GpuRequest;
import io.gpuchassis.agent.compose.HostGpus;
import io.gpuchassis.agent.compose.PeerPath;
import io.gpuchassis.agent.compose.PeerToPeer;
import io.gpuchassis.agent.compose.Placement;
import io.gpuchassis.agent.compose.PlacementException;
import io.gpuchassis.agent.compose.Reservation;
import io.gpuchassis.agent.compose.Reservations;
import io.gpuchassis.agent.redfish.core.OemSchema;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.CompositionMessages;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a composition request for a computer system (the body of {@code POST /redfish/v1/Systems},
 * and the Request of a ComposeSystem stanza) and decides which GPUs it binds into which host,
 * changing nothing. Two forms:
 *
 * <ul>
 *   <li>specific: {@code Links.ResourceBlocks} = one host block and the GPU blocks to bind into it;
 *   <li>constrained: {@code Links.ResourceBlocks} = the host block only, and {@code
 *       Processors.Members} = one request {@code {"ProcessorType": "GPU",
 *       "@Redfish.RequestedCount": N, "Model": ...}}, placed by {@link Placement} with the
 *       peer-to-peer requirement {@code Oem.GpuChassisAgent.PeerToPeer} ({@code SameSwitch} or
 *       {@code Any}, the default).
 * </ul>
 */
final class SystemRequests {

  static final String SAME_SWITCH = "SameSwitch";
  static final String ANY = "Any";
  static final List<String> PEER_TO_PEER = List.of(SAME_SWITCH, ANY);
  private static final Set<String> PROPERTIES =
      Set.of("Name", "Description", "Links", "Processors", "Oem");

  /** Every property of the ComputerSystem the agent serves (the generated model's). */
  private static final Set<String> SERVED =
      Set.of(
          io.gpuchassis.redfish.model.ComputerSystem.class
              .getAnnotation(com.fasterxml.jackson.annotation.JsonPropertyOrder.class)
              .value());

  /** What a request composes: the GPUs bound into the host, and the peer paths they will have. */
  record SystemPlan(HostPort host, List<Integer> slots, Placement.Placed paths) {
    List<Change> changes() {
      return slots.stream().<Change>map(s -> new Change.Bind(s, host.id())).toList();
    }
  }

  private final Placement placement;
  private final Reservations reservations;

  SystemRequests(Placement placement, Reservations reservations) {
    this.placement = placement;
    this.reservations = reservations;
  }

  /**
   * The plan of {@code body} for {@code client}.
   *
   * @param taken slots that earlier stanzas of the same manifest bind
   * @param emptied hosts whose GPUs earlier stanzas of the same manifest release
   * @throws RedfishException with the registry message of what is wrong; nothing has changed
   */
  SystemPlan plan(
      JsonNode body, ChassisState state, String client, Set<Integer> taken, Set<String> emptied) {
    if (body == null || !body.isObject()) {
      throw RedfishErrors.of(BaseMessages.MALFORMED_JSON.with());
    }
    body.fieldNames()
        .forEachRemaining(
            name -> {
              if (!PROPERTIES.contains(name) && !name.startsWith("@")) {
                // a property systems have (Id, UUID, Status...) is set by the service, not asked
                throw RedfishErrors.of(
                    io.gpuchassis.redfish.http.PatchRefusals.of(
                        name, SERVED.contains(name), "/" + name));
              }
            });
    JsonNode links = body.path("Links").path("ResourceBlocks");
    if (!links.isArray()) {
      throw RedfishErrors.of(
              BaseMessages.CREATE_FAILED_MISSING_REQ_PROPERTIES
                  .with("Links/ResourceBlocks")
                  .about("/Links/ResourceBlocks"))
          .withDetail(
              "Name one host block, e.g. "
                  + Uris.hostResourceBlock("Host1")
                  + ", and either GPU blocks or a Processors request.");
    }
    List<HostPort> hosts = new ArrayList<>();
    List<Integer> slots = new ArrayList<>();
    for (JsonNode link : links) {
      String uri = link.path("@odata.id").asText("");
      Optional<HostPort> host = ResourceBlockResource.hostOf(state, uri);
      Optional<Integer> slot = ResourceBlockResource.slotOf(state, uri);
      if (host.isPresent()) {
        hosts.add(host.get());
      } else if (slot.isPresent()) {
        slots.add(slot.get());
      } else {
        throw RedfishErrors.of(
            CompositionMessages.RESOURCE_BLOCK_NOT_FOUND.with(uri).about("/Links/ResourceBlocks"));
      }
    }
    if (hosts.size() != 1) {
      throw RedfishErrors.of(
              BaseMessages.PROPERTY_VALUE_ERROR
                  .with("Links/ResourceBlocks")
                  .about("/Links/ResourceBlocks"))
          .withDetail(
              "Name exactly one host block (ResourceBlockType "
                  + "ComputerSystem, e.g. "
                  + Uris.hostResourceBlock("Host1")
                  + "); "
                  + hosts.size()
                  + " were named.");
    }
    HostPort host = hosts.get(0);
    checkHostIsFree(state, host, client, emptied);
    boolean constrained = body.has("Processors");
    if (constrained == !slots.isEmpty()) {
      throw RedfishErrors.of(
              BaseMessages.PROPERTY_VALUE_CONFLICT
                  .with("Links/ResourceBlocks", "Processors")
                  .about("/Processors"))
          .withDetail(
              "Either name GPU blocks in Links.ResourceBlocks (specific composition) "
                  + "or request GPUs in Processors (constrained composition), not both and not neither.");
    }
    return constrained
        ? constrained(body, state, host, client, taken)
        : specific(state, host, slots, client, taken);
  }

  private void checkHostIsFree(
      ChassisState state, HostPort host, String client, Set<String> emptied) {
    String hostBlock = Uris.hostResourceBlock(host.id());
    if (ResourceBlockResource.hostComposed(state, host) && !emptied.contains(host.id())) {
      throw RedfishErrors.of(CompositionMessages.RESOURCE_BLOCK_IN_USE.with(hostBlock))
          .withDetail(
              host.id()
                  + " already has GPUs; add more with POST "
                  + Uris.system(host.id())
                  + SystemResource.ADD
                  + " or a PATCH of its Links.ResourceBlocks, or give its GPUs back first.");
    }
    reservations
        .conflicting(client, Set.of(), Set.of(host.id()))
        .ifPresent(
            r -> {
              throw reserved(hostBlock, r);
            });
  }

  private SystemPlan specific(
      ChassisState state, HostPort host, List<Integer> slots, String client, Set<Integer> taken) {
    for (int slot : slots) {
      String block = Uris.resourceBlock(slot);
      if (taken.contains(slot)) {
        throw RedfishErrors.of(CompositionMessages.RESOURCE_BLOCK_IN_USE.with(block))
            .withDetail(block + " is already composed by an earlier stanza of this manifest.");
      }
      reservations
          .conflicting(client, Set.of(slot), Set.of())
          .ifPresent(
              r -> {
                throw reserved(block, r);
              });
    }
    SystemPlan plan =
        new SystemPlan(host, slots, Placement.describe(state, host.id(), slots).orElseThrow());
    try {
      ChangeSet.check(state, plan.changes());
    } catch (ChangeException e) {
      throw BindingErrors.of(e.reason(), Uris.resourceBlock(e.change().slot()));
    }
    return plan;
  }

  private SystemPlan constrained(
      JsonNode body, ChassisState state, HostPort host, String client, Set<Integer> taken) {
    JsonNode members = body.path("Processors").path("Members");
    if (!members.isArray() || members.size() != 1 || !members.get(0).isObject()) {
      throw RedfishErrors.of(
              BaseMessages.PROPERTY_VALUE_ERROR
                  .with("Processors/Members")
                  .about("/Processors/Members"))
          .withDetail(
              "Request GPUs with one member: {\"ProcessorType\": \"GPU\", "
                  + "\"@Redfish.RequestedCount\": 4}.");
    }
    JsonNode member = members.get(0);
    String type = member.path("ProcessorType").asText("");
    if (!type.equals("GPU")) {
      throw RedfishErrors.of(
              BaseMessages.PROPERTY_VALUE_NOT_IN_LIST
                  .with(type, "ProcessorType")
                  .about("/Processors/Members/0/ProcessorType"))
          .withDetail("The chassis composes GPUs only.");
    }
    JsonNode count = member.path("@Redfish.RequestedCount");
    if (!count.canConvertToInt() || !count.isIntegralNumber() || count.asInt() < 1) {
      throw RedfishErrors.of(
              BaseMessages.PROPERTY_VALUE_ERROR
                  .with("@Redfish.RequestedCount")
                  .about("/Processors/Members/0/@Redfish.RequestedCount"))
          .withDetail("A whole number of GPUs, at least 1.");
    }
    Optional<String> model =
        member.has("Model") ? Optional.of(member.get("Model").asText()) : Optional.empty();
    JsonNode p2p = body.path("Oem").path(OemSchema.KEY).path("PeerToPeer");
    String p2pValue = p2p.isMissingNode() ? ANY : p2p.asText("");
    if (!PEER_TO_PEER.contains(p2pValue)) {
      throw RedfishErrors.of(
              BaseMessages.PROPERTY_VALUE_NOT_IN_LIST
                  .with(p2pValue, "PeerToPeer")
                  .about("/Oem/GpuChassisAgent/PeerToPeer"))
          .withDetail("PeerToPeer is SameSwitch or Any.");
    }
    GpuRequest request =
        new GpuRequest(
            host.id(),
            count.asInt(),
            model,
            p2pValue.equals(SAME_SWITCH) ? PeerToPeer.SAME_SWITCH : PeerToPeer.ANY);
    Set<Integer> excluded = new HashSet<>(reservations.slotsHeldAgainst(client));
    Set<Integer> freeButReserved = Set.copyOf(excluded);
    excluded.addAll(taken);
    try {
      Placement.Placed placed = placement.place(state, request, excluded);
      return new SystemPlan(host, placed.slots(), placed);
    } catch (PlacementException e) {
      if (e.blockedByReservations()) {
        Optional<Reservation> holder = reservations.conflicting(client, freeButReserved, Set.of());
        if (holder.isPresent()) {
          throw RedfishErrors.of(
                  CompositionMessages.CONSTRAINED_RESOURCE_ALREADY_RESERVED.with(holder.get().id()))
              .withDetail(e.getMessage() + "; the others are reserved.");
        }
      }
      throw RedfishErrors.of(
              CompositionMessages.NO_RESOURCE_MATCH
                  .with("Processor")
                  .about("/Processors/Members/0"))
          .withDetail(e.getMessage() + ".");
    }
  }

  private static RedfishException reserved(String block, Reservation holder) {
    return RedfishErrors.of(
            CompositionMessages.SPECIFIED_RESOURCE_ALREADY_RESERVED.with(block, holder.id()))
        .withDetail(block + " is reserved for another client until " + holder.expires() + ".");
  }

  /** What a computer system's response says of its GPUs' paths: {@code Oem.GpuChassisAgent}. */
  static Map<String, Object> peerPaths(Placement.Placed paths) {
    return OemSchema.oem(OemSchema.COMPUTER_SYSTEM, peerPathProperties(paths));
  }

  /** The paths' properties of the system's OEM object. */
  static Map<String, Object> peerPathProperties(Placement.Placed paths) {
    Map<String, Object> oem = new LinkedHashMap<>();
    oem.put("GpuPeerPath", path(paths.betweenGpus()));
    oem.put("HostPath", path(paths.toHost()));
    return oem;
  }

  private static Map<String, Object> path(PeerPath p) {
    Map<String, Object> path = new LinkedHashMap<>();
    path.put("Path", p.kind());
    path.put("InterSwitchHops", p.hops());
    return path;
  }

  /**
   * The GPUs a host gives back when decomposed, checked all or nothing (each released by its host,
   * or idle where the host's release policy allows).
   */
  static List<Change> releases(
      ChassisState state, HostPort host, io.gpuchassis.agent.compose.ReleaseRule rule) {
    try {
      return HostGpus.releaseAll(state, host.id(), rule).stream()
          .<Change>map(s -> new Change.Release(s, host.id()))
          .toList();
    } catch (io.gpuchassis.agent.compose.BindingException e) {
      throw BindingErrors.of(e, Uris.system(host.id()));
    }
  }
}

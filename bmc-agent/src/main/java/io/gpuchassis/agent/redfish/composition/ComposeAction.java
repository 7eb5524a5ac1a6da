package io.gpuchassis.agent.redfish.composition;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.compose.BindingEngine;
import io.gpuchassis.agent.compose.Change;
import io.gpuchassis.agent.compose.ChangeException;
import io.gpuchassis.agent.compose.ChangeSet;
import io.gpuchassis.agent.compose.Placement;
import io.gpuchassis.agent.compose.Reservation;
import io.gpuchassis.agent.compose.ReservationConflict;
import io.gpuchassis.agent.compose.Reservations;
import io.gpuchassis.agent.health.FabricHealth;
import io.gpuchassis.agent.redfish.core.ChangeMessages;
import io.gpuchassis.agent.redfish.core.Offload;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.tasks.TaskRegistry;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.http.ActionParameters;
import io.gpuchassis.redfish.http.RedfishResponses;
import io.gpuchassis.redfish.http.RequestBodies;
import io.gpuchassis.redfish.json.RedfishJson;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.CompositionMessages;
import io.gpuchassis.redfish.message.MessageInstance;
import io.gpuchassis.redfish.model.ComposeRequestFormat;
import io.gpuchassis.redfish.model.ComposeRequestType;
import io.gpuchassis.redfish.model.ComposeResponse;
import io.gpuchassis.redfish.model.Manifest;
import io.gpuchassis.redfish.model.Stanza;
import io.gpuchassis.redfish.model.StanzaType;
import io.gpuchassis.redfish.route.Caller;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * {@code CompositionService.Compose}: a manifest of ComposeSystem stanzas (Request = a POST
 * /Systems body, specific or constrained) and DecomposeSystem stanzas (Request = {@code
 * {"@odata.id": "/redfish/v1/Systems/HostN"}}). Preview answers what each stanza would do and
 * changes nothing; PreviewReserve also holds the blocks for the caller ({@link Reservations});
 * Apply does every stanza, all or nothing, as a task (with a ReservationId: the reserved manifest,
 * exactly the blocks held).
 */
final class ComposeAction {

  static final String MANIFEST = "Manifest";
  static final String PREVIEW = "Preview";
  static final String PREVIEW_RESERVE = "PreviewReserve";
  static final String APPLY = "Apply";
  static final List<String> REQUEST_TYPES = List.of(PREVIEW, PREVIEW_RESERVE, APPLY);
  private static final String ACTION = "CompositionService.Compose";

  /**
   * One stanza, decided: its changes, what it holds, and its Request and Response as they stand
   * before Apply.
   */
  private record Resolved(
      String id,
      StanzaType type,
      HostPort host,
      List<Change> changes,
      Set<Integer> slots,
      ObjectNode request,
      ObjectNode preview) {}

  private final Vertx vertx;
  private final ChassisModel model;
  private final TaskRegistry tasks;
  private final Reservations reservations;
  private final SystemRequests requests;
  private final ChangeSet changes;
  private final io.gpuchassis.agent.compose.ReleaseRule releaseRule;

  private final FabricHealth health;
  private final io.gpuchassis.agent.host.HostReports reports;
  private final java.time.Duration answerWithin;

  ComposeAction(
      Vertx vertx,
      ChassisModel model,
      BindingEngine engine,
      TaskRegistry tasks,
      java.time.Duration answerWithin,
      Reservations reservations,
      Placement placement,
      FabricHealth health,
      io.gpuchassis.agent.host.HostReports reports) {
    this.reports = reports;
    this.answerWithin = answerWithin;
    this.health = health;
    this.vertx = vertx;
    this.model = model;
    this.tasks = tasks;
    this.reservations = reservations;
    this.requests = new SystemRequests(placement, reservations);
    this.changes = new ChangeSet(model, engine);
    this.releaseRule = engine.releaseRule();
  }

  void handle(RoutingContext ctx) {
    String client = RedfishRoutes.caller(ctx).map(Caller::userName).orElseThrow();
    ObjectNode body = RequestBodies.object(ctx);
    ActionParameters params =
        new ActionParameters(ACTION, body)
            .expect(
                List.of("RequestType"),
                List.of("RequestFormat", "Manifest", "ReservationId"),
                Set.of());
    String type = params.oneOf("RequestType", REQUEST_TYPES);
    if (body.has("RequestFormat")) {
      params.oneOf("RequestFormat", List.of(MANIFEST));
    }
    Optional<Reservation> reservation = Optional.empty();
    JsonNode manifest = body.get("Manifest");
    if (body.has("ReservationId")) {
      reservation = Optional.of(reservation(params, type, client, manifest != null));
      manifest =
          RedfishJson.mapper()
              .valueToTree(CompositionReservationResource.manifest(reservation.get().manifest()));
    }
    List<Resolved> resolved = resolve(type, stanzas(manifest), model.current(), client);
    switch (type) {
      case PREVIEW ->
          RedfishResponses.json(
              ctx, 200, response(type, resolved, Resolved::preview, Optional.empty()));
      case PREVIEW_RESERVE -> reserve(ctx, client, resolved);
      default -> apply(ctx, resolved, reservation);
    }
  }

  private Reservation reservation(
      ActionParameters params, String type, String client, boolean withManifest) {
    String id = params.string("ReservationId");
    if (!type.equals(APPLY) || withManifest) {
      throw params
          .invalid("ReservationId")
          .withDetail(
              "A reservation is applied with RequestType Apply and no "
                  + "Manifest: the reserved manifest is what is applied.");
    }
    Reservation r =
        reservations
            .find(id)
            .orElseThrow(
                () ->
                    params
                        .invalid("ReservationId")
                        .withDetail(
                            "There is no reservation "
                                + id
                                + "; it may have expired or been deleted."));
    if (!r.client().equals(client)) {
      throw RedfishErrors.of(CompositionMessages.CONSTRAINED_RESOURCE_ALREADY_RESERVED.with(id))
          .withDetail("Reservation " + id + " is held for another client.");
    }
    return r;
  }

  /** The stanzas of a manifest; EmptyManifest when there are none or one has no Request. */
  private static List<JsonNode> stanzas(JsonNode manifest) {
    JsonNode stanzas = manifest == null ? null : manifest.get("Stanzas");
    List<JsonNode> all = new ArrayList<>();
    if (stanzas != null && stanzas.isArray()) {
      stanzas.forEach(all::add);
    }
    if (all.isEmpty()
        || all.stream()
            .anyMatch(s -> !s.path("Request").isObject() || s.get("Request").isEmpty())) {
      throw RedfishErrors.of(CompositionMessages.EMPTY_MANIFEST.with().about("/Manifest/Stanzas"))
          .withDetail(
              "Give Manifest.Stanzas, each with a StanzaType (ComposeSystem or DecomposeSystem), a StanzaId "
                  + "and a Request.");
    }
    return all;
  }

  private List<Resolved> resolve(
      String type, List<JsonNode> stanzas, ChassisState state, String client) {
    Set<Integer> taken = new HashSet<>();
    Set<String> emptied = new HashSet<>();
    Set<String> composed = new HashSet<>();
    List<Resolved> resolved = new ArrayList<>();
    for (int i = 0; i < stanzas.size(); i++) {
      JsonNode stanza = stanzas.get(i);
      String id = stanza.path("StanzaId").asText(Integer.toString(i + 1));
      try {
        Resolved r =
            switch (stanza.path("StanzaType").asText("")) {
              case "ComposeSystem" ->
                  compose(id, stanza.get("Request"), state, client, taken, emptied, composed);
              case "DecomposeSystem" ->
                  decompose(id, stanza.get("Request"), state, client, emptied);
              default ->
                  throw RedfishErrors.of(
                          BaseMessages.PROPERTY_VALUE_NOT_IN_LIST.with(
                              stanza.path("StanzaType").asText(""), "StanzaType"))
                      .withDetail("StanzaType is ComposeSystem or DecomposeSystem.");
            };
        resolved.add(r);
      } catch (RedfishException e) {
        throw inStanza(e, type, id);
      }
    }
    return resolved;
  }

  private Resolved compose(
      String id,
      JsonNode request,
      ChassisState state,
      String client,
      Set<Integer> taken,
      Set<String> emptied,
      Set<String> composed) {
    SystemRequests.SystemPlan plan = requests.plan(request, state, client, taken, emptied);
    if (!composed.add(plan.host().id())) {
      throw RedfishErrors.of(BaseMessages.PROPERTY_VALUE_ERROR.with("Request"))
          .withDetail(plan.host().id() + " is composed by two stanzas.");
    }
    taken.addAll(plan.slots());
    ObjectNode specific = RedfishJson.mapper().createObjectNode();
    ArrayNode blocks = specific.putObject("Links").putArray("ResourceBlocks");
    blocks.addObject().put("@odata.id", Uris.hostResourceBlock(plan.host().id()));
    plan.slots().forEach(s -> blocks.addObject().put("@odata.id", Uris.resourceBlock(s)));
    ObjectNode preview = system(plan.host());
    preview.set("Links", specific.get("Links").deepCopy());
    preview.set("Oem", RedfishJson.mapper().valueToTree(SystemRequests.peerPaths(plan.paths())));
    return new Resolved(
        id,
        StanzaType.COMPOSE_SYSTEM,
        plan.host(),
        plan.changes(),
        Set.copyOf(plan.slots()),
        specific,
        preview);
  }

  private Resolved decompose(
      String id, JsonNode request, ChassisState state, String client, Set<String> emptied) {
    String uri = request.path("@odata.id").asText("");
    HostPort host =
        state.hosts().stream()
            .filter(h -> Uris.system(h.id()).equals(uri.replaceAll("/$", "")))
            .findFirst()
            .orElseThrow(
                () ->
                    RedfishErrors.of(BaseMessages.PROPERTY_VALUE_ERROR.with("Request"))
                        .withDetail(
                            "The Request of a DecomposeSystem stanza is {\"@odata.id\": \""
                                + Uris.system("Host1")
                                + "\"}."));
    reservations
        .conflicting(client, Set.of(), Set.of(host.id()))
        .ifPresent(
            r -> {
              throw RedfishErrors.of(
                  CompositionMessages.SPECIFIED_RESOURCE_ALREADY_RESERVED.with(
                      Uris.hostResourceBlock(host.id()), r.id()));
            });
    List<Change> releases = SystemRequests.releases(state, host, releaseRule);
    emptied.add(host.id());
    ObjectNode preview = system(host);
    preview
        .putObject("Links")
        .putArray("ResourceBlocks")
        .addObject()
        .put("@odata.id", Uris.hostResourceBlock(host.id()));
    ObjectNode decompose =
        RedfishJson.mapper().createObjectNode().put("@odata.id", Uris.system(host.id()));
    return new Resolved(
        id, StanzaType.DECOMPOSE_SYSTEM, host, releases, Set.of(), decompose, preview);
  }

  private static ObjectNode system(HostPort host) {
    return RedfishJson.mapper()
        .createObjectNode()
        .put("@odata.id", Uris.system(host.id()))
        .put("@odata.type", Schemas.COMPUTER_SYSTEM.odataType())
        .put("Id", host.id())
        .put("Name", host.id());
  }

  /**
   * A stanza's refusal: a request that cannot be processed is UnableToProcessStanzaRequest (with
   * the reason's own messages after it); a conflict (in use, reserved) keeps its status and
   * message. Both name the stanza.
   */
  private static RedfishException inStanza(RedfishException e, String type, String id) {
    String detail = "Stanza " + id + ": " + e.detail().orElse("its request cannot be processed.");
    if (e.status() != 400) {
      return e.withDetail(detail);
    }
    List<MessageInstance> messages = new ArrayList<>();
    messages.add(CompositionMessages.UNABLE_TO_PROCESS_STANZA_REQUEST.with(type, id));
    messages.addAll(e.messages());
    return new RedfishException(400, messages, e.headers(), detail);
  }

  private void reserve(RoutingContext ctx, String client, List<Resolved> resolved) {
    Set<Integer> slots = new HashSet<>();
    Set<String> hosts = new HashSet<>();
    resolved.forEach(
        r -> {
          slots.addAll(r.slots());
          hosts.add(r.host().id());
        });
    String manifest = json(manifest(resolved, Resolved::preview));
    Offload.run(
        vertx,
        ctx,
        () -> {
          try {
            return reservations.reserve(client, slots, hosts, manifest);
          } catch (ReservationConflict e) {
            throw RedfishErrors.of(
                    CompositionMessages.CONSTRAINED_RESOURCE_ALREADY_RESERVED.with(e.holder().id()))
                .withDetail("Another client reserved some of these blocks meanwhile.");
          }
        },
        r ->
            RedfishResponses.json(
                ctx,
                200,
                response(PREVIEW_RESERVE, resolved, Resolved::preview, Optional.of(r.id()))));
  }

  private void apply(
      RoutingContext ctx, List<Resolved> resolved, Optional<Reservation> reservation) {
    List<Change> all = resolved.stream().flatMap(r -> r.changes().stream()).toList();
    CompletableFuture<Void> done;
    try {
      done = changes.apply(all);
    } catch (ChangeException e) {
      throw CompositionReplies.reason(e);
    }
    // An applied reservation has done its job; a failed Apply keeps it, so the client can try
    // again.
    CompletableFuture<Void> finished =
        reservation.isEmpty()
            ? done
            : done.thenRun(() -> reservations.release(reservation.get().id()));
    CompositionReplies.reply(
        ctx,
        tasks,
        answerWithin,
        "Compose (Apply) of " + resolved.size() + " stanzas",
        finished,
        200,
        Optional.empty(),
        () ->
            response(
                APPLY,
                resolved,
                r ->
                    RedfishResponses.tree(
                        SystemResource.render(model.current(), r.host(), health, reports)),
                Optional.empty()),
        () -> ChangeMessages.of(model.current(), all));
  }

  private static ComposeResponse response(
      String type,
      List<Resolved> resolved,
      Function<Resolved, ObjectNode> responseOf,
      Optional<String> reservationId) {
    ComposeResponse response =
        new ComposeResponse()
            .requestType(ComposeRequestType.fromValue(type))
            .requestFormat(ComposeRequestFormat.MANIFEST)
            .manifest(manifest(resolved, responseOf));
    reservationId.ifPresent(response::reservationId);
    return response;
  }

  @SuppressWarnings("unchecked")
  private static Manifest manifest(
      List<Resolved> resolved, Function<Resolved, ObjectNode> responseOf) {
    return new Manifest()
        .stanzas(
            resolved.stream()
                .map(
                    r ->
                        new Stanza()
                            .stanzaType(r.type())
                            .stanzaId(r.id())
                            .request(RedfishJson.mapper().convertValue(r.request(), Map.class))
                            .response(
                                RedfishJson.mapper().convertValue(responseOf.apply(r), Map.class)))
                .toList());
  }

  private static String json(Object value) {
    try {
      return RedfishJson.mapper().writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a manifest could not be written as JSON", e);
    }
  }
}

package io.gpuchassis.agent.redfish.chassis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.chassis.AssetTag;
import io.gpuchassis.agent.chassis.ChassisIdentity;
import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.health.ChassisRollup;
import io.gpuchassis.agent.health.IdentifyLed;
import io.gpuchassis.agent.health.ViewVersion;
import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.Offload;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.http.PatchRequest;
import io.gpuchassis.redfish.http.Preconditions;
import io.gpuchassis.redfish.http.RedfishResponses;
import io.gpuchassis.redfish.http.RequestBodies;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.MessageInstance;
import io.gpuchassis.redfish.model.Chassis;
import io.gpuchassis.redfish.model.ChassisLinks;
import io.gpuchassis.redfish.model.ChassisType;
import io.gpuchassis.redfish.model.PowerState;
import io.gpuchassis.redfish.model.ResourceCollection;
import io.gpuchassis.redfish.route.Caller;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code /redfish/v1/Chassis} and {@code /redfish/v1/Chassis/{ChassisId}}: the expansion chassis
 * itself. An operator (ConfigureComponents) lights its identify LED ({@code
 * LocationIndicatorActive}, where the board wires one) and sets its {@code AssetTag}.
 */
public final class ChassisResource {

  /** How long a PATCH waits for the LED's poller (it may be in the middle of a slow read). */
  private static final long LED_TIMEOUT_SECONDS = 10;

  private final ChassisModel model;
  private final ChassisRollup rollup;
  private final ViewVersion views;
  private final IdentifyLed identify;
  private final AssetTag assetTag;
  private final Vertx vertx;
  private RedfishRoutes routes;

  /**
   * @param views the version of what the views read: their bodies are cached while it stands
   */
  public ChassisResource(
      ChassisModel model,
      ChassisRollup rollup,
      ViewVersion views,
      IdentifyLed identify,
      AssetTag assetTag,
      Vertx vertx) {
    this.model = model;
    this.rollup = rollup;
    this.views = views;
    this.identify = identify;
    this.assetTag = assetTag;
    this.vertx = vertx;
  }

  public void register(RedfishRoutes routes) {
    this.routes = routes;
    // the rollup is worked out once per version, when the body is rendered again
    routes.resource(
        Uris.CHASSIS,
        "ChassisCollection",
        params -> views.generation(),
        (params, caller) -> renderCollection(model.current()));
    routes.resource(
        Uris.CHASSIS_TEMPLATE,
        "Chassis",
        // its rollup shows statuses only: readings that change value leave the body as it is
        params -> views.statusNow(),
        (params, caller) -> render(find(params), rollup, identify));
    routes.patch(Uris.CHASSIS_TEMPLATE, "Chassis", this::handlePatch);
  }

  private void handlePatch(RoutingContext ctx) {
    Caller caller = RedfishRoutes.caller(ctx).orElseThrow();
    ChassisState state = find(ctx.pathParams());
    JsonNode current = routes.render(Uris.chassis(state.identity().id()), caller).orElseThrow();
    Preconditions.checkIfMatch(ctx, current);
    // every property the chassis shows and does not take is PropertyNotWritable, not unknown
    Set<String> readOnly = new HashSet<>();
    current.fieldNames().forEachRemaining(readOnly::add);
    ObjectNode body = RequestBodies.object(ctx);
    AtomicReference<Boolean> locate = new AtomicReference<>();
    AtomicReference<String> tag = new AtomicReference<>();
    List<MessageInstance> rejected =
        PatchRequest.of(body, readOnly)
            .bool(
                "LocationIndicatorActive",
                v ->
                    identify.present()
                        ? null
                        : BaseMessages.PROPERTY_NOT_WRITABLE
                            .with("LocationIndicatorActive")
                            .about("/LocationIndicatorActive"),
                locate::set)
            .string("AssetTag", ChassisResource::assetTagProblem, tag::set)
            .apply();
    Offload.run(
        vertx,
        ctx,
        () -> {
          if (tag.get() != null) {
            assetTag.set(tag.get());
          }
          if (locate.get() != null) {
            awaitLed(identify.set(locate.get(), caller.userName()));
          }
          return model.current();
        },
        now ->
            RedfishResponses.changed(
                ctx, RedfishResponses.tree(render(now, rollup, identify)), rejected));
  }

  private static MessageInstance assetTagProblem(String tag) {
    if (tag.length() > AssetTag.MAX_LENGTH) {
      return BaseMessages.STRING_VALUE_TOO_LONG.with(tag, AssetTag.MAX_LENGTH).about("/AssetTag");
    }
    return AssetTag.problem(tag)
        .map(p -> BaseMessages.PROPERTY_VALUE_INCORRECT.with("AssetTag", tag).about("/AssetTag"))
        .orElse(null);
  }

  private static void awaitLed(java.util.concurrent.CompletableFuture<Void> set) throws Exception {
    try {
      set.get(LED_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof Exception cause ? cause : e;
    }
  }

  /** The current state, if {@code ChassisId} names this chassis. */
  ChassisState find(java.util.Map<String, String> params) {
    return ChassisLookup.state(model, params);
  }

  static ResourceCollection renderCollection(ChassisState state) {
    return Collections.render(
        Schemas.CHASSIS_COLLECTION,
        Uris.CHASSIS,
        "Chassis Collection",
        List.of(Uris.chassis(state.identity().id())));
  }

  static Chassis render(ChassisState state, ChassisRollup rollup, IdentifyLed identify) {
    ChassisIdentity identity = state.identity();
    String uri = Uris.chassis(identity.id());
    return new Chassis()
        .atOdataId(uri)
        .atOdataType(Schemas.CHASSIS.odataType())
        .id(identity.id())
        .name("GPU Expansion Chassis")
        .UUID(
            io.gpuchassis.agent.chassis.StableUuids.chassis(identity.serialNumber())
                .map(java.util.UUID::toString)
                .orElse(null))
        .description(
            state.slots().size()
                + "-slot PCIe GPU expansion chassis with "
                + state.switches().size()
                + " switch chips and "
                + state.hosts().size()
                + " host ports")
        .chassisType(ChassisType.EXPANSION)
        .manufacturer(identity.manufacturer())
        .model(identity.model())
        .SKU(identity.sku())
        .serialNumber(identity.serialNumber())
        .partNumber(identity.partNumber())
        .assetTag(identity.assetTag())
        .locationIndicatorActive(identify.lit().orElse(null))
        .powerState(PowerState.ON)
        .status(rollup.of(state))
        .pcIeSlots(Uris.ref(Uris.pcieSlots(identity.id())))
        .pcIeDevices(Uris.ref(Uris.pcieDevices(identity.id())))
        .networkAdapters(Uris.ref(Uris.networkAdapters(identity.id())))
        .sensors(Uris.ref(Uris.sensors(identity.id())))
        .thermalSubsystem(Uris.ref(Uris.thermalSubsystem(identity.id())))
        .powerSubsystem(Uris.ref(Uris.powerSubsystem(identity.id())))
        .environmentMetrics(Uris.ref(Uris.environmentMetrics(identity.id())))
        .assembly(Uris.ref(Uris.assembly(identity.id())))
        .controls(Uris.ref(Uris.controls(identity.id())))
        .thermal(Uris.ref(Uris.chassis(identity.id()) + "/Thermal"))
        .power(Uris.ref(Uris.chassis(identity.id()) + "/Power"))
        .links(
            new ChassisLinks()
                .managedBy(List.of(Uris.ref(Uris.manager())))
                // the agent's board sits inside the chassis it manages
                .managersInChassis(List.of(Uris.ref(Uris.manager())))
                // one chassis, with no chassis inside it; the rack around it is not known, so
                // ContainedBy is left out
                .contains(List.of())
                .switches(
                    state.switches().stream()
                        .map(s -> Uris.ref(Uris.fabricSwitch(s.id())))
                        .toList()));
  }
}

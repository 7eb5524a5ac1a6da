package io.gpuchassis.agent.redfish.update;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ServiceIdentity;
import io.gpuchassis.agent.config.OutboundPolicy;
import io.gpuchassis.agent.firmware.ApplyTime;
import io.gpuchassis.agent.firmware.FirmwareUpdates;
import io.gpuchassis.agent.firmware.SelfUpdate;
import io.gpuchassis.agent.firmware.SwitchFirmware;
import io.gpuchassis.agent.firmware.UpdateRequest;
import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.OemSchema;
import io.gpuchassis.agent.redfish.core.Offload;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.redfish.tasks.TaskResponses;
import io.gpuchassis.agent.selfupdate.BootState;
import io.gpuchassis.agent.selfupdate.Slot;
import io.gpuchassis.agent.selfupdate.SlotStatus;
import io.gpuchassis.agent.selfupdate.Slots;
import io.gpuchassis.agent.tasks.Payload;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.firmware.StagingStore;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.http.PatchRequest;
import io.gpuchassis.redfish.http.Preconditions;
import io.gpuchassis.redfish.http.RedfishResponses;
import io.gpuchassis.redfish.http.RequestBodies;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.HttpPushUriApplyTime;
import io.gpuchassis.redfish.model.HttpPushUriOptions;
import io.gpuchassis.redfish.model.ParameterTypes;
import io.gpuchassis.redfish.model.SimpleUpdateAction;
import io.gpuchassis.redfish.model.SoftwareInventory;
import io.gpuchassis.redfish.model.StartUpdateAction;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.model.UpdateService;
import io.gpuchassis.redfish.model.UpdateServiceActions;
import io.gpuchassis.redfish.route.Caller;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.gpuchassis.switchdrv.FirmwarePartition;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code /redfish/v1/UpdateService}: the FirmwareInventory (each switch chip's main firmware, the
 * agent itself, and the GPUs' and power supplies' firmware it reads: {@link ComponentFirmware}),
 * the multipart push of a signed bundle, and SimpleUpdate from an HTTP(S) URI. An accepted update
 * is a task: its monitor answers 202 until every chip is done, each step is a task message and an
 * event (Update registry), and progress is reported as TaskProgressChanged in steps of ten percent.
 */
public final class UpdateServiceResource {

  static final String PUSH_ACTION = "UpdateService.MultipartHttpPush";
  static final String SIMPLE_UPDATE = "UpdateService.SimpleUpdate";

  /** How messages name a push to HttpPushUri (it is no action). */
  static final String HTTP_PUSH = "HttpPushUri";

  private final ServiceIdentity identity;
  private final ChassisModel model;
  private final FirmwareUpdates updates;
  private final UpdateTasks updateTasks;
  private final Vertx vertx;
  private final ImageFetch fetch;
  private final UpdateRequests requests;
  private final MultipartPush.Limits pushLimits;
  private final boolean allowHttp;
  private final NicFirmware nics;
  private RedfishRoutes routes;

  /**
   * @param policy where images may be fetched from, and how long and large uploads may be
   */
  public UpdateServiceResource(
      ServiceIdentity identity,
      ChassisModel model,
      FirmwareUpdates updates,
      UpdateTasks updateTasks,
      Vertx vertx,
      OutboundPolicy policy) {
    this(identity, model, updates, updateTasks, vertx, policy, NicFirmware.none());
  }

  /**
   * @param nics the data-path NICs' firmware, listed read-only
   */
  public UpdateServiceResource(
      ServiceIdentity identity,
      ChassisModel model,
      FirmwareUpdates updates,
      UpdateTasks updateTasks,
      Vertx vertx,
      OutboundPolicy policy,
      NicFirmware nics) {
    this.nics = nics;
    this.identity = identity;
    this.model = model;
    this.updates = updates;
    this.updateTasks = updateTasks;
    this.vertx = vertx;
    this.fetch = new ImageFetch(vertx, updates.staging(), updates.maxImageBytes(), policy);
    this.requests = new UpdateRequests(model);
    this.allowHttp = policy.allowHttp();
    this.pushLimits =
        new MultipartPush.Limits(
            updates.maxImageBytes(), policy.uploadDeadline(), policy.stagingFreeSpaceMarginBytes());
  }

  public void register(RedfishRoutes routes) {
    routes.resource(Uris.UPDATE_SERVICE, "UpdateService", (params, caller) -> render());
    routes.resource(
        Uris.FIRMWARE_INVENTORY,
        "SoftwareInventoryCollection",
        (params, caller) ->
            Collections.render(
                Schemas.SOFTWARE_INVENTORY_COLLECTION,
                Uris.FIRMWARE_INVENTORY,
                "Firmware Inventory",
                inventoryIds().stream().map(Uris::firmwareInventory).toList()));
    routes.resource(
        Uris.FIRMWARE_INVENTORY_TEMPLATE,
        "SoftwareInventory",
        (params, caller) -> renderInventory(params.get("SoftwareInventoryId")));
    // Pushing an image and SimpleUpdate are POSTs on the UpdateService: its privileges
    // (ConfigureComponents).
    routes.post(Uris.UPDATE_MULTIPART, "UpdateService", this::push);
    routes.post(Uris.SIMPLE_UPDATE, "UpdateService", this::simpleUpdate);
    routes.resource(
        Uris.SIMPLE_UPDATE_ACTION_INFO, "ActionInfo", (params, caller) -> simpleUpdateActionInfo());
    routes.post(Uris.START_UPDATE, "UpdateService", this::startUpdate);
    routes.post(Uris.UPDATE_HTTP_PUSH, "UpdateService", this::httpPush);
    routes.patch(Uris.UPDATE_SERVICE, "UpdateService", this::patch);
    this.routes = routes;
  }

  private UpdateService render() {
    return new UpdateService()
        .atOdataId(Uris.UPDATE_SERVICE)
        .atOdataType(Schemas.UPDATE_SERVICE.odataType())
        .id("UpdateService")
        .name("Update Service")
        .description(
            "Updates the firmware of the PCIe switch chips, and the agent itself, from bundles"
                + " signed by a trusted key")
        .serviceEnabled(updates.enabled())
        .status(
            new Status()
                .state(updates.enabled() ? State.ENABLED : State.DISABLED)
                .health(Health.OK))
        .maxImageSizeBytes(updates.maxImageBytes())
        .multipartHttpPushUri(Uris.UPDATE_MULTIPART)
        .httpPushUri(Uris.UPDATE_HTTP_PUSH)
        .httpPushUriOptions(
            new HttpPushUriOptions()
                .httpPushUriApplyTime(
                    new HttpPushUriApplyTime()
                        .applyTime(updates.httpPushApplyTime().get().redfishName())
                        .applyTimeAtRedfishAllowableValues(APPLY_TIMES)))
        .firmwareInventory(Uris.ref(Uris.FIRMWARE_INVENTORY))
        .actions(
            new UpdateServiceActions()
                .hashUpdateServiceStartUpdate(new StartUpdateAction().target(Uris.START_UPDATE))
                .hashUpdateServiceSimpleUpdate(
                    new SimpleUpdateAction()
                        .target(Uris.SIMPLE_UPDATE)
                        .atRedfishActionInfo(Uris.SIMPLE_UPDATE_ACTION_INFO)
                        .transferProtocolAtRedfishAllowableValues(transferProtocols())));
  }

  private List<String> transferProtocols() {
    return allowHttp ? List.of("HTTP", "HTTPS") : List.of("HTTPS");
  }

  /**
   * SimpleUpdate's parameters as {@link ImageFetch} and {@link UpdateRequests} read them: the
   * image's URI (required), how it is fetched and with which credentials, the targets (every switch
   * when none is named), whether to install an older or the same version, and when.
   */
  io.gpuchassis.redfish.model.ActionInfo simpleUpdateActionInfo() {
    List<String> targets = new ArrayList<>();
    inventoryIds().stream()
        .filter(
            id -> model.current().switchChip(id).isPresent() || id.equals(Uris.AGENT_FIRMWARE_ID))
        .forEach(id -> targets.add(Uris.firmwareInventory(id)));
    return new io.gpuchassis.redfish.model.ActionInfo()
        .atOdataId(Uris.SIMPLE_UPDATE_ACTION_INFO)
        .atOdataType(Schemas.ACTION_INFO.odataType())
        .id("SimpleUpdateActionInfo")
        .name("UpdateService.SimpleUpdate Action Info")
        .description(
            "Fetches a signed bundle from ImageURI and installs it in the targets it names.")
        .parameters(
            List.of(
                parameter("ImageURI", true, ParameterTypes.STRING, null),
                parameter("TransferProtocol", false, ParameterTypes.STRING, transferProtocols()),
                parameter("Username", false, ParameterTypes.STRING, null),
                parameter("Password", false, ParameterTypes.STRING, null),
                parameter("Targets", false, ParameterTypes.STRING_ARRAY, targets),
                parameter("ForceUpdate", false, ParameterTypes.BOOLEAN, null),
                parameter(
                    "@Redfish.OperationApplyTime", false, ParameterTypes.STRING, APPLY_TIMES)));
  }

  private static io.gpuchassis.redfish.model.ActionInfoParameters parameter(
      String name, boolean required, ParameterTypes type, List<String> allowable) {
    io.gpuchassis.redfish.model.ActionInfoParameters p =
        new io.gpuchassis.redfish.model.ActionInfoParameters()
            .name(name)
            .required(required)
            .dataType(type);
    return allowable == null ? p : p.allowableValues(allowable);
  }

  private List<String> inventoryIds() {
    List<String> ids =
        new ArrayList<>(model.current().switches().stream().map(s -> s.id()).toList());
    ids.add(Uris.AGENT_FIRMWARE_ID);
    ids.addAll(ComponentFirmware.ids(model.current()));
    ids.addAll(nics.ids());
    return ids;
  }

  private SoftwareInventory renderInventory(String id) {
    if (Uris.AGENT_FIRMWARE_ID.equals(id)) {
      return renderAgent(id);
    }
    if (model.current().switchChip(id).isEmpty()) {
      return ComponentFirmware.render(model.current(), id)
          .or(() -> nics.render(model.current().identity().id(), id))
          .orElseThrow(() -> RedfishErrors.notFound("SoftwareInventory", id));
    }
    SoftwareInventory inventory =
        new SoftwareInventory()
            .atOdataId(Uris.firmwareInventory(id))
            .atOdataType(Schemas.SOFTWARE_INVENTORY.odataType())
            .id(id)
            .name("Switch " + id + " firmware")
            .description("Main firmware image of PCIe switch " + id + " (A/B copies)")
            .softwareId("pcie-switch")
            .manufacturer(model.current().switchChip(id).map(c -> c.vendor()).orElse(null))
            .lowestSupportedVersion(
                updates.switchLowestSupported().map(Object::toString).orElse(null))
            .updateable(updates.enabled())
            .resetRequiredOnUpdate(true)
            .relatedItem(List.of(Uris.ref(Uris.fabricSwitch(id))))
            .relatedItemAtOdataCount(1);
    var read = updates.inventory().of(id);
    if (read.isEmpty()) {
      return inventory.status(new Status().state(State.UNAVAILABLE_OFFLINE));
    }
    SwitchFirmware chip = read.get();
    boolean pendingReset = chip.images().stream().anyMatch(p -> p.active() && !p.running());
    inventory
        .version(chip.runningVersion())
        .active(true)
        .status(
            new Status()
                .state(updates.updating(id) ? State.UPDATING : State.ENABLED)
                .health(Health.OK));
    Map<String, Object> oem = new LinkedHashMap<>();
    List<Map<String, Object>> copies = new ArrayList<>();
    for (FirmwarePartition p : chip.images()) {
      Map<String, Object> copy = new LinkedHashMap<>();
      copy.put("Copy", p.copy() == 0 ? "A" : "B");
      copy.put("Valid", p.valid());
      copy.put("Version", SwitchFirmware.imageVersion(p));
      copy.put("BootsNext", p.active());
      copy.put("Running", p.running());
      copies.add(copy);
    }
    oem.put("Images", copies);
    oem.put("ActivationPendingReset", pendingReset);
    return inventory.oem(OemSchema.oem(OemSchema.SOFTWARE_INVENTORY, oem));
  }

  /**
   * The agent's own entry: the running version, updateable when the packaged launcher gave it
   * install slots, and each slot's state in the OEM extension.
   */
  private SoftwareInventory renderAgent(String id) {
    SelfUpdate self = updates.self();
    SoftwareInventory agent =
        new SoftwareInventory()
            .atOdataId(Uris.firmwareInventory(id))
            .atOdataType(Schemas.SOFTWARE_INVENTORY.odataType())
            .id(id)
            .name("Management agent")
            .description("This Redfish service's own software (A/B install slots)")
            .version(identity.version())
            .manufacturer(identity.vendor())
            .softwareId("gpu-chassis-agent")
            .lowestSupportedVersion(self.lowestSupported().orElse(null))
            .updateable(updates.enabled() && self.slots().isPresent())
            .resetRequiredOnUpdate(true)
            .active(true)
            .status(
                new Status()
                    .state(updates.updatingAgent() ? State.UPDATING : State.ENABLED)
                    .health(Health.OK))
            .relatedItem(List.of(Uris.ref(Uris.manager())))
            .relatedItemAtOdataCount(1);
    if (self.slots().isEmpty()) {
      return agent;
    }
    Slots slots = self.slots().get();
    BootState state = slots.state();
    List<Map<String, Object>> listed = new ArrayList<>();
    for (Slot slot : Slot.values()) {
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("Slot", slot == Slot.PACKAGE ? "Package" : slot.name());
      if (slot != Slot.PACKAGE) {
        SlotStatus status = state.status(slot);
        entry.put("State", status.name().charAt(0) + status.stateName().substring(1));
        entry.put("Version", state.version(slot).orElse(null));
      } else {
        entry.put("Version", slots.running() == Slot.PACKAGE ? identity.version() : null);
      }
      entry.put("Primary", state.primary() == slot);
      entry.put("Running", slots.running() == slot);
      listed.add(entry);
    }
    Map<String, Object> oem = new LinkedHashMap<>();
    oem.put("Slots", listed);
    oem.put("ActivationPendingReset", state.primary() != slots.running());
    return agent.oem(OemSchema.oem(OemSchema.SOFTWARE_INVENTORY, oem));
  }

  /**
   * POST {@code MultipartHttpPushUri}. Once received, the bundle is kept under a name of its own
   * (freeing the upload place) and handed to the update, which removes it once checked, or once run
   * for an agent's jar.
   */
  private void push(RoutingContext ctx) {
    MultipartPush.receive(vertx, ctx, updates.staging(), pushLimits)
        .onFailure(e -> refuse(ctx, e))
        .onSuccess(received -> accept(ctx, received, PUSH_ACTION));
  }

  /** A received push, checked off the event loop, then run (or held for StartUpdate) as a task. */
  private void accept(RoutingContext ctx, MultipartPush.Received received, String action) {
    StagingStore.Upload upload = received.upload();
    vertx
        .executeBlocking(
            () -> {
              try (upload) {
                UpdateRequest request =
                    requests.read(action, received.parameters(), received.fileName());
                if (request.onStartUpdate()) {
                  return new Accepted(
                      request, null, updates.hold(updates.staging().keep(upload), request));
                }
                // kept: an agent's jar is copied from it while the update runs
                return new Accepted(
                    request, updates.prepare(updates.staging().keep(upload), request), null);
              }
            },
            false)
        .onFailure(e -> refuse(ctx, e))
        .onSuccess(
            accepted ->
                updateTasks.start(
                    ctx,
                    "Firmware update with " + accepted.request().imageName(),
                    TaskResponses.payloadOf(ctx),
                    progress ->
                        accepted.waiting() != null
                            ? accepted.waiting().follow(progress)
                            : updates.run(accepted.prepared(), progress)));
  }

  /** A pushed update, checked: ready to run, or waiting for StartUpdate. */
  private record Accepted(
      UpdateRequest request, FirmwareUpdates.Prepared prepared, FirmwareUpdates.Waiting waiting) {}

  /** The apply times a push to HttpPushUri may be set to. */
  private static final List<String> APPLY_TIMES =
      java.util.Arrays.stream(ApplyTime.values()).map(ApplyTime::redfishName).toList();

  /**
   * POST {@code HttpPushUri}: the bundle as the whole body (application/octet-stream), updating
   * every part it fits, applied as {@code HttpPushUriOptions} says; otherwise as the multipart
   * push.
   */
  private void httpPush(RoutingContext ctx) {
    MultipartPush.receiveRaw(vertx, ctx, updates.staging(), pushLimits)
        .onFailure(e -> refuse(ctx, e))
        .onSuccess(
            received -> {
              received
                  .parameters()
                  .put(
                      "@Redfish.OperationApplyTime",
                      updates.httpPushApplyTime().get().redfishName());
              accept(ctx, received, HTTP_PUSH);
            });
  }

  /**
   * PATCH UpdateService: only {@code HttpPushUriOptions.HttpPushUriApplyTime.ApplyTime} is writable
   * (Immediate or OnReset), stored for later pushes to HttpPushUri.
   */
  private void patch(RoutingContext ctx) {
    Caller caller = RedfishRoutes.caller(ctx).orElseThrow();
    Preconditions.checkIfMatch(ctx, routes.render(Uris.UPDATE_SERVICE, caller).orElseThrow());
    ObjectNode body = RequestBodies.object(ctx);
    ApplyTime[] chosen = new ApplyTime[1];
    List<io.gpuchassis.redfish.message.MessageInstance> rejected =
        PatchRequest.of(body, READ_ONLY)
            .object(
                "HttpPushUriOptions",
                options -> PushApplyTimeChange.of(options).problem(),
                options -> chosen[0] = PushApplyTimeChange.of(options).applyTime())
            .apply();
    Offload.run(
        vertx,
        ctx,
        () -> {
          updates.httpPushApplyTime().set(chosen[0]);
          return null;
        },
        done -> RedfishResponses.changed(ctx, RedfishResponses.tree(render()), rejected));
  }

  /** The UpdateService's properties that exist but are not written by a PATCH. */
  private static final java.util.Set<String> READ_ONLY =
      java.util.Set.of(
          "Id",
          "Name",
          "Description",
          "ServiceEnabled",
          "Status",
          "MaxImageSizeBytes",
          "MultipartHttpPushUri",
          "HttpPushUri",
          "FirmwareInventory",
          "Actions",
          "Oem");

  /**
   * POST UpdateService.StartUpdate: starts every update pushed with {@code OnStartUpdateRequest},
   * each followed by the task its push answered with. 204; 400 NoOperation when none waits.
   */
  private void startUpdate(RoutingContext ctx) {
    RequestBodies.object(ctx);
    if (updates.startWaiting() == 0) {
      throw RedfishErrors.of(BaseMessages.NO_OPERATION.with())
          .withDetail("no update waits for StartUpdate (push one with OnStartUpdateRequest)");
    }
    ctx.response().setStatusCode(204).end();
  }

  /**
   * POST UpdateService.SimpleUpdate: the image URI is checked (scheme, resolved addresses) before
   * the task starts, then fetched within the task and updated like a pushed one. Credentials in the
   * URI or in Username and Password are used for the fetch and masked wherever the request is
   * shown.
   */
  private void simpleUpdate(RoutingContext ctx) {
    ObjectNode body = RequestBodies.object(ctx);
    ImageFetch.Source source = ImageFetch.Source.of(SIMPLE_UPDATE, body);
    ObjectNode parameters = body.deepCopy();
    for (String fetchOnly : List.of("ImageURI", "TransferProtocol", "Username", "Password")) {
      parameters.remove(fetchOnly);
    }
    UpdateRequest request = requests.read(SIMPLE_UPDATE, parameters, source.shown());
    if (request.onStartUpdate()) {
      throw RedfishErrors.of(
              BaseMessages.ACTION_PARAMETER_VALUE_NOT_IN_LIST.with(
                  UpdateRequests.ON_START_UPDATE, "@Redfish.OperationApplyTime", SIMPLE_UPDATE))
          .withDetail("only a pushed bundle (MultipartHttpPushUri) can wait for StartUpdate");
    }
    // A Task's Payload is readable by every Login user: Payload masks the password and the URI's
    // user information.
    Payload payload =
        new Payload(ctx.request().method().name(), ctx.request().path(), body.toString());
    vertx
        .executeBlocking(
            () -> {
              fetch.check(source);
              return source;
            },
            false)
        .onFailure(e -> refuse(ctx, e))
        .onSuccess(
            checked ->
                updateTasks.start(
                    ctx,
                    "Firmware update from " + source.shown(),
                    payload,
                    progress -> updates.fetchAndRun(() -> fetch.stage(source), request, progress)));
  }

  /** A refusal is answered with its error; anything else is a bug (500). */
  private static void refuse(RoutingContext ctx, Throwable e) {
    if (e instanceof RedfishException r) {
      RedfishResponses.error(ctx, r);
    } else {
      ctx.fail(e);
    }
  }
}

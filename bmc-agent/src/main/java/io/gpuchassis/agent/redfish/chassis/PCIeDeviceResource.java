package io.gpuchassis.agent.redfish.chassis;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Gpu;
import io.gpuchassis.agent.chassis.PortHealth;
import io.gpuchassis.agent.chassis.PortLink;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.WiredPort;
import io.gpuchassis.agent.compose.BindingEngine;
import io.gpuchassis.agent.health.ChassisSensor;
import io.gpuchassis.agent.health.GpuStatus;
import io.gpuchassis.agent.health.HealthMonitor;
import io.gpuchassis.agent.health.SensorHealth;
import io.gpuchassis.agent.health.ViewVersion;
import io.gpuchassis.agent.host.HostReports;
import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.OemSchema;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.http.PatchRequest;
import io.gpuchassis.redfish.http.Preconditions;
import io.gpuchassis.redfish.http.RedfishResponses;
import io.gpuchassis.redfish.http.RequestBodies;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.MessageInstance;
import io.gpuchassis.redfish.model.DeviceType;
import io.gpuchassis.redfish.model.EnvironmentMetrics;
import io.gpuchassis.redfish.model.PCIeDevice;
import io.gpuchassis.redfish.model.PCIeDeviceActions;
import io.gpuchassis.redfish.model.PCIeDeviceLinks;
import io.gpuchassis.redfish.model.PCIeInterface;
import io.gpuchassis.redfish.model.PCIeTypes;
import io.gpuchassis.redfish.model.SensorExcerpt;
import io.gpuchassis.redfish.route.Caller;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.gpuchassis.sensor.chassis.SensorIds;
import io.vertx.ext.web.RoutingContext;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code /redfish/v1/Chassis/{ChassisId}/PCIeDevices[/SlotN]}: the GPUs as PCIe devices, with the
 * link they run at and {@code ReadyToRemove}, which an orchestrator sets once the host has released
 * the GPU, so that it may be unbound, and {@code LocationIndicatorActive}, the slot's attention LED
 * (the same one the serial console lights), where the board wires one.
 */
public final class PCIeDeviceResource {

  private static final Set<String> READ_ONLY =
      Set.of(
          "Id",
          "Name",
          "Description",
          "Manufacturer",
          "Model",
          "SerialNumber",
          "FirmwareVersion",
          "DeviceType",
          "PCIeInterface",
          "Status",
          "Links");

  /** The agent's OEM action: clear a slot's over-temperature latch and power it on again. */
  public static final String CLEAR_LATCH =
      OemSchema.actionPath(OemSchema.CLEAR_OVER_TEMPERATURE_LATCH);

  private final ChassisModel model;
  private final HealthMonitor health;
  private final BindingEngine engine;
  private final Clock clock;
  private final Duration staleAfter;
  private final ViewVersion views;
  private final HostReports reports;
  private RedfishRoutes routes;

  /**
   * @param reports what the hosts' companions reported: where each host sees its GPUs
   */
  public PCIeDeviceResource(
      ChassisModel model,
      BindingEngine engine,
      HealthMonitor health,
      Clock clock,
      Duration staleAfter,
      HostReports reports) {
    this.reports = reports;
    this.model = model;
    this.engine = engine;
    this.health = health;
    this.clock = clock;
    this.staleAfter = staleAfter;
    this.views = new ViewVersion(model, health, clock, staleAfter);
  }

  public void register(RedfishRoutes routes) {
    this.routes = routes;
    String collection = Uris.PCIE_DEVICES_TEMPLATE;
    routes.resource(
        collection,
        "PCIeDeviceCollection",
        params -> views.generation(),
        (params, caller) -> {
          ChassisState state = chassis(params);
          return Collections.render(
              Schemas.PCIE_DEVICE_COLLECTION,
              Uris.pcieDevices(state.identity().id()),
              "PCIe Devices",
              state.slots().stream()
                  .filter(Slot::occupied)
                  .map(s -> Uris.pcieDevice(state.identity().id(), s.number()))
                  .toList());
        });
    routes.resource(
        Uris.PCIE_DEVICE_TEMPLATE,
        "PCIeDevice",
        params -> List.of(views.now(), reports.version()),
        (params, caller) -> render(chassis(params), slot(params)));
    routes.patch(Uris.PCIE_DEVICE_TEMPLATE, "PCIeDevice", this::handlePatch);
    routes.post(Uris.PCIE_DEVICE_TEMPLATE + CLEAR_LATCH, "PCIeDevice", this::clearLatch);
    routes.resource(
        Uris.PCIE_DEVICE_ENVIRONMENT_METRICS_TEMPLATE,
        "EnvironmentMetrics",
        (params, caller) -> renderEnvironment(chassis(params).identity().id(), slot(params)));
  }

  private ChassisState chassis(Map<String, String> params) {
    return ChassisLookup.state(model, params);
  }

  private Slot slot(Map<String, String> params) {
    String id = params.get("DeviceId");
    Optional<Slot> slot =
        id.matches("Slot\\d{1,3}")
            ? model.current().slot(Integer.parseInt(id.substring(4))).filter(Slot::occupied)
            : Optional.empty();
    return slot.orElseThrow(() -> RedfishErrors.notFound("PCIeDevice", id));
  }

  PCIeDevice render(ChassisState state, Slot slot) {
    Gpu gpu = slot.gpu().orElseThrow();
    WiredPort port = WiredPort.find(state, slot.switchId(), slot.port()).orElseThrow();
    Optional<PortLink> link =
        PortHealth.trustedLink(
            port, state.switchObservation(slot.switchId()), clock.instant(), staleAfter);
    PCIeInterface pcie =
        new PCIeInterface()
            .maxPCIeType(
                PCIeTypes.valueOf("GEN" + Math.min(gpu.maxPcieGeneration(), slot.pcieGeneration())))
            .maxLanes(Math.min(gpu.maxLanes(), slot.lanes()));
    link.filter(PortLink::up)
        .ifPresent(
            l -> pcie.pcIeType(PCIeTypes.valueOf("GEN" + l.generation())).lanesInUse(l.width()));
    String chassisId = state.identity().id();
    return new PCIeDevice()
        .atOdataId(Uris.pcieDevice(chassisId, slot.number()))
        .atOdataType(Schemas.PCIE_DEVICE.odataType())
        .id("Slot" + slot.number())
        .name(gpu.displayName())
        .description("GPU in slot " + slot.number())
        .manufacturer(gpu.manufacturer().orElse(null))
        .model(known(gpu.model()))
        .serialNumber(known(gpu.serialNumber()))
        .firmwareVersion(known(gpu.firmwareVersion()))
        .deviceType(DeviceType.SINGLE_FUNCTION)
        .pcIeInterface(pcie)
        .readyToRemove(state.binding(slot.number()).readyToRemove())
        .locationIndicatorActive(health.slotPower().locate(slot.number()).orElse(null))
        .status(GpuStatus.of(state, slot, health, clock.instant(), staleAfter))
        .environmentMetrics(
            Uris.ref(Uris.pcieDevice(chassisId, slot.number()) + "/EnvironmentMetrics"))
        .pcIeFunctions(Uris.ref(Uris.pcieFunctions(chassisId, slot.number())))
        .actions(
            new PCIeDeviceActions()
                .oem(
                    Map.of(
                        OemSchema.action(OemSchema.CLEAR_OVER_TEMPERATURE_LATCH),
                        Map.of("target", Uris.pcieDevice(chassisId, slot.number()) + CLEAR_LATCH))))
        .oem(OemSchema.oem(OemSchema.PCIE_DEVICE, oem(slot)))
        .links(new PCIeDeviceLinks().chassis(List.of(Uris.ref(Uris.chassis(chassisId)))));
  }

  /** The OEM properties: the over-temperature latch, and where the host sees the GPU. */
  private Map<String, Object> oem(Slot slot) {
    Map<String, Object> oem = new java.util.LinkedHashMap<>();
    oem.put("OverTemperatureLatched", health.latched(slot.number()));
    reports
        .sighting(slot.number())
        .ifPresent(
            seen -> {
              Map<String, Object> view = new java.util.LinkedHashMap<>();
              view.put("HostAddress", seen.hostAddress());
              seen.deviceUuid().ifPresent(u -> view.put("DeviceUUID", u));
              view.put("Reported", seen.reported().toString());
              oem.put(OemSchema.SEEN_BY_HOST, view);
            });
    return oem;
  }

  /**
   * An operator clears the over-temperature latch of a slot the policy powered off, and the slot
   * powers on again. A slot that is not latched answers NoOperation and nothing changes.
   */
  private void clearLatch(RoutingContext ctx) {
    Caller caller = RedfishRoutes.caller(ctx).orElseThrow();
    Slot slot = slot(ctx.pathParams());
    String uri = Uris.pcieDevice(chassis(ctx.pathParams()).identity().id(), slot.number());
    health
        .clearLatch(slot.number(), caller.userName())
        .whenComplete(
            (done, error) ->
                ctx.vertx()
                    .runOnContext(
                        v -> {
                          if (error != null) {
                            ctx.fail(error);
                          } else if (!done) {
                            RedfishResponses.error(
                                ctx,
                                RedfishErrors.of(BaseMessages.NO_OPERATION.with())
                                    .withDetail(
                                        "Slot "
                                            + slot.number()
                                            + " is not latched off for over-temperature."));
                          } else {
                            RedfishResponses.ok(
                                ctx, RedfishResponses.tree(render(model.current(), slot)));
                          }
                        }));
  }

  private EnvironmentMetrics renderEnvironment(String chassisId, Slot slot) {
    String temperature = SensorIds.gpuTemperature(slot.number());
    String power = SensorIds.gpuPower(slot.number());
    return new EnvironmentMetrics()
        .atOdataId(Uris.pcieDevice(chassisId, slot.number()) + "/EnvironmentMetrics")
        .atOdataType(Schemas.ENVIRONMENT_METRICS.odataType())
        .id("EnvironmentMetrics")
        .name("GPU " + slot.number() + " Environment Metrics")
        .temperatureCelsius(
            new SensorExcerpt()
                .dataSourceUri(Uris.sensor(chassisId, ChassisSensor.redfishIdOf(temperature)))
                .reading(SensorHealth.value(health, temperature)))
        .powerWatts(
            new SensorExcerpt()
                .dataSourceUri(Uris.sensor(chassisId, ChassisSensor.redfishIdOf(power)))
                .reading(SensorHealth.value(health, power)));
  }

  private void handlePatch(RoutingContext ctx) {
    Caller caller = RedfishRoutes.caller(ctx).orElseThrow();
    ChassisState state = chassis(ctx.pathParams());
    Slot slot = slot(ctx.pathParams());
    String uri = Uris.pcieDevice(state.identity().id(), slot.number());
    Preconditions.checkIfMatch(ctx, routes.render(uri, caller).orElseThrow());
    ObjectNode body = RequestBodies.object(ctx);
    AtomicReference<Boolean> locate = new AtomicReference<>();
    List<MessageInstance> rejected =
        PatchRequest.of(body, READ_ONLY)
            .bool("ReadyToRemove", v -> null, v -> engine.setReadyToRemove(slot.number(), v))
            .bool("LocationIndicatorActive", v -> hasIndicator(slot), locate::set)
            .apply();
    // The LED is the console's too: set through the same slot operations, answered once its line
    // has moved.
    CompletableFuture<Void> indicator =
        locate.get() == null
            ? CompletableFuture.completedFuture(null)
            : health.slotPower().setLocate(slot.number(), locate.get());
    LedAnswers.whenDone(ctx, indicator, () -> render(model.current(), slot), rejected);
  }

  /**
   * Null when the board wires the slot's attention LED to the agent; else why
   * LocationIndicatorActive is read-only.
   */
  private MessageInstance hasIndicator(Slot slot) {
    return health.slotPower().locate(slot.number()).isPresent()
        ? null
        : BaseMessages.PROPERTY_NOT_WRITABLE.with("LocationIndicatorActive");
  }

  /** A text the GPU reported, or nothing when it did not say (an unidentified GPU). */
  private static String known(String text) {
    return text.isBlank() ? null : text;
  }
}

package io.gpuchassis.agent.redfish.chassis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.health.GpuStatus;
import io.gpuchassis.agent.health.HealthMonitor;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.http.Preconditions;
import io.gpuchassis.redfish.http.RequestBodies;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.MessageInstance;
import io.gpuchassis.redfish.model.Location;
import io.gpuchassis.redfish.model.LocationType;
import io.gpuchassis.redfish.model.PCIeSlot;
import io.gpuchassis.redfish.model.PCIeSlots;
import io.gpuchassis.redfish.model.PCIeTypes;
import io.gpuchassis.redfish.model.PartLocation;
import io.gpuchassis.redfish.model.SlotTypes;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.route.Caller;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.ext.web.RoutingContext;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * {@code /redfish/v1/Chassis/{ChassisId}/PCIeSlots}: the GPU slots, occupied or empty, each with
 * its attention LED ({@code LocationIndicatorActive}) where the board wires one. A PATCH of {@code
 * Slots} follows DSP0266's array rules: one element per slot in order, {@code {}} leaves a slot as
 * it is, and only {@code LocationIndicatorActive} is writable (ConfigureComponents, as on the PCIe
 * device, whose LED it is too).
 */
public final class PCIeSlotsResource {

  private static final Set<String> READ_ONLY = Set.of("Id", "Name", "Description");
  private static final Set<String> SLOT_READ_ONLY =
      Set.of("PCIeType", "Lanes", "SlotType", "HotPluggable", "Location", "Status", "Links", "Oem");

  private final ChassisModel model;
  private final HealthMonitor health;
  private final Clock clock;
  private final Duration staleAfter;
  private RedfishRoutes routes;

  public PCIeSlotsResource(
      ChassisModel model, HealthMonitor health, Clock clock, Duration staleAfter) {
    this.model = model;
    this.health = health;
    this.clock = clock;
    this.staleAfter = staleAfter;
  }

  public void register(RedfishRoutes routes) {
    this.routes = routes;
    routes.resource(Uris.PCIE_SLOTS_TEMPLATE, "PCIeSlots", (params, caller) -> render(params));
    routes.patch(Uris.PCIE_SLOTS_TEMPLATE, "PCIeSlots", this::handlePatch);
  }

  private PCIeSlots render(Map<String, String> params) {
    ChassisState state = ChassisLookup.state(model, params);
    return render(
        state,
        slot -> GpuStatus.of(state, slot, health, clock.instant(), staleAfter),
        slot -> health.slotPower().locate(slot.number()));
  }

  private void handlePatch(RoutingContext ctx) {
    Caller caller = RedfishRoutes.caller(ctx).orElseThrow();
    ChassisState state = ChassisLookup.state(model, ctx.pathParams());
    Preconditions.checkIfMatch(
        ctx, routes.render(Uris.pcieSlots(state.identity().id()), caller).orElseThrow());
    List<MessageInstance> rejected = new ArrayList<>();
    Map<Integer, Boolean> locate = locateChanges(RequestBodies.object(ctx), state, rejected);
    if (locate.isEmpty()) {
      throw RedfishErrors.of(
          rejected.isEmpty() ? List.of(BaseMessages.NO_OPERATION.with()) : rejected);
    }
    // one slot after another, each answered once its line has moved, as the console does it
    CompletableFuture<Void> done = CompletableFuture.completedFuture(null);
    for (Map.Entry<Integer, Boolean> e : locate.entrySet()) {
      done = done.thenCompose(v -> health.slotPower().setLocate(e.getKey(), e.getValue()));
    }
    LedAnswers.whenDone(ctx, done, () -> render(ctx.pathParams()), rejected);
  }

  /**
   * The LEDs a PATCH body asks for, by slot number; the messages of what it asks that cannot be
   * done go to {@code rejected}. Nothing is accepted from a body with a malformed {@code Slots}.
   */
  private Map<Integer, Boolean> locateChanges(
      ObjectNode body, ChassisState state, List<MessageInstance> rejected) {
    if (body.isEmpty()) {
      throw RedfishErrors.of(BaseMessages.EMPTY_JSON.with());
    }
    Map<Integer, Boolean> locate = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = body.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      String name = field.getKey();
      if (name.startsWith("@odata.")) {
        continue;
      }
      if (!name.equals("Slots")) {
        rejected.add(
            (READ_ONLY.contains(name)
                    ? BaseMessages.PROPERTY_NOT_WRITABLE.with(name)
                    : BaseMessages.PROPERTY_UNKNOWN.with(name))
                .about("/" + name));
      } else if (!field.getValue().isArray()) {
        rejected.add(
            BaseMessages.PROPERTY_VALUE_TYPE_ERROR
                .with(field.getValue().toString(), "Slots")
                .about("/Slots"));
      } else if (field.getValue().size() > state.slots().size()) {
        rejected.add(
            BaseMessages.ARRAY_SIZE_TOO_LONG.with("Slots", state.slots().size()).about("/Slots"));
      } else {
        ArrayNode slots = (ArrayNode) field.getValue();
        for (int i = 0; i < slots.size(); i++) {
          Slot slot = state.slots().get(i);
          slotChange(slots.get(i), slot, "/Slots/" + i, rejected)
              .ifPresent(lit -> locate.put(slot.number(), lit));
        }
      }
    }
    return locate;
  }

  /** What one element of {@code Slots} asks of its slot's LED; empty for {@code {}}. */
  private Optional<Boolean> slotChange(
      JsonNode element, Slot slot, String at, List<MessageInstance> rejected) {
    if (!element.isObject()) {
      // null would remove the slot, which a PATCH cannot do
      rejected.add(
          BaseMessages.PROPERTY_VALUE_TYPE_ERROR.with(element.toString(), "Slots").about(at));
      return Optional.empty();
    }
    Optional<Boolean> lit = Optional.empty();
    for (Iterator<Map.Entry<String, JsonNode>> it = element.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      String name = field.getKey();
      String path = at + "/" + name;
      if (!name.equals("LocationIndicatorActive")) {
        rejected.add(
            (SLOT_READ_ONLY.contains(name)
                    ? BaseMessages.PROPERTY_NOT_WRITABLE.with(name)
                    : BaseMessages.PROPERTY_UNKNOWN.with(name))
                .about(path));
      } else if (!field.getValue().isBoolean()) {
        rejected.add(
            BaseMessages.PROPERTY_VALUE_TYPE_ERROR
                .with(field.getValue().toString(), name)
                .about(path));
      } else if (health.slotPower().locate(slot.number()).isEmpty()) {
        rejected.add(BaseMessages.PROPERTY_NOT_WRITABLE.with(name).about(path));
      } else {
        lit = Optional.of(field.getValue().asBoolean());
      }
    }
    return lit;
  }

  /**
   * @param gpuStatus the status of an occupied slot: its GPU's
   * @param locate whether a slot's attention LED is lit; empty where the board wires none
   */
  static PCIeSlots render(
      ChassisState state,
      Function<Slot, Status> gpuStatus,
      Function<Slot, Optional<Boolean>> locate) {
    String chassisId = state.identity().id();
    return new PCIeSlots()
        .atOdataId(Uris.pcieSlots(chassisId))
        .atOdataType(Schemas.PCIE_SLOTS.odataType())
        .id("PCIeSlots")
        .name("PCIe Slots")
        .slots(
            state.slots().stream()
                .map(
                    s ->
                        render(chassisId, s, gpuStatus)
                            .locationIndicatorActive(locate.apply(s).orElse(null)))
                .toList());
  }

  /**
   * An empty slot is reported {@code Absent}, so that a glance at the list shows where GPUs are
   * missing.
   */
  static PCIeSlot render(String chassisId, Slot slot, Function<Slot, Status> gpuStatus) {
    Status status = slot.occupied() ? gpuStatus.apply(slot) : new Status().state(State.ABSENT);
    return new PCIeSlot()
        .pcIeType(PCIeTypes.valueOf("GEN" + slot.pcieGeneration()))
        .lanes(slot.lanes())
        .slotType(SlotTypes.FULL_LENGTH)
        .hotPluggable(false)
        .location(
            new Location()
                .partLocation(
                    new PartLocation()
                        .locationType(LocationType.SLOT)
                        .locationOrdinalValue(slot.number())
                        .serviceLabel("Slot " + slot.number())))
        .status(status)
        .links(
            slot.occupied()
                ? new io.gpuchassis.redfish.model.PCIeLinks()
                    .pcIeDevice(
                        java.util.List.of(Uris.ref(Uris.pcieDevice(chassisId, slot.number()))))
                : null);
  }
}

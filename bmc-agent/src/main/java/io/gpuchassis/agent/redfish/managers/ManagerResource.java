package io.gpuchassis.agent.redfish.managers;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.ServiceIdentity;
import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.OemSchema;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.Manager;
import io.gpuchassis.redfish.model.ManagerActions;
import io.gpuchassis.redfish.model.ManagerLinks;
import io.gpuchassis.redfish.model.ManagerSerialConsole;
import io.gpuchassis.redfish.model.ManagerType;
import io.gpuchassis.redfish.model.PowerState;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.route.RedfishRoutes;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

/**
 * {@code /redfish/v1/Managers} and {@code /redfish/v1/Managers/BMC}: the agent itself, an enclosure
 * manager.
 */
public final class ManagerResource {

  private final ServiceIdentity identity;
  private final ChassisModel model;
  private final Clock clock;
  private final int consoleLines;

  /**
   * @param consoleLines how many serial lines carry the technician's console (one login each)
   */
  public ManagerResource(
      ServiceIdentity identity, ChassisModel model, Clock clock, int consoleLines) {
    this.identity = identity;
    this.consoleLines = consoleLines;
    this.model = model;
    this.clock = clock;
  }

  public void register(RedfishRoutes routes) {
    routes.resource(
        Uris.MANAGERS,
        "ManagerCollection",
        (params, caller) ->
            Collections.render(
                Schemas.MANAGER_COLLECTION,
                Uris.MANAGERS,
                "Manager Collection",
                List.of(Uris.manager())));
    routes.resource(
        Uris.MANAGER_TEMPLATE,
        "Manager",
        (params, caller) -> {
          String id = params.get("ManagerId");
          if (!Uris.MANAGER_ID.equals(id)) {
            throw RedfishErrors.notFound("Manager", id);
          }
          return render(identity, model.current(), OffsetDateTime.now(clock), consoleLines);
        });
  }

  static Manager render(
      ServiceIdentity identity, ChassisState state, OffsetDateTime now, int consoleLines) {
    String description =
        identity.simulated()
            ? "Enclosure manager of the chassis. SIMULATED HARDWARE: this agent runs on a simulated chassis."
            : "Enclosure manager of the chassis.";
    return new Manager()
        .atOdataId(Uris.manager())
        .atOdataType(Schemas.MANAGER.odataType())
        .id(Uris.MANAGER_ID)
        .name("Chassis Management Agent")
        .description(description)
        .managerType(ManagerType.ENCLOSURE_MANAGER)
        .model(identity.product())
        .firmwareVersion(identity.version())
        .UUID(identity.uuid().toString())
        .serviceEntryPointUUID(identity.uuid().toString())
        .dateTime(now.withOffsetSameInstant(ZoneOffset.UTC).truncatedTo(ChronoUnit.SECONDS))
        .dateTimeLocalOffset("+00:00")
        .powerState(PowerState.ON)
        // A manager that answers is well, and so are the interfaces below it (they are read from
        // its operating system on every request): the rollup OCP's baseline asks for is the same.
        .status(new Status().state(State.ENABLED).health(Health.OK).healthRollup(Health.OK))
        .logServices(Uris.ref(Uris.logServices()))
        .ethernetInterfaces(Uris.ref(Uris.managerEthernetInterfaces()))
        .networkProtocol(Uris.ref(Uris.managerNetworkProtocol()))
        .serialInterfaces(Uris.ref(Uris.managerSerialInterfaces()))
        // The console is on the serial lines of SerialInterfaces, one login per line; no network
        // protocol (SSH, Telnet, IPMI SOL) reaches it, so none is listed.
        .serialConsole(
            new ManagerSerialConsole()
                .serviceEnabled(consoleLines > 0)
                .maxConcurrentSessions((long) consoleLines)
                .connectTypesSupported(List.of()))
        .actions(new ManagerActions().hashManagerReset(ManagerResetAction.advertised()))
        .links(
            new ManagerLinks()
                .managerForChassis(List.of(Uris.ref(Uris.chassis(state.identity().id()))))
                .managerInChassis(Uris.ref(Uris.chassis(state.identity().id()))))
        .oem(OemSchema.oem(OemSchema.MANAGER, Map.of("SimulatedHardware", identity.simulated())));
  }
}

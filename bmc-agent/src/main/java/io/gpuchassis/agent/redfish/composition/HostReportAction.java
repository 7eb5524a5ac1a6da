package io.gpuchassis.agent.redfish.composition;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.host.HostSightings;
import io.gpuchassis.agent.host.SlotNotHeld;
import io.gpuchassis.agent.redfish.core.OemSchema;
import io.gpuchassis.agent.redfish.core.Offload;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.http.RequestBodies;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;

/**
 * {@code POST /redfish/v1/Systems/{SystemId}/Actions/Oem/GpuChassisAgent.HostReport}: the host
 * companion on the server cabled to a host port reports the server's SMBIOS UUID and where it sees
 * the GPUs it holds ({@link HostReportRequest}), kept by {@link HostSightings}.
 * ConfigureComponents, as the ReadyToRemove PATCH the companion also sends: it changes what the
 * chassis records of its components and hosts, not the manager, and an Operator account on the host
 * does both.
 */
public final class HostReportAction {

  static final String PATH = OemSchema.actionPath(OemSchema.HOST_REPORT);

  private final ChassisModel model;
  private final HostSightings sightings;
  private final Vertx vertx;

  public HostReportAction(ChassisModel model, HostSightings sightings, Vertx vertx) {
    this.model = model;
    this.sightings = sightings;
    this.vertx = vertx;
  }

  public void register(RedfishRoutes routes) {
    routes.post(Uris.SYSTEM_TEMPLATE + PATH, "ComputerSystem", this::report);
  }

  private void report(RoutingContext ctx) {
    String host = ctx.pathParam("SystemId");
    if (model.current().hosts().stream().noneMatch(h -> h.id().equals(host))) {
      throw RedfishErrors.notFound("ComputerSystem", host);
    }
    HostReportRequest request = HostReportRequest.read(RequestBodies.object(ctx), model.current());
    Offload.run(
        vertx,
        ctx,
        () -> {
          try {
            return sightings.record(
                host, request.systemUuid(), request.hotPlugWindowMiB(), request.devices());
          } catch (SlotNotHeld e) {
            int index = request.devices().stream().map(d -> d.slot()).toList().indexOf(e.slot());
            throw HostReportRequest.valueError("/Devices/" + index + "/ResourceBlock")
                .withDetail(
                    "The host reported "
                        + Uris.resourceBlock(e.slot())
                        + ", but "
                        + e.getMessage()
                        + ": only GPUs bound to the host are reported.");
          }
        },
        recorded -> ctx.response().setStatusCode(204).putHeader("OData-Version", "4.0").end());
  }
}

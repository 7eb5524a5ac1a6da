package io.gpuchassis.agent.redfish;

import io.gpuchassis.agent.ServiceIdentity;
import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.redfish.route.RedfishRoutes;
import java.time.Clock;

/** Registers every Redfish resource of the agent. The route table in docs/ARCHITECTURE.md mirrors this list. */
public final class RedfishResources {

  private final ServiceIdentity identity;
  private final ChassisModel model;

  public RedfishResources(ServiceIdentity identity, ChassisModel model) {
    this.identity = identity;
    this.model = model;
  }

  public void register(RedfishRoutes routes) {
    new ServiceRootResource(identity).register(routes);
    new ODataResource().register(routes);
    new ChassisResource(model).register(routes);
    new PCIeSlotsResource(model).register(routes);
    new ManagerResource(identity, model, Clock.systemUTC()).register(routes);
    new SessionServiceResource().register(routes);
  }
}

package io.gpuchassis.agent.redfish.aggregation;

import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.model.ConnectionMethod;
import io.gpuchassis.redfish.model.ConnectionMethodType;
import io.gpuchassis.redfish.model.ResourceCollection;
import io.gpuchassis.redfish.route.RedfishRoutes;
import java.util.List;
import java.util.UUID;

/**
 * {@code /redfish/v1/AggregationService/ConnectionMethods[/{id}]}, registered only with a Sunfish
 * core configured: one member, how the core reaches this agent. Its URI is the {@code
 * OriginOfCondition} of the agent's {@code AggregationSourceDiscovered}; the core GETs it, keeps a
 * copy at the same URI in its own tree and links its AggregationSource for the agent to it. So the
 * member is named by the service's UUID ({@link Uris#connectionMethod}), keeping the copies of
 * several agents apart. ConnectionMethodType is {@code Redfish}, as Sunfish requires of every
 * agent; ConnectionMethod has no property for an address (the agent's URL travels in the event's
 * MessageArgs, which the core keeps as the AggregationSource's HostName), and no
 * ConnectionMethodVariant, which DMTF requires only of an OEM method. Read-only.
 */
public final class ConnectionMethodResource {

  private final UUID service;

  /**
   * @param service the UUID of this Redfish service (its ServiceRoot's), which names the member
   */
  public ConnectionMethodResource(UUID service) {
    this.service = service;
  }

  public void register(RedfishRoutes routes) {
    routes.resource(
        Uris.CONNECTION_METHODS,
        "ConnectionMethodCollection",
        (params, caller) -> collection(service));
    routes.resource(
        Uris.CONNECTION_METHOD_TEMPLATE,
        "ConnectionMethod",
        (params, caller) -> find(service, params.get("ConnectionMethodId")));
  }

  static ResourceCollection collection(UUID service) {
    return Collections.render(
        Schemas.CONNECTION_METHOD_COLLECTION,
        Uris.CONNECTION_METHODS,
        "Connection Method Collection",
        List.of(Uris.connectionMethod(service)));
  }

  /** The member {@code id} names: the one of {@code service}, else ResourceNotFound. */
  static ConnectionMethod find(UUID service, String id) {
    if (!service.toString().equals(id)) {
      throw RedfishErrors.notFound("ConnectionMethod", id);
    }
    return render(service);
  }

  static ConnectionMethod render(UUID service) {
    return new ConnectionMethod()
        .atOdataId(Uris.connectionMethod(service))
        .atOdataType(Schemas.CONNECTION_METHOD.odataType())
        .id(service.toString())
        .name("Redfish connection to this agent")
        .description(
            "Redfish over HTTPS at the agent's own URL, with an account of this agent for every"
                + " request but the service root and the OData documents")
        .connectionMethodType(ConnectionMethodType.REDFISH);
  }
}

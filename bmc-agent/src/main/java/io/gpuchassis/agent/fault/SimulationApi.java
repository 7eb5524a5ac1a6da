package io.gpuchassis.agent.fault;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.http.RedfishResponses;
import io.gpuchassis.redfish.http.RequestBodies;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.route.Privilege;
import io.gpuchassis.redfish.route.PrivilegeRule;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The simulation control API, served only in simulated mode and only to administrators: list the
 * fault kinds and the active faults, inject one, clear one. Documented in docs/SIMULATION.md.
 */
public final class SimulationApi {

  public static final String FAULTS = "/sim/v1/faults";

  /** Only an administrator holds ConfigureManager among the predefined roles. */
  public static final PrivilegeRule ADMINISTRATOR = PrivilegeRule.allOf(Privilege.ConfigureManager);

  private static final Set<String> FAULT_REQUEST_PROPERTIES = Set.of("kind", "target");

  private final FaultInjector faults;

  public SimulationApi(FaultInjector faults) {
    this.faults = faults;
  }

  public void register(RedfishRoutes routes) {
    routes
        .get(FAULTS, ADMINISTRATOR, this::list)
        .register(HttpMethod.POST, FAULTS, ADMINISTRATOR, this::inject)
        .get(FAULTS + "/{FaultId}", ADMINISTRATOR, this::show)
        .register(HttpMethod.DELETE, FAULTS + "/{FaultId}", ADMINISTRATOR, this::clear);
  }

  private void list(RoutingContext ctx) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("kinds", faults.kinds().stream().map(SimulationApi::render).toList());
    body.put("active", faults.active().stream().map(SimulationApi::render).toList());
    RedfishResponses.ok(ctx, body);
  }

  private void inject(RoutingContext ctx) {
    ObjectNode request = RequestBodies.object(ctx);
    List<String> unknown =
        iterable(request.fieldNames()).stream()
            .filter(n -> !FAULT_REQUEST_PROPERTIES.contains(n))
            .toList();
    if (!unknown.isEmpty()) {
      throw RedfishErrors.of(
          BaseMessages.PROPERTY_UNKNOWN.with(unknown.get(0)).about("/" + unknown.get(0)));
    }
    String kind = RequestBodies.requiredString(request, "kind");
    String target = RequestBodies.requiredString(request, "target");
    ActiveFault fault;
    try {
      fault = faults.inject(kind, target);
    } catch (FaultException e) {
      throw refusal(e, kind, target);
    }
    String location = FAULTS + "/" + fault.id();
    ctx.response().putHeader("Location", location);
    RedfishResponses.json(ctx, 201, render(fault));
  }

  private void show(RoutingContext ctx) {
    String id = ctx.pathParam("FaultId");
    ActiveFault fault =
        faults.active().stream()
            .filter(f -> f.id().equals(id))
            .findFirst()
            .orElseThrow(() -> RedfishErrors.notFound("Fault", id));
    RedfishResponses.ok(ctx, render(fault));
  }

  private void clear(RoutingContext ctx) {
    String id = ctx.pathParam("FaultId");
    try {
      faults.clear(id);
    } catch (FaultException e) {
      throw RedfishErrors.notFound("Fault", id);
    }
    ctx.response().setStatusCode(204).putHeader("OData-Version", "4.0").end();
  }

  private static RedfishException refusal(FaultException e, String kind, String target) {
    RedfishException error =
        switch (e.reason()) {
          case UNKNOWN_KIND ->
              RedfishErrors.of(
                  BaseMessages.PROPERTY_VALUE_NOT_IN_LIST.with(kind, "kind").about("/kind"));
          case BAD_TARGET, UNKNOWN_FAULT ->
              RedfishErrors.of(
                  BaseMessages.PROPERTY_VALUE_INCORRECT.with("target", target).about("/target"));
        };
    return error.withDetail(e.getMessage());
  }

  private static Map<String, Object> render(FaultKind kind) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("kind", kind.name());
    m.put("description", kind.description());
    return m;
  }

  private static Map<String, Object> render(ActiveFault fault) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", fault.id());
    m.put("kind", fault.kind());
    m.put("target", fault.target());
    m.put("injected", fault.injected().toString());
    m.put("uri", FAULTS + "/" + fault.id());
    return m;
  }

  private static <T> List<T> iterable(java.util.Iterator<T> it) {
    List<T> list = new java.util.ArrayList<>();
    it.forEachRemaining(list::add);
    return list;
  }
}

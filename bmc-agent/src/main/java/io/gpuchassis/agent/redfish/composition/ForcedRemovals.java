package io.gpuchassis.agent.redfish.composition;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.security.AuditMessages;
import io.gpuchassis.agent.security.SecurityLog;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.route.Caller;
import io.gpuchassis.redfish.route.Privilege;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import java.util.Iterator;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The agent's OEM parameter of the removal actions (Zone.RemoveEndpoint,
 * ComputerSystem.RemoveResourceBlock), {@code "Oem": {"GpuChassisAgent": {"Force": true}}}:
 * releases a GPU although its host has not let go of it (ReadyToRemove not set), or settles a slot
 * left FAILED. The host may still be using the device, so it takes more than the route's
 * ConfigureComponents (which an Operator has): ConfigureManager as well, which only an
 * Administrator has among the predefined roles. Each forced release is recorded in the security
 * log.
 */
public final class ForcedRemovals {

  static final String PARAMETER = "{\"Oem\": {\"GpuChassisAgent\": {\"Force\": true}}}";

  private static final Logger LOG = LoggerFactory.getLogger(ForcedRemovals.class);

  private final Vertx vertx;
  private final SecurityLog log;

  public ForcedRemovals(Vertx vertx, SecurityLog log) {
    this.vertx = vertx;
    this.log = log;
  }

  /**
   * Whether {@code body} asks for a forced release; refused with the Base message that names the
   * fault when its {@code Oem} is not that shape, and with 403 InsufficientPrivilege when it does
   * and the caller lacks ConfigureManager.
   */
  public static boolean requested(ObjectNode body, String action, Caller caller) {
    JsonNode oem = body.get("Oem");
    if (oem == null) {
      return false;
    }
    if (!oem.isObject()) {
      throw typeError(oem, "Oem", action);
    }
    boolean force = false;
    for (Iterator<String> names = oem.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      JsonNode value = oem.get(name);
      if (!name.equals("GpuChassisAgent")) {
        throw RedfishErrors.of(
            BaseMessages.ACTION_PARAMETER_UNKNOWN
                .with(action, "Oem/" + name)
                .about("/Oem/" + name));
      }
      if (!value.isObject()) {
        throw typeError(value, "Oem/GpuChassisAgent", action);
      }
      for (Iterator<String> inner = value.fieldNames(); inner.hasNext(); ) {
        String key = inner.next();
        if (!key.equals("Force")) {
          throw RedfishErrors.of(
              BaseMessages.ACTION_PARAMETER_UNKNOWN
                  .with(action, "Oem/GpuChassisAgent/" + key)
                  .about("/Oem/GpuChassisAgent/" + key));
        }
      }
      JsonNode f = value.get("Force");
      if (f != null && !f.isBoolean()) {
        throw typeError(f, "Oem/GpuChassisAgent/Force", action);
      }
      force = f != null && f.asBoolean();
    }
    if (force && !caller.has(Privilege.ConfigureManager)) {
      throw RedfishErrors.of(BaseMessages.INSUFFICIENT_PRIVILEGE.with())
          .withDetail(
              "A forced release needs ConfigureManager as well as ConfigureComponents (an Administrator).");
    }
    return force;
  }

  /**
   * Records that {@code caller} forced {@code gpu} out of {@code host}; never delays or fails the
   * request.
   */
  public void audit(RoutingContext ctx, Caller caller, String gpu, String host, String action) {
    String address =
        ctx.request().remoteAddress() == null ? "unknown" : ctx.request().remoteAddress().host();
    List<String> args = List.of(caller.userName(), address, gpu, host, action);
    vertx
        .executeBlocking(
            () -> {
              log.record(
                  SecurityLog.Origin.AUTHENTICATED,
                  AuditMessages.FORCED_RELEASE,
                  args,
                  caller.userName(),
                  address);
              return null;
            },
            false)
        .onFailure(
            e ->
                LOG.warn(
                    "Cannot record the forced release of {} in the security log: {}",
                    gpu,
                    e.toString()));
  }

  private static RedfishException typeError(JsonNode value, String name, String action) {
    return RedfishErrors.of(
        BaseMessages.ACTION_PARAMETER_VALUE_TYPE_ERROR
            .with(value.toString(), name, action)
            .about("/" + name));
  }
}

package io.gpuchassis.redfish.route;

import java.util.Map;

/**
 * Renders one Redfish resource from the path parameters of its URI, as the caller may see it. A
 * pure function of the service's current state: it never touches hardware. Throws a {@link
 * io.gpuchassis.redfish.error.RedfishException} (404 ResourceNotFound) for a member that does not
 * exist.
 */
@FunctionalInterface
public interface ResourceRenderer {

  /**
   * @param params the URI template's variables, e.g. {@code ChassisId}
   * @param caller who asks (some resources show a caller only their own members)
   * @return a generated model object, a Jackson tree, or a map
   */
  Object render(Map<String, String> params, Caller caller);
}

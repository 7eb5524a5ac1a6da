package io.gpuchassis.redfish.route;

import io.vertx.core.http.HttpMethod;
import java.util.Optional;

/**
 * One registered route: method, Redfish URI template (e.g. {@code
 * /redfish/v1/Chassis/{ChassisId}}), privilege rule, the Privilege Registry entity the rule comes
 * from (empty for routes outside the Redfish data model, such as {@code $metadata} or the
 * simulation API), and the class that registered it, for the documentation's route table.
 */
public record RouteEntry(
    HttpMethod method,
    String template,
    PrivilegeRule privilege,
    Optional<String> entity,
    String owner) {}

package io.gpuchassis.redfish.route;

import io.vertx.core.http.HttpMethod;

/** One registered route: method, Redfish URI template (e.g. {@code /redfish/v1/Chassis/{ChassisId}}) and privilege. */
public record RouteEntry(HttpMethod method, String template, PrivilegeRule privilege) {}

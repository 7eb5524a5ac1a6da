package io.gpuchassis.redfish.route;

import io.vertx.core.http.HttpMethod;

/**
 * One registered route: method, Redfish URI template (e.g. {@code /redfish/v1/Chassis/{ChassisId}}), privilege rule,
 * and the class that registered it (the resource that handles it), for the route table in the documentation.
 */
public record RouteEntry(HttpMethod method, String template, PrivilegeRule privilege, String owner) {}

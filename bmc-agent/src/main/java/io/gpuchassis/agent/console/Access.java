package io.gpuchassis.agent.console;

import io.gpuchassis.redfish.route.Caller;
import io.gpuchassis.redfish.route.PrivilegeRule;
import io.gpuchassis.redfish.route.PrivilegeTable;
import io.vertx.core.http.HttpMethod;
import java.util.Optional;

/**
 * What a console command does, in the terms of the Redfish operation it stands for: the resource
 * type and method whose entry in the privilege table decides who may run it. The console thus
 * shares Redfish's privilege table instead of keeping a second one; an operation the table does not
 * know is refused to everyone (fail closed).
 *
 * @param entity the Redfish resource type, as the privilege table names it
 * @param method the HTTP method of the equivalent Redfish request
 * @param property a property-level rule the Redfish handler enforces beyond the table (a
 *     ManagerAccount's {@code Locked} needs ConfigureUsers where its {@code Password} needs only
 *     ConfigureSelf)
 */
public record Access(String entity, HttpMethod method, Optional<PrivilegeRule> property) {

  /** Reading a resource of {@code entity}. */
  public static Access reading(String entity) {
    return new Access(entity, HttpMethod.GET, Optional.empty());
  }

  /** Changing a resource of {@code entity} the way {@code method} does on Redfish. */
  public static Access changing(String entity, HttpMethod method) {
    return new Access(entity, method, Optional.empty());
  }

  /** This access, further restricted as the Redfish handler restricts one property. */
  public Access onlyWith(PrivilegeRule rule) {
    return new Access(entity, method, Optional.of(rule));
  }

  /** Whether the command changes something (and is therefore audited). */
  public boolean changes() {
    return !method.equals(HttpMethod.GET) && !method.equals(HttpMethod.HEAD);
  }

  /**
   * Whether {@code caller} may run the command; false when the privilege table has no entry for it.
   */
  public boolean allows(Caller caller) {
    Optional<PrivilegeRule> rule = PrivilegeTable.of(entity, method);
    return rule.isPresent()
        && !rule.get().isNoAuth()
        && rule.get().isSatisfiedBy(caller.privileges())
        && property.map(p -> p.isSatisfiedBy(caller.privileges())).orElse(true);
  }

  /**
   * The privileges needed, as the console's help and docs/CONSOLE.md show them: {@code
   * ConfigureSelf or ...}.
   */
  public String describe() {
    String base =
        PrivilegeTable.of(entity, method)
            .map(PrivilegeRule::toString)
            .orElse("nobody (not in the table)");
    return property.map(PrivilegeRule::toString).orElse(base).replace(" | ", " or ");
  }
}

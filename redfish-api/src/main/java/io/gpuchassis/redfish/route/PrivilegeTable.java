package io.gpuchassis.redfish.route;

import static io.gpuchassis.redfish.route.Privilege.ConfigureComponents;
import static io.gpuchassis.redfish.route.Privilege.ConfigureManager;
import static io.gpuchassis.redfish.route.Privilege.ConfigureSelf;
import static io.gpuchassis.redfish.route.Privilege.ConfigureUsers;
import static io.gpuchassis.redfish.route.Privilege.Login;

import io.vertx.core.http.HttpMethod;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The baseline privileges of the DMTF Privilege Registry 1.8.0 for every entity the agent serves:
 * which privileges an operation on a resource of that type requires. Written out here for the
 * entities served; {@code PrivilegeTableTest} compares every entry with the registry file so the
 * two cannot drift. Where the registry overrides a single property (a ManagerAccount's {@code
 * Password} may be changed with ConfigureSelf), the route admits the union and the handler enforces
 * the property rule. Where the registry overrides an entity below another one
 * (SubordinateOverrides: an EthernetInterface of a Manager needs ConfigureManager to change, not
 * ConfigureComponents), the entry's key names the chain, built by {@link #subordinate}.
 */
public final class PrivilegeTable {

  /** The registry these entries come from. */
  public static final String REGISTRY = "Redfish_1.8.0_PrivilegeRegistry";

  static final List<HttpMethod> METHODS =
      List.of(
          HttpMethod.GET,
          HttpMethod.HEAD,
          HttpMethod.PATCH,
          HttpMethod.PUT,
          HttpMethod.POST,
          HttpMethod.DELETE);

  private static final Map<String, Map<HttpMethod, PrivilegeRule>> TABLE = build();

  private PrivilegeTable() {}

  /**
   * The rule for {@code method} on a resource of {@code entity}; empty for an entity not in the
   * table.
   */
  public static Optional<PrivilegeRule> of(String entity, HttpMethod method) {
    return Optional.ofNullable(TABLE.get(entity)).map(m -> m.get(method));
  }

  public static Set<String> entities() {
    return TABLE.keySet();
  }

  /**
   * The key of {@code entity} where it lies below {@code targets}, the chain of a registry
   * SubordinateOverride's {@code Targets}: {@code subordinate("EthernetInterface", "Manager",
   * "EthernetInterfaceCollection")} is {@code
   * "Manager/EthernetInterfaceCollection/EthernetInterface"}.
   */
  public static String subordinate(String entity, String... targets) {
    return String.join("/", targets) + "/" + entity;
  }

  private static Map<String, Map<HttpMethod, PrivilegeRule>> build() {
    Map<String, Map<HttpMethod, PrivilegeRule>> t = new HashMap<>();
    for (String e :
        List.of(
            "ChassisCollection",
            "Chassis",
            "PCIeSlots",
            "FabricCollection",
            "Fabric",
            "AddressPoolCollection",
            "AddressPool",
            "SwitchCollection",
            "Switch",
            "PortCollection",
            "Port",
            "PortMetrics",
            "NetworkAdapterCollection",
            "NetworkAdapter",
            "ZoneCollection",
            "Zone",
            "ConnectionCollection",
            "Connection",
            "EndpointCollection",
            "Endpoint",
            "ResourceBlockCollection",
            "ResourceBlock",
            "ComputerSystemCollection",
            "ComputerSystem",
            "ProcessorCollection",
            "Processor",
            "PCIeDeviceCollection",
            "PCIeDevice",
            "PCIeFunctionCollection",
            "PCIeFunction",
            "Assembly",
            "SensorCollection",
            "Sensor",
            "UpdateService",
            "SoftwareInventoryCollection",
            "SoftwareInventory")) {
      t.put(e, readLoginWrite(ConfigureComponents));
    }
    for (String e :
        List.of(
            "ManagerCollection",
            "Manager",
            "ControlCollection",
            "Control",
            "ManagerNetworkProtocol",
            "SerialInterfaceCollection",
            "SerialInterface",
            "SessionService",
            "RoleCollection",
            "Role",
            "LogServiceCollection",
            "LogService",
            "LogEntryCollection",
            "LogEntry",
            "CertificateService",
            "MessageRegistryFileCollection",
            "MessageRegistryFile",
            "JsonSchemaFileCollection",
            "JsonSchemaFile",
            "TaskService",
            "TaskCollection",
            "Task",
            "EventService",
            "CompositionService",
            "CompositionReservationCollection",
            "CompositionReservation",
            "ActionInfo",
            "ThermalSubsystem",
            "FanCollection",
            "Fan",
            "ThermalMetrics",
            "PowerSubsystem",
            "PowerSupplyCollection",
            "PowerSupply",
            "EnvironmentMetrics",
            "Thermal",
            "Power",
            "TelemetryService",
            "MetricDefinitionCollection",
            "MetricDefinition",
            "MetricReportDefinitionCollection",
            "MetricReportDefinition",
            "MetricReportCollection",
            "MetricReport",
            "AggregationService",
            "ConnectionMethodCollection",
            "ConnectionMethod")) {
      t.put(e, readLoginWrite(ConfigureManager));
    }
    t.put("AccountService", readLoginWrite(ConfigureUsers));
    t.put("ManagerAccountCollection", readLoginWrite(ConfigureUsers));

    Map<HttpMethod, PrivilegeRule> root = readLoginWrite(ConfigureManager);
    root.put(HttpMethod.GET, PrivilegeRule.NO_AUTH);
    root.put(HttpMethod.HEAD, PrivilegeRule.NO_AUTH);
    t.put("ServiceRoot", root);

    Map<HttpMethod, PrivilegeRule> sessions = readLoginWrite(ConfigureManager);
    sessions.put(HttpMethod.POST, PrivilegeRule.allOf(Login));
    t.put("SessionCollection", sessions);

    PrivilegeRule managerOrSelf = PrivilegeRule.allOf(ConfigureManager).or(ConfigureSelf);
    Map<HttpMethod, PrivilegeRule> session = uniform(PrivilegeRule.allOf(ConfigureManager));
    session.put(HttpMethod.GET, managerOrSelf);
    session.put(HttpMethod.HEAD, managerOrSelf);
    session.put(HttpMethod.DELETE, managerOrSelf);
    t.put("Session", session);

    Map<HttpMethod, PrivilegeRule> account = uniform(PrivilegeRule.allOf(ConfigureUsers));
    account.put(
        HttpMethod.GET, PrivilegeRule.allOf(ConfigureManager).or(ConfigureUsers).or(ConfigureSelf));
    account.put(HttpMethod.HEAD, PrivilegeRule.allOf(Login));
    // Property override: Password may be patched with ConfigureSelf (own account only, enforced by
    // the handler).
    account.put(HttpMethod.PATCH, PrivilegeRule.allOf(ConfigureUsers).or(ConfigureSelf));
    t.put("ManagerAccount", account);

    t.put("CertificateCollection", uniform(PrivilegeRule.allOf(ConfigureManager)));
    t.put("Certificate", uniform(PrivilegeRule.allOf(ConfigureManager)));
    t.put("CertificateLocations", uniform(PrivilegeRule.allOf(ConfigureManager)));

    Map<HttpMethod, PrivilegeRule> destinations = readLoginWrite(ConfigureManager);
    PrivilegeRule managerOrComponents =
        PrivilegeRule.allOf(ConfigureManager).or(ConfigureComponents);
    for (HttpMethod m :
        List.of(HttpMethod.PATCH, HttpMethod.PUT, HttpMethod.POST, HttpMethod.DELETE)) {
      destinations.put(m, managerOrComponents);
    }
    t.put("EventDestinationCollection", destinations);
    Map<HttpMethod, PrivilegeRule> destination = readLoginWrite(ConfigureManager);
    for (HttpMethod m :
        List.of(HttpMethod.PATCH, HttpMethod.PUT, HttpMethod.POST, HttpMethod.DELETE)) {
      destination.put(m, managerOrSelf);
    }
    t.put("EventDestination", destination);

    // A manager's own network interfaces are the manager's configuration (registry
    // SubordinateOverrides).
    t.put(subordinate("EthernetInterfaceCollection", "Manager"), readLoginWrite(ConfigureManager));
    t.put(
        subordinate("EthernetInterface", "Manager", "EthernetInterfaceCollection"),
        readLoginWrite(ConfigureManager));
    return Map.copyOf(t);
  }

  private static Map<HttpMethod, PrivilegeRule> readLoginWrite(Privilege write) {
    Map<HttpMethod, PrivilegeRule> m = uniform(PrivilegeRule.allOf(write));
    m.put(HttpMethod.GET, PrivilegeRule.allOf(Login));
    m.put(HttpMethod.HEAD, PrivilegeRule.allOf(Login));
    return m;
  }

  private static Map<HttpMethod, PrivilegeRule> uniform(PrivilegeRule rule) {
    Map<HttpMethod, PrivilegeRule> m = new HashMap<>();
    for (HttpMethod method : METHODS) {
      m.put(method, rule);
    }
    return m;
  }
}

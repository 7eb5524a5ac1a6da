package io.gpuchassis.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.config.TestSunfishCores;
import io.gpuchassis.agent.security.Role;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.gpuchassis.redfish.route.RouteEntry;
import io.vertx.core.http.HttpMethod;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Walks every route x every role (and no credentials) x every method over HTTPS and checks the
 * answer against the route's privilege rule, which {@code PrivilegeTableTest} checks against the
 * DMTF Privilege Registry: allowed means neither 401 nor 403, refused means 403, no credentials
 * means 401 (except where DSP0266 opens the door), an unregistered method means 405 (401 without
 * credentials). Writes carry a malformed body and deletes a member that does not exist, so the walk
 * changes nothing.
 */
class PrivilegeWalkIT {

  static final List<HttpMethod> METHODS =
      List.of(
          HttpMethod.GET,
          HttpMethod.HEAD,
          HttpMethod.POST,
          HttpMethod.PATCH,
          HttpMethod.PUT,
          HttpMethod.DELETE);

  /** Values for URI template variables; deletes use the absent ones. */
  static final Map<String, String> PRESENT =
      Map.ofEntries(
          Map.entry("ChassisId", "GPUChassis"),
          Map.entry("ManagerId", "BMC"),
          Map.entry("FabricId", "PCIe"),
          Map.entry("SwitchId", "SW1"),
          Map.entry("PortId", "0"),
          Map.entry("AccountId", "3"),
          Map.entry("RoleId", "Operator"),
          Map.entry("SessionId", "no-such-session"),
          Map.entry("EntryId", "1"),
          Map.entry("FaultId", "999"),
          Map.entry("SchemaId", "Chassis.v1_28_0"),
          Map.entry("RegistryId", "Base.1.22"),
          Map.entry("RegistryFile", "Base.1.22.1.json"),
          Map.entry("CertificateId", "1"),
          Map.entry("ZoneId", "Host1"),
          Map.entry("ConnectionId", "Host1"),
          Map.entry("AddressPoolId", "VLANGroups"),
          Map.entry("EndpointId", "GPU-Slot1"),
          Map.entry("DeviceId", "Slot1"),
          Map.entry("ControlId", "FanDuty"),
          Map.entry("FunctionId", "0"),
          Map.entry("TaskId", "999999"),
          Map.entry("TaskId2", "1"),
          Map.entry("SystemId", "Host1"),
          Map.entry("ResourceBlockId", "GPU-Slot1"),
          Map.entry("SensorId", "InletTemp"),
          Map.entry("FanId", "Fan1"),
          Map.entry("PowerSupplyId", "PSU1"),
          Map.entry("ReservationId", "no-such-reservation"),
          Map.entry("ProcessorId", "GPU-Slot1"),
          Map.entry("PartitionId", "0"),
          Map.entry("SubscriptionId", "no-such-subscription"),
          Map.entry("SoftwareInventoryId", "SW1"),
          Map.entry("EthernetInterfaceId", "no-such-nic"),
          Map.entry("SerialInterfaceId", "no-such-port"),
          Map.entry("MetricDefinitionId", "GPUTemperature"),
          Map.entry("MetricReportDefinitionId", "GPUs"),
          Map.entry("MetricReportId", "LinkChanges"),
          Map.entry("ConnectionMethodId", "no-such-method"),
          Map.entry("NetworkAdapterId", "NIC1"));

  static final Map<String, String> ABSENT =
      Map.ofEntries(
          Map.entry("MetricDefinitionId", "NoMetric"),
          Map.entry("MetricReportDefinitionId", "no-such-definition"),
          Map.entry("MetricReportId", "no-such-report"),
          Map.entry("ChassisId", "NoChassis"),
          Map.entry("ManagerId", "NoManager"),
          Map.entry("FabricId", "NoFabric"),
          Map.entry("SwitchId", "SW9"),
          Map.entry("PortId", "19"),
          Map.entry("NetworkAdapterId", "NIC9"),
          Map.entry("AccountId", "99999"),
          Map.entry("RoleId", "NoRole"),
          Map.entry("SessionId", "no-such-session"),
          Map.entry("EntryId", "999999"),
          Map.entry("FaultId", "999"),
          Map.entry("SchemaId", "NoSchema"),
          Map.entry("RegistryId", "NoRegistry"),
          Map.entry("RegistryFile", "NoRegistry.1.0.0.json"),
          Map.entry("CertificateId", "99"),
          Map.entry("ZoneId", "Host99"),
          Map.entry("ConnectionId", "Host99"),
          Map.entry("AddressPoolId", "NoPool"),
          Map.entry("EndpointId", "GPU-Slot99"),
          Map.entry("DeviceId", "Slot99"),
          Map.entry("ControlId", "PowerLimit"),
          Map.entry("FunctionId", "7"),
          Map.entry("TaskId", "999999"),
          Map.entry("TaskId2", "1"),
          Map.entry("SystemId", "Host99"),
          Map.entry("ResourceBlockId", "GPU-Slot99"),
          Map.entry("ReservationId", "no-such-reservation"),
          Map.entry("SensorId", "NoSensor"),
          Map.entry("FanId", "Fan99"),
          Map.entry("PowerSupplyId", "PSU99"),
          Map.entry("ProcessorId", "GPU-Slot99"),
          Map.entry("PartitionId", "99"),
          Map.entry("SubscriptionId", "no-such-subscription"),
          Map.entry("SoftwareInventoryId", "SW9"),
          Map.entry("EthernetInterfaceId", "no-such-nic"),
          Map.entry("SerialInterfaceId", "no-such-port"),
          Map.entry("ConnectionMethodId", "no-such-method"));

  @TempDir static Path stateDir;
  static TestAgent agent;

  @BeforeAll
  static void start() throws Exception {
    // With a Sunfish core configured (one never reached), so that the AggregationService's routes
    // are walked too
    agent = TestAgent.start(stateDir, c -> c.withSunfish(TestSunfishCores.unreachable()));
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @Test
  void every_route_role_and_method_gets_what_the_privilege_registry_says() throws Exception {
    Map<String, List<RouteEntry>> byTemplate =
        agent.agent.routes().stream().collect(Collectors.groupingBy(RouteEntry::template));
    Map<String, Optional<Role>> callers =
        Map.of(
            TestAgent.ADMIN,
            Optional.of(Role.Administrator),
            TestAgent.OPERATOR,
            Optional.of(Role.Operator),
            TestAgent.READER,
            Optional.of(Role.ReadOnly),
            "",
            Optional.empty());
    List<Callable<Optional<String>>> checks = new ArrayList<>();
    for (var entry : byTemplate.entrySet()) {
      String template = entry.getKey();
      for (HttpMethod method : METHODS) {
        Optional<RouteEntry> route =
            entry.getValue().stream().filter(r -> r.method().equals(method)).findFirst();
        boolean write = !(method.equals(HttpMethod.GET) || method.equals(HttpMethod.HEAD));
        String uri = fill(template, method.equals(HttpMethod.DELETE) ? ABSENT : PRESENT);
        for (var caller : callers.entrySet()) {
          String auth = caller.getKey().isEmpty() ? null : caller.getKey();
          String who = caller.getValue().map(Enum::name).orElse("anonymous");
          String expected = expectation(route, caller.getValue(), template, method);
          checks.add(
              () -> {
                // Only the status is read, so a route that streams (the SSE stream) is walked
                // like any other.
                int status;
                try {
                  status = agent.client.status(method.name(), uri, auth, write ? "{" : null);
                } catch (java.io.IOException e) {
                  throw new AssertionError(method + " " + uri + " as " + who + ": " + e, e);
                }
                return matches(expected, status)
                    ? Optional.empty()
                    : Optional.of(
                        method
                            + " "
                            + uri
                            + " as "
                            + who
                            + ": expected "
                            + expected
                            + ", got "
                            + status);
              });
        }
      }
    }
    // The walk changes nothing (malformed bodies, absent members), so its order does not matter:
    // a few requests at a time keep the agent's event loops busy while others wait on the wire.
    List<String> wrong = new ArrayList<>();
    ExecutorService walkers = Executors.newFixedThreadPool(4);
    try {
      for (Future<Optional<String>> check : walkers.invokeAll(checks)) {
        try {
          check.get().ifPresent(wrong::add);
        } catch (ExecutionException e) {
          throw new AssertionError(e.getCause().getMessage(), e.getCause());
        }
      }
    } finally {
      walkers.shutdownNow();
    }
    Collections.sort(wrong);
    assertTrue(checks.size() > 300, "walked only " + checks.size());
    assertEquals(List.of(), wrong);
  }

  private static String expectation(
      Optional<RouteEntry> route, Optional<Role> role, String template, HttpMethod method) {
    boolean loginRoute = RedfishRoutes.isLogin(template) && method.equals(HttpMethod.POST);
    if (route.isEmpty()) {
      // Without credentials nothing but the open documents answers, not even with 405.
      return role.isEmpty() ? "401" : "405";
    }
    if (route.get().privilege().isNoAuth() || loginRoute) {
      return "allowed";
    }
    if (role.isEmpty()) {
      return "401";
    }
    return route.get().privilege().isSatisfiedBy(role.get().privileges()) ? "allowed" : "403";
  }

  private static boolean matches(String expected, int status) {
    return switch (expected) {
      case "allowed" -> status != 401 && status != 403 && status < 500;
      default -> Integer.toString(status).equals(expected);
    };
  }

  private static String fill(String template, Map<String, String> values) {
    String uri = template;
    for (var v : values.entrySet()) {
      uri = uri.replace("{" + v.getKey() + "}", v.getValue());
    }
    assertTrue(!uri.contains("{"), "no value for a variable of " + template);
    return uri;
  }
}

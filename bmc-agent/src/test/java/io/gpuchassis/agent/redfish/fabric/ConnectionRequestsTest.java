package io.gpuchassis.agent.redfish.fabric;

import static io.gpuchassis.agent.redfish.ChassisFixture.bound;
import static io.gpuchassis.agent.redfish.ChassisFixture.healthy;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.message.MessageInstance;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A Connection request read: one host endpoint as initiator, GPU endpoints as targets, each once;
 * everything wrong in a body reported in one 400.
 */
class ConnectionRequestsTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String ENDPOINTS = "/redfish/v1/Fabrics/PCIe/Endpoints/";

  private static ObjectNode body(String json) throws Exception {
    return (ObjectNode) JSON.readTree(json);
  }

  private static String links(String initiators, String targets) {
    return "{\"Links\":{\"InitiatorEndpoints\":"
        + initiators
        + ",\"TargetEndpoints\":"
        + targets
        + "}}";
  }

  private static String refs(String... ids) {
    StringBuilder out = new StringBuilder("[");
    for (int i = 0; i < ids.length; i++) {
      out.append(i == 0 ? "" : ",").append("{\"@odata.id\":\"").append(ENDPOINTS + ids[i]);
      out.append("\"}");
    }
    return out.append("]").toString();
  }

  private static List<String> keys(RedfishException e) {
    return e.messages().stream().map(MessageInstance::definition).map(d -> d.key()).toList();
  }

  private static HostPort host(ChassisState state, String id) {
    return state.hosts().stream().filter(h -> h.id().equals(id)).findFirst().orElseThrow();
  }

  @Test
  void a_create_names_the_host_and_its_gpus_in_order() throws Exception {
    ConnectionRequests.Create c =
        ConnectionRequests.create(
            body(links(refs("Host2"), refs("GPU-Slot3", "GPU-Slot1"))), healthy());

    assertEquals("Host2", c.host().id());
    assertEquals(List.of(3, 1), List.copyOf(c.slots()));
  }

  @Test
  void odata_annotations_are_ignored() throws Exception {
    ObjectNode b = body(links(refs("Host1"), refs("GPU-Slot2")));
    b.put("@odata.type", "#Connection.v1_4_0.Connection");

    assertEquals(Set.of(2), ConnectionRequests.create(b, healthy()).slots());
  }

  @Test
  void every_problem_of_a_create_is_reported_at_once() throws Exception {
    ObjectNode b = body(links(refs("Host1", "Host2"), refs("GPU-Slot5", "GPU-Slot1", "GPU-Slot1")));
    b.put("ConnectionType", "Memory");
    b.put("Id", "mine");
    b.put("Colour", "blue");

    RedfishException e =
        assertThrows(RedfishException.class, () -> ConnectionRequests.create(b, healthy()));

    assertEquals(400, e.status());
    assertEquals(
        List.of(
            "PropertyValueNotInList", // no ConnectionType fits a PCIe device
            "PropertyNotWritable", // Id is shown but not set by a client
            "PropertyUnknown",
            "PropertyValueIncorrect", // two initiators
            "PropertyValueIncorrect", // slot 5 is empty
            "PropertyValueIncorrect"), // slot 1 twice
        keys(e));
  }

  @Test
  void a_create_without_links_or_targets_is_refused() throws Exception {
    assertEquals(
        List.of("PropertyMissing"),
        keys(
            assertThrows(
                RedfishException.class, () -> ConnectionRequests.create(body("{}"), healthy()))));
    assertEquals(
        List.of("PropertyValueIncorrect"),
        keys(
            assertThrows(
                RedfishException.class,
                () -> ConnectionRequests.create(body(links(refs("Host1"), "[]")), healthy()))));
    assertEquals(
        List.of("PropertyValueIncorrect"),
        keys(
            assertThrows(
                RedfishException.class,
                () ->
                    ConnectionRequests.create(
                        body(links(refs("Host99"), refs("GPU-Slot1"))), healthy()))));
  }

  @Test
  void an_update_gives_the_gpus_the_host_is_to_have() throws Exception {
    ChassisState state = bound(healthy(), 1, "Host1", 5, 16);
    ObjectNode shown = body("{\"Id\":\"Host1\",\"Links\":{}}");

    Set<Integer> wanted =
        ConnectionRequests.update(
            body("{\"Links\":{\"TargetEndpoints\":" + refs("GPU-Slot1", "GPU-Slot2") + "}}"),
            shown,
            state,
            host(state, "Host1"));

    assertEquals(List.of(1, 2), List.copyOf(wanted));
  }

  @Test
  void an_update_may_repeat_its_initiator_but_not_change_it_nor_empty_the_targets()
      throws Exception {
    ChassisState state = bound(healthy(), 1, "Host1", 5, 16);
    ObjectNode shown = body("{\"Id\":\"Host1\",\"Links\":{}}");
    HostPort host1 = host(state, "Host1");

    assertEquals(
        Set.of(1),
        ConnectionRequests.update(
            body(links(refs("Host1"), refs("GPU-Slot1"))), shown, state, host1));
    RedfishException moved =
        assertThrows(
            RedfishException.class,
            () ->
                ConnectionRequests.update(
                    body(links(refs("Host2"), refs("GPU-Slot1"))), shown, state, host1));
    assertEquals(List.of("PropertyNotWritable"), keys(moved));
    RedfishException emptied =
        assertThrows(
            RedfishException.class,
            () ->
                ConnectionRequests.update(
                    body("{\"Links\":{\"TargetEndpoints\":[]}}"), shown, state, host1));
    assertEquals(List.of("PropertyValueIncorrect"), keys(emptied));
    RedfishException renamed =
        assertThrows(
            RedfishException.class,
            () ->
                ConnectionRequests.update(
                    body(
                        "{\"Id\":\"X\",\"Links\":{\"TargetEndpoints\":" + refs("GPU-Slot1") + "}}"),
                    shown,
                    state,
                    host1));
    assertEquals(List.of("PropertyNotWritable"), keys(renamed));
  }
}

package io.gpuchassis.redfish.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpuchassis.redfish.json.RedfishJson;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Task v1_7_4 serializes to Redfish property names: a running and a completed zone change. */
class TaskTest {

  private static final ObjectMapper MAPPER = RedfishJson.mapper();

  @Test
  void runningTaskWithPayload() throws Exception {
    Task task =
        new Task()
            .atOdataId("/redfish/v1/TaskService/Tasks/42")
            .atOdataType("#Task.v1_7_4.Task")
            .atOdataEtag("W/\"42-3\"")
            .id("42")
            .name("Add endpoint Slot7 to zone Host2")
            .taskState(TaskState.RUNNING)
            .taskStatus(Health.OK)
            .percentComplete(40)
            .startTime(OffsetDateTime.of(2025, 11, 3, 9, 15, 0, 0, ZoneOffset.UTC))
            .taskMonitor("/redfish/v1/TaskService/TaskMonitors/42")
            .hidePayload(false)
            .payload(
                new TaskPayload()
                    .httpOperation("POST")
                    .targetUri("/redfish/v1/Fabrics/PCIe/Zones/Host2/Actions/Zone.AddEndpoint")
                    .addHttpHeadersItem("Content-Type: application/json")
                    .jsonBody(
                        "{\"Endpoint\": {\"@odata.id\": \"/redfish/v1/Fabrics/PCIe/Endpoints/Slot7\"}}"));

    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/TaskService/Tasks/42",
                  "@odata.type": "#Task.v1_7_4.Task",
                  "@odata.etag": "W/\\"42-3\\"",
                  "Id": "42",
                  "Name": "Add endpoint Slot7 to zone Host2",
                  "TaskState": "Running",
                  "TaskStatus": "OK",
                  "PercentComplete": 40,
                  "StartTime": "2025-11-03T09:15:00Z",
                  "TaskMonitor": "/redfish/v1/TaskService/TaskMonitors/42",
                  "HidePayload": false,
                  "Payload": {
                    "HttpOperation": "POST",
                    "TargetUri": "/redfish/v1/Fabrics/PCIe/Zones/Host2/Actions/Zone.AddEndpoint",
                    "HttpHeaders": ["Content-Type: application/json"],
                    "JsonBody": "{\\"Endpoint\\": {\\"@odata.id\\": \\"/redfish/v1/Fabrics/PCIe/Endpoints/Slot7\\"}}"
                  }
                }
                """,
            task);

    assertAbsent(actual, "EndTime", "Messages", "Description", "Status", "Oem");
    assertEquals(task, MAPPER.readValue(MAPPER.writeValueAsString(task), Task.class));
  }

  @Test
  void completedTaskWithMessagesAndHiddenPayload() throws Exception {
    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/TaskService/Tasks/41",
                  "@odata.type": "#Task.v1_7_4.Task",
                  "Id": "41",
                  "Name": "Compose system",
                  "TaskState": "Completed",
                  "TaskStatus": "OK",
                  "PercentComplete": 100,
                  "StartTime": "2025-11-03T09:10:00+01:00",
                  "EndTime": "2025-11-03T09:10:07+01:00",
                  "HidePayload": true,
                  "Messages": [{"MessageId": "Base.1.22.Success", "MessageSeverity": "OK"}]
                }
                """,
            new Task()
                .atOdataId("/redfish/v1/TaskService/Tasks/41")
                .atOdataType("#Task.v1_7_4.Task")
                .id("41")
                .name("Compose system")
                .taskState(TaskState.COMPLETED)
                .taskStatus(Health.OK)
                .percentComplete(100)
                .startTime(OffsetDateTime.of(2025, 11, 3, 9, 10, 0, 0, ZoneOffset.ofHours(1)))
                .endTime(OffsetDateTime.of(2025, 11, 3, 9, 10, 7, 0, ZoneOffset.ofHours(1)))
                .hidePayload(true)
                .addMessagesItem(
                    new Message()
                        .messageId("Base.1.22.Success")
                        .messageSeverity(MessageSeverity.OK)));
    assertAbsent(actual, "Payload", "TaskMonitor", "@odata.etag");
  }

  @Test
  void taskStateStrings() throws Exception {
    List<TaskState> states =
        List.of(
            TaskState.NEW,
            TaskState.STARTING,
            TaskState.SUSPENDED,
            TaskState.INTERRUPTED,
            TaskState.PENDING,
            TaskState.STOPPING,
            TaskState.KILLED,
            TaskState.EXCEPTION,
            TaskState.SERVICE,
            TaskState.CANCELLING,
            TaskState.CANCELLED);
    List<String> names =
        List.of(
            "New",
            "Starting",
            "Suspended",
            "Interrupted",
            "Pending",
            "Stopping",
            "Killed",
            "Exception",
            "Service",
            "Cancelling",
            "Cancelled");
    for (int i = 0; i < states.size(); i++) {
      assertSerializesTo(
          "{\"TaskState\": \"" + names.get(i) + "\"}", new Task().taskState(states.get(i)));
    }
    assertSerializesTo(
        """
                {"TaskState": "Exception", "TaskStatus": "Critical"}
                """,
        new Task().taskState(TaskState.EXCEPTION).taskStatus(Health.CRITICAL));
  }

  private static void assertAbsent(JsonNode node, String... names) {
    for (String name : names) {
      assertFalse(node.has(name), name + " must be absent");
    }
  }

  /**
   * Serializes {@code model} to text and compares the parsed result with {@code expectedJson} as
   * trees.
   */
  private static JsonNode assertSerializesTo(String expectedJson, Object model)
      throws JsonProcessingException {
    JsonNode expected = MAPPER.readTree(expectedJson);
    JsonNode actual = MAPPER.readTree(MAPPER.writeValueAsString(model));
    assertEquals(
        expected,
        actual,
        () -> "expected " + expected.toPrettyString() + "\nbut was " + actual.toPrettyString());
    return actual;
  }
}

package io.gpuchassis.redfish.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpuchassis.redfish.json.RedfishJson;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** TaskService v1_3_0 serializes to Redfish property names. */
class TaskServiceTest {

  private static final ObjectMapper MAPPER = RedfishJson.mapper();

  @Test
  void taskService() throws Exception {
    TaskService service =
        new TaskService()
            .atOdataId("/redfish/v1/TaskService")
            .atOdataType("#TaskService.v1_3_0.TaskService")
            .id("TaskService")
            .name("Task Service")
            .serviceEnabled(true)
            .status(new Status().state(State.ENABLED).health(Health.OK))
            .dateTime(OffsetDateTime.of(2025, 11, 3, 9, 15, 0, 0, ZoneOffset.UTC))
            .completedTaskOverWritePolicy(TaskServiceOverWritePolicy.OLDEST)
            .lifeCycleEventOnTaskStateChange(true)
            .tasks(new OdataIdRef().atOdataId("/redfish/v1/TaskService/Tasks"));

    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/TaskService",
                  "@odata.type": "#TaskService.v1_3_0.TaskService",
                  "Id": "TaskService",
                  "Name": "Task Service",
                  "ServiceEnabled": true,
                  "Status": {"State": "Enabled", "Health": "OK"},
                  "DateTime": "2025-11-03T09:15:00Z",
                  "CompletedTaskOverWritePolicy": "Oldest",
                  "LifeCycleEventOnTaskStateChange": true,
                  "Tasks": {"@odata.id": "/redfish/v1/TaskService/Tasks"}
                }
                """,
            service);

    assertAbsent(actual, "@odata.etag", "@odata.context", "Description", "Oem");
    assertEquals(service, MAPPER.readValue(MAPPER.writeValueAsString(service), TaskService.class));
  }

  @Test
  void overWritePolicyIsTaskServicesOwn() throws Exception {
    JsonNode actual =
        assertSerializesTo(
            """
                {"CompletedTaskOverWritePolicy": "Manual"}
                """,
            new TaskService().completedTaskOverWritePolicy(TaskServiceOverWritePolicy.MANUAL));
    assertAbsent(actual, "ServiceEnabled", "Tasks", "DateTime", "LifeCycleEventOnTaskStateChange");
    // LogService's OverWritePolicy is a different enumeration.
    assertEquals("WrapsWhenFull", OverWritePolicy.WRAPS_WHEN_FULL.getValue());
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

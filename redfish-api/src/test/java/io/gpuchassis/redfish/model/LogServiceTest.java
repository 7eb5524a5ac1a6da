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

/** LogService v1_9_0 and LogEntry v1_21_0 serialize to Redfish property names. */
class LogServiceTest {

  private static final ObjectMapper MAPPER = RedfishJson.mapper();

  @Test
  void logServiceWithClearLogAction() throws Exception {
    LogService log =
        new LogService()
            .atOdataId("/redfish/v1/Managers/BMC/LogServices/Log")
            .atOdataType("#LogService.v1_9_0.LogService")
            .atOdataEtag("W/\"17\"")
            .id("Log")
            .name("Manager Log")
            .description("Events of the chassis manager")
            .serviceEnabled(true)
            .maxNumberOfRecords(5_000_000_000L)
            .overWritePolicy(OverWritePolicy.WRAPS_WHEN_FULL)
            .dateTime(OffsetDateTime.of(2025, 3, 13, 4, 14, 33, 0, ZoneOffset.ofHours(6)))
            .dateTimeLocalOffset("+06:00")
            .logEntryType(LogEntryTypes.EVENT)
            .entries(ref("/redfish/v1/Managers/BMC/LogServices/Log/Entries"))
            .status(new Status().state(State.ENABLED).health(Health.OK))
            .actions(
                new LogServiceActions()
                    .hashLogServiceClearLog(
                        new ClearLogAction()
                            .target(
                                "/redfish/v1/Managers/BMC/LogServices/Log/Actions/LogService.ClearLog")
                            .title("Clear the log")));

    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/Managers/BMC/LogServices/Log",
                  "@odata.type": "#LogService.v1_9_0.LogService",
                  "@odata.etag": "W/\\"17\\"",
                  "Id": "Log",
                  "Name": "Manager Log",
                  "Description": "Events of the chassis manager",
                  "ServiceEnabled": true,
                  "MaxNumberOfRecords": 5000000000,
                  "OverWritePolicy": "WrapsWhenFull",
                  "DateTime": "2025-03-13T04:14:33+06:00",
                  "DateTimeLocalOffset": "+06:00",
                  "LogEntryType": "Event",
                  "Entries": {"@odata.id": "/redfish/v1/Managers/BMC/LogServices/Log/Entries"},
                  "Status": {"State": "Enabled", "Health": "OK"},
                  "Actions": {
                    "#LogService.ClearLog": {
                      "target": "/redfish/v1/Managers/BMC/LogServices/Log/Actions/LogService.ClearLog",
                      "title": "Clear the log"
                    }
                  }
                }
                """,
            log);

    assertFalse(actual.has("Oem"));
    assertFalse(actual.get("Actions").has("Oem"));

    LogService read = MAPPER.readValue(MAPPER.writeValueAsString(log), LogService.class);
    assertEquals(log, read);
    assertEquals(5_000_000_000L, read.getMaxNumberOfRecords());
  }

  @Test
  void logServiceEnumStrings() throws Exception {
    assertSerializesTo(
        """
                {"OverWritePolicy": "NeverOverWrites", "LogEntryType": "Multiple",
                 "Actions": {"#LogService.ClearLog": {"target": "/x"}}}
                """,
        new LogService()
            .overWritePolicy(OverWritePolicy.NEVER_OVER_WRITES)
            .logEntryType(LogEntryTypes.MULTIPLE)
            .actions(
                new LogServiceActions().hashLogServiceClearLog(new ClearLogAction().target("/x"))));
    assertEquals("Unknown", OverWritePolicy.UNKNOWN.getValue());
    // LogService.LogEntryTypes spells OEM in capitals, LogEntry.LogEntryType does not.
    assertEquals("OEM", LogEntryTypes.OEM.getValue());
    assertEquals("Oem", LogEntryType.OEM.getValue());
  }

  @Test
  void logEntry() throws Exception {
    LogEntry entry =
        new LogEntry()
            .atOdataId("/redfish/v1/Managers/BMC/LogServices/Log/Entries/42")
            .atOdataType("#LogEntry.v1_21_0.LogEntry")
            .id("42")
            .name("Log Entry 42")
            .entryType(LogEntryType.EVENT)
            .severity(EventSeverity.WARNING)
            .created(OffsetDateTime.of(2025, 3, 13, 4, 14, 33, 0, ZoneOffset.UTC))
            .message("The resource property SessionTimeout has changed to 600.")
            .messageId("ResourceEvent.1.4.ResourceChanged")
            .messageArgs(List.of("SessionTimeout", "600"))
            .links(new LogEntryLinks().originOfCondition(ref("/redfish/v1/SessionService")));

    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/Managers/BMC/LogServices/Log/Entries/42",
                  "@odata.type": "#LogEntry.v1_21_0.LogEntry",
                  "Id": "42",
                  "Name": "Log Entry 42",
                  "EntryType": "Event",
                  "Severity": "Warning",
                  "Created": "2025-03-13T04:14:33Z",
                  "Message": "The resource property SessionTimeout has changed to 600.",
                  "MessageId": "ResourceEvent.1.4.ResourceChanged",
                  "MessageArgs": ["SessionTimeout", "600"],
                  "Links": {"OriginOfCondition": {"@odata.id": "/redfish/v1/SessionService"}}
                }
                """,
            entry);

    for (String unset : new String[] {"Description", "@odata.etag", "Oem", "OriginOfCondition"}) {
      assertFalse(actual.has(unset), unset + " must be absent");
    }
  }

  @Test
  void minimalLogEntryOmitsArgsAndLinks() throws Exception {
    JsonNode actual =
        assertSerializesTo(
            """
                {"Id": "1", "Name": "Log Entry 1", "EntryType": "SEL", "Severity": "Critical"}
                """,
            new LogEntry()
                .id("1")
                .name("Log Entry 1")
                .entryType(LogEntryType.SEL)
                .severity(EventSeverity.CRITICAL));
    for (String unset : new String[] {"MessageArgs", "Links", "Created", "Message", "MessageId"}) {
      assertFalse(actual.has(unset), unset + " must be absent");
    }
  }

  private static OdataIdRef ref(String uri) {
    return new OdataIdRef().atOdataId(uri);
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

package io.gpuchassis.redfish.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpuchassis.redfish.json.RedfishJson;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/**
 * Session v1_8_0 and the absolute timeout of SessionService v1_2_0 serialize to Redfish property
 * names.
 */
class SessionTest {

  private static final ObjectMapper MAPPER = RedfishJson.mapper();

  @Test
  void sessionResponseHasNoPasswordOrToken() throws Exception {
    Session session =
        new Session()
            .atOdataId("/redfish/v1/SessionService/Sessions/1234567890ABCDEF")
            .atOdataType("#Session.v1_8_0.Session")
            .id("1234567890ABCDEF")
            .name("User Session")
            .description("Manager User Session")
            .userName("Administrator")
            .context("fleet-poller")
            .createdTime(OffsetDateTime.of(2025, 6, 1, 8, 30, 0, 0, ZoneOffset.UTC))
            .expirationTime(OffsetDateTime.of(2025, 6, 1, 16, 30, 0, 0, ZoneOffset.ofHours(2)))
            .clientOriginIPAddress("192.0.2.10")
            .sessionType(SessionTypes.REDFISH);

    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/SessionService/Sessions/1234567890ABCDEF",
                  "@odata.type": "#Session.v1_8_0.Session",
                  "Id": "1234567890ABCDEF",
                  "Name": "User Session",
                  "Description": "Manager User Session",
                  "UserName": "Administrator",
                  "Context": "fleet-poller",
                  "CreatedTime": "2025-06-01T08:30:00Z",
                  "ExpirationTime": "2025-06-01T16:30:00+02:00",
                  "ClientOriginIPAddress": "192.0.2.10",
                  "SessionType": "Redfish"
                }
                """,
            session);

    for (String unset :
        new String[] {"Password", "Token", "@odata.etag", "@odata.context", "Oem"}) {
      assertFalse(actual.has(unset), unset + " must be absent");
    }
  }

  @Test
  void sessionCreateRequestReadsCredentials() throws Exception {
    Session request =
        MAPPER.readValue(
            """
                {"UserName": "Administrator", "Password": "P@ssw0rd", "Token": "123456", "Context": "ui"}
                """,
            Session.class);

    assertEquals("Administrator", request.getUserName());
    assertEquals("P@ssw0rd", request.getPassword());
    assertEquals("123456", request.getToken());
    assertEquals("ui", request.getContext());
    assertNull(request.getSessionType());
  }

  @Test
  void sessionTypeStrings() throws Exception {
    String[] expected = {
      "HostConsole",
      "ManagerConsole",
      "IPMI",
      "KVMIP",
      "OEM",
      "Redfish",
      "VirtualMedia",
      "WebUI",
      "OutboundConnection"
    };
    SessionTypes[] values = SessionTypes.values();
    assertEquals(expected.length, values.length);
    for (int i = 0; i < values.length; i++) {
      assertEquals("\"" + expected[i] + "\"", MAPPER.writeValueAsString(values[i]));
    }
    assertEquals(SessionTypes.WEB_UI, MAPPER.readValue("\"WebUI\"", SessionTypes.class));
  }

  @Test
  void sessionServiceWithAbsoluteTimeout() throws Exception {
    SessionService service =
        new SessionService()
            .atOdataId("/redfish/v1/SessionService")
            .atOdataType("#SessionService.v1_2_0.SessionService")
            .id("SessionService")
            .name("Session Service")
            .serviceEnabled(true)
            .sessionTimeout(1800)
            .absoluteSessionTimeoutEnabled(true)
            .absoluteSessionTimeout(28800)
            .sessions(new OdataIdRef().atOdataId("/redfish/v1/SessionService/Sessions"));

    assertSerializesTo(
        """
                {
                  "@odata.id": "/redfish/v1/SessionService",
                  "@odata.type": "#SessionService.v1_2_0.SessionService",
                  "Id": "SessionService",
                  "Name": "Session Service",
                  "ServiceEnabled": true,
                  "SessionTimeout": 1800,
                  "AbsoluteSessionTimeoutEnabled": true,
                  "AbsoluteSessionTimeout": 28800,
                  "Sessions": {"@odata.id": "/redfish/v1/SessionService/Sessions"}
                }
                """,
        service);
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

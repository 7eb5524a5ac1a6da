package io.gpuchassis.redfish.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.json.RedfishJson;
import io.gpuchassis.redfish.message.MessageInstance;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Action parameters end in the Base registry's ActionParameter* messages, naming action and
 * parameter.
 */
class ActionParametersTest {

  private static final String ACTION = "CertificateService.ReplaceCertificate";

  @Test
  void unknown_unsupported_and_missing_parameters_are_reported_together() {
    ActionParameters p =
        parameters(
            "{\"Colour\": 1, \"Password\": \"x\", \"A@Redfish.Foo\": 1, \"@odata.type\": \"t\"}");
    RedfishException e =
        assertThrows(
            RedfishException.class,
            () -> p.expect(List.of("A", "B"), List.of(), Set.of("Password")));
    assertEquals(400, e.status());
    assertEquals(
        List.of(
            "Base.1.22.1.ActionParameterUnknown: The action "
                + ACTION
                + " was submitted with the invalid parameter"
                + " Colour.",
            "Base.1.22.1.ActionParameterNotSupported: The parameter Password for the action "
                + ACTION
                + " is not supported on the target resource.",
            "Base.1.22.1.ActionParameterMissing: The action "
                + ACTION
                + " requires the parameter A to be present in"
                + " the request body.",
            "Base.1.22.1.ActionParameterMissing: The action "
                + ACTION
                + " requires the parameter B to be present in"
                + " the request body."),
        e.messages().stream().map(ActionParametersTest::line).toList());
    assertEquals(List.of("/A"), e.messages().get(2).relatedProperties());
  }

  @Test
  void a_null_parameter_counts_as_missing() {
    RedfishException e =
        assertThrows(
            RedfishException.class,
            () -> parameters("{\"A\": null}").expect(List.of("A"), List.of(), Set.of()));
    assertEquals("ActionParameterMissing", e.messages().get(0).definition().key());
  }

  @Test
  void strings_and_enumerations() {
    ActionParameters p = parameters("{\"T\": \"PKCS7\", \"N\": 5, \"S\": \"ok\"}");
    assertEquals("ok", p.string("S"));
    RedfishException type = assertThrows(RedfishException.class, () -> p.string("N"));
    assertEquals(
        "The value '5' for the parameter N in the action "
            + ACTION
            + " is not a type that the parameter can accept.",
        type.messages().get(0).text());
    RedfishException notInList =
        assertThrows(RedfishException.class, () -> p.oneOf("T", List.of("PEM", "PEMchain")));
    assertEquals("ActionParameterValueNotInList", notInList.messages().get(0).definition().key());
    assertEquals(List.of("PKCS7", "T", ACTION), notInList.messages().get(0).args());
    assertEquals("PEM", parameters("{\"T\": \"PEM\"}").oneOf("T", List.of("PEM", "PEMchain")));
  }

  @Test
  void a_secret_of_the_wrong_type_is_never_echoed() {
    RedfishException e =
        assertThrows(
            RedfishException.class,
            () -> parameters("{\"K\": [\"-----BEGIN PRIVATE KEY-----\"]}").secret("K"));
    assertEquals("ActionParameterValueError", e.messages().get(0).definition().key());
    assertFalse(e.getMessage().contains("PRIVATE"));
    e.messages().forEach(m -> assertFalse(m.text().contains("PRIVATE")));
  }

  @Test
  void links_are_objects_with_an_odata_id() {
    assertEquals(
        "/redfish/v1/X", parameters("{\"L\": {\"@odata.id\": \"/redfish/v1/X\"}}").link("L"));
    assertEquals(
        "ActionParameterValueTypeError",
        assertThrows(
                RedfishException.class, () -> parameters("{\"L\": \"/redfish/v1/X\"}").link("L"))
            .messages()
            .get(0)
            .definition()
            .key());
    assertEquals(
        "ActionParameterValueFormatError",
        assertThrows(RedfishException.class, () -> parameters("{\"L\": {\"Id\": \"X\"}}").link("L"))
            .messages()
            .get(0)
            .definition()
            .key());
  }

  private static String line(MessageInstance m) {
    return m.definition().messageId() + ": " + m.text();
  }

  private static ActionParameters parameters(String json) {
    try {
      return new ActionParameters(ACTION, (ObjectNode) RedfishJson.mapper().readTree(json));
    } catch (Exception e) {
      throw new IllegalArgumentException(e);
    }
  }
}

package io.gpuchassis.redfish.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpuchassis.redfish.json.RedfishJson;
import java.util.List;
import org.junit.jupiter.api.Test;

class RedfishErrorTest {

  private static final ObjectMapper MAPPER = RedfishJson.mapper();

  @Test
  void errorWithExtendedInfo() throws Exception {
    RedfishError error =
        new RedfishError()
            .error(
                new RedfishErrorContents()
                    .code("Base.1.22.GeneralError")
                    .message("A general error has occurred. See ExtendedInfo for more information.")
                    .addAtMessageExtendedInfoItem(
                        new Message()
                            .atOdataType("#Message.v1_3_0.Message")
                            .messageId("Base.1.22.PropertyUnknown")
                            .message(
                                "The property Foo is not in the list of valid properties for the resource.")
                            .messageArgs(List.of("Foo"))
                            .messageSeverity(MessageSeverity.WARNING)
                            .resolution(
                                "Remove the unknown property from the request body and resubmit the request if the operation failed.")
                            .relatedProperties(List.of("/Foo")))
                    .addAtMessageExtendedInfoItem(
                        new Message()
                            .messageId("Base.1.22.ResourceNotFound")
                            .messageSeverity(MessageSeverity.CRITICAL)));

    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "error": {
                    "code": "Base.1.22.GeneralError",
                    "message": "A general error has occurred. See ExtendedInfo for more information.",
                    "@Message.ExtendedInfo": [
                      {
                        "@odata.type": "#Message.v1_3_0.Message",
                        "MessageId": "Base.1.22.PropertyUnknown",
                        "Message": "The property Foo is not in the list of valid properties for the resource.",
                        "MessageArgs": ["Foo"],
                        "MessageSeverity": "Warning",
                        "Resolution": "Remove the unknown property from the request body and resubmit the request if the operation failed.",
                        "RelatedProperties": ["/Foo"]
                      },
                      {"MessageId": "Base.1.22.ResourceNotFound", "MessageSeverity": "Critical"}
                    ]
                  }
                }
                """,
            error);

    JsonNode second = actual.get("error").get("@Message.ExtendedInfo").get(1);
    assertFalse(second.has("MessageArgs"), "unset MessageArgs must be absent, not []");
    assertFalse(second.has("RelatedProperties"));
    assertFalse(second.has("Severity"), "the deprecated Severity is not modelled");
  }

  @Test
  void errorWithoutExtendedInfo() throws Exception {
    assertSerializesTo(
        """
                {"error": {"code": "Base.1.22.InternalError", "message": "The request failed due to an internal service error."}}
                """,
        new RedfishError()
            .error(
                new RedfishErrorContents()
                    .code("Base.1.22.InternalError")
                    .message("The request failed due to an internal service error.")));
  }

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

package io.gpuchassis.redfish.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpuchassis.redfish.json.RedfishJson;
import java.util.List;
import org.junit.jupiter.api.Test;

/** ActionInfo v1_5_0 serializes to Redfish property names (the Compose action's parameters). */
class ActionInfoTest {

  private static final ObjectMapper MAPPER = RedfishJson.mapper();

  @Test
  void composeActionInfo() throws Exception {
    ActionInfo info =
        new ActionInfo()
            .atOdataId("/redfish/v1/CompositionService/ComposeActionInfo")
            .atOdataType("#ActionInfo.v1_5_0.ActionInfo")
            .id("ComposeActionInfo")
            .name("Compose Action Info")
            .addParametersItem(
                new ActionInfoParameters()
                    .name("Manifest")
                    .required(false)
                    .dataType(ParameterTypes.OBJECT)
                    .objectDataType("#Manifest.v1_1_0.Manifest"))
            .addParametersItem(
                new ActionInfoParameters()
                    .name("RequestFormat")
                    .required(true)
                    .dataType(ParameterTypes.STRING)
                    .addAllowableValuesItem("Manifest"))
            .addParametersItem(
                new ActionInfoParameters()
                    .name("RequestType")
                    .required(true)
                    .dataType(ParameterTypes.STRING)
                    .allowableValues(List.of("Preview", "PreviewReserve", "Apply")))
            .addParametersItem(
                new ActionInfoParameters()
                    .name("ReservationId")
                    .required(false)
                    .dataType(ParameterTypes.STRING));

    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/CompositionService/ComposeActionInfo",
                  "@odata.type": "#ActionInfo.v1_5_0.ActionInfo",
                  "Id": "ComposeActionInfo",
                  "Name": "Compose Action Info",
                  "Parameters": [
                    {"Name": "Manifest", "Required": false, "DataType": "Object",
                     "ObjectDataType": "#Manifest.v1_1_0.Manifest"},
                    {"Name": "RequestFormat", "Required": true, "DataType": "String", "AllowableValues": ["Manifest"]},
                    {"Name": "RequestType", "Required": true, "DataType": "String",
                     "AllowableValues": ["Preview", "PreviewReserve", "Apply"]},
                    {"Name": "ReservationId", "Required": false, "DataType": "String"}
                  ]
                }
                """,
            info);

    assertAbsent(actual, "@odata.etag", "Description", "Oem");
    assertAbsent(actual.get("Parameters").get(3), "AllowableValues", "ObjectDataType");
    assertEquals(info, MAPPER.readValue(MAPPER.writeValueAsString(info), ActionInfo.class));
  }

  @Test
  void parameterTypeStrings() throws Exception {
    assertSerializesTo(
        """
                {"Parameters": [{"Name": "a", "DataType": "Boolean"}, {"Name": "b", "DataType": "Number"},
                                {"Name": "c", "DataType": "NumberArray"}, {"Name": "d", "DataType": "StringArray"},
                                {"Name": "e", "DataType": "ObjectArray"}]}
                """,
        new ActionInfo()
            .parameters(
                List.of(
                    new ActionInfoParameters().name("a").dataType(ParameterTypes.BOOLEAN),
                    new ActionInfoParameters().name("b").dataType(ParameterTypes.NUMBER),
                    new ActionInfoParameters().name("c").dataType(ParameterTypes.NUMBER_ARRAY),
                    new ActionInfoParameters().name("d").dataType(ParameterTypes.STRING_ARRAY),
                    new ActionInfoParameters().name("e").dataType(ParameterTypes.OBJECT_ARRAY))));
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

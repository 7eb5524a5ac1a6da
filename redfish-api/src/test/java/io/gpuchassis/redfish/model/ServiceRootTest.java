package io.gpuchassis.redfish.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpuchassis.redfish.json.RedfishJson;
import org.junit.jupiter.api.Test;

class ServiceRootTest {

  private static final ObjectMapper MAPPER = RedfishJson.mapper();

  @Test
  void serviceRootSerializesToRedfishPropertyNames() throws Exception {
    ServiceRoot root =
        new ServiceRoot()
            .atOdataId("/redfish/v1/")
            .atOdataType("#ServiceRoot.v1_20_0.ServiceRoot")
            .id("RootService")
            .name("Root Service")
            .redfishVersion("1.15.0")
            .UUID("92384634-2938-2342-8820-489239905423")
            .product("GPU Expansion Chassis")
            .vendor("gpuchassis")
            .protocolFeaturesSupported(
                new ProtocolFeaturesSupported()
                    .expandQuery(
                        new Expand()
                            .expandAll(true)
                            .levels(true)
                            .links(true)
                            .noLinks(true)
                            .maxLevels(3))
                    .selectQuery(true)
                    .filterQuery(false)
                    .onlyMemberQuery(true)
                    .excerptQuery(false)
                    .topSkipQuery(true)
                    .deepOperations(new DeepOperations().deepPATCH(false).deepPOST(false))
                    .multipleHTTPRequests(true))
            .chassis(ref("/redfish/v1/Chassis"))
            .managers(ref("/redfish/v1/Managers"))
            .sessionService(ref("/redfish/v1/SessionService"))
            .tasks(ref("/redfish/v1/TaskService"))
            .links(
                new ServiceRootLinks()
                    .sessions(ref("/redfish/v1/SessionService/Sessions"))
                    .managerProvidingService(ref("/redfish/v1/Managers/BMC")));

    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/",
                  "@odata.type": "#ServiceRoot.v1_20_0.ServiceRoot",
                  "Id": "RootService",
                  "Name": "Root Service",
                  "RedfishVersion": "1.15.0",
                  "UUID": "92384634-2938-2342-8820-489239905423",
                  "Product": "GPU Expansion Chassis",
                  "Vendor": "gpuchassis",
                  "ProtocolFeaturesSupported": {
                    "ExpandQuery": {"ExpandAll": true, "Levels": true, "Links": true, "NoLinks": true, "MaxLevels": 3},
                    "SelectQuery": true,
                    "FilterQuery": false,
                    "OnlyMemberQuery": true,
                    "ExcerptQuery": false,
                    "TopSkipQuery": true,
                    "DeepOperations": {"DeepPATCH": false, "DeepPOST": false},
                    "MultipleHTTPRequests": true
                  },
                  "Chassis": {"@odata.id": "/redfish/v1/Chassis"},
                  "Managers": {"@odata.id": "/redfish/v1/Managers"},
                  "SessionService": {"@odata.id": "/redfish/v1/SessionService"},
                  "Tasks": {"@odata.id": "/redfish/v1/TaskService"},
                  "Links": {
                    "Sessions": {"@odata.id": "/redfish/v1/SessionService/Sessions"},
                    "ManagerProvidingService": {"@odata.id": "/redfish/v1/Managers/BMC"}
                  }
                }
                """,
            root);

    // Unset properties are absent, not null.
    for (String unset :
        new String[] {
          "@odata.context",
          "@odata.etag",
          "Description",
          "AccountService",
          "Systems",
          "Fabrics",
          "UpdateService",
          "Registries",
          "JsonSchemas"
        }) {
      assertFalse(actual.has(unset), unset + " must be absent");
    }
    assertFalse(actual.get("ProtocolFeaturesSupported").get("DeepOperations").has("MaxLevels"));
  }

  @Test
  void odataServiceDocument() throws Exception {
    ODataServiceDocument doc =
        new ODataServiceDocument()
            .atOdataContext("/redfish/v1/$metadata")
            .addValueItem(
                new ODataServiceEntry().name("Service").kind("Singleton").url("/redfish/v1/"))
            .addValueItem(
                new ODataServiceEntry()
                    .name("Chassis")
                    .kind("Singleton")
                    .url("/redfish/v1/Chassis"));

    assertSerializesTo(
        """
                {
                  "@odata.context": "/redfish/v1/$metadata",
                  "value": [
                    {"name": "Service", "kind": "Singleton", "url": "/redfish/v1/"},
                    {"name": "Chassis", "kind": "Singleton", "url": "/redfish/v1/Chassis"}
                  ]
                }
                """,
        doc);
  }

  @Test
  void sessionService() throws Exception {
    SessionService service =
        new SessionService()
            .atOdataId("/redfish/v1/SessionService")
            .atOdataType("#SessionService.v1_2_0.SessionService")
            .id("SessionService")
            .name("Session Service")
            .serviceEnabled(true)
            .sessionTimeout(1800)
            .sessions(ref("/redfish/v1/SessionService/Sessions"))
            .status(new Status().state(State.ENABLED).health(Health.OK));

    assertSerializesTo(
        """
                {
                  "@odata.id": "/redfish/v1/SessionService",
                  "@odata.type": "#SessionService.v1_2_0.SessionService",
                  "Id": "SessionService",
                  "Name": "Session Service",
                  "ServiceEnabled": true,
                  "SessionTimeout": 1800,
                  "Sessions": {"@odata.id": "/redfish/v1/SessionService/Sessions"},
                  "Status": {"State": "Enabled", "Health": "OK"}
                }
                """,
        service);
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

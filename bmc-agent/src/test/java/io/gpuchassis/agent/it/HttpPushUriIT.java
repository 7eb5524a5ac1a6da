package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.switchdrv.FirmwareVersion;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The older, unstructured push (HttpPushUri): the bundle as the whole octet-stream body, applied as
 * HttpPushUriOptions says, which a PATCH of the UpdateService sets; every other property of the
 * UpdateService stays read-only.
 */
class HttpPushUriIT {

  static final String SERVICE = "/redfish/v1/UpdateService";
  static final String PUSH = SERVICE + "/update";
  static final String APPLY_TIME = "/HttpPushUriOptions/HttpPushUriApplyTime/ApplyTime";

  @TempDir static Path stateDir;
  static TestAgent agent;
  static SignedBundles bundles;

  @BeforeAll
  static void start() throws Exception {
    agent = TestAgent.start(stateDir);
    bundles = SignedBundles.of(stateDir);
    SignedBundles.awaitEverySwitchRead(agent);
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @Test
  void a_bundle_posted_as_the_body_updates_every_switch_it_fits_as_the_options_say()
      throws Exception {
    JsonNode service = json(agent.client.get(SERVICE, TestAgent.READER));
    assertEquals(PUSH, service.get("HttpPushUri").asText());
    assertEquals("OnReset", service.at(APPLY_TIME).asText());
    assertEquals(
        "[\"Immediate\",\"OnReset\"]",
        service
            .at("/HttpPushUriOptions/HttpPushUriApplyTime/ApplyTime@Redfish.AllowableValues")
            .toString());

    HttpResponse<String> accepted =
        agent.client.postBytes(
            PUSH, TestAgent.OPERATOR, "application/octet-stream", bundle("9.30 B051"));
    assertEquals(202, accepted.statusCode(), accepted.body());
    HttpResponse<String> done = agent.client.awaitTask(accepted, TestAgent.READER);
    assertEquals(200, done.statusCode(), done.body());
    for (String id : List.of("SW1", "SW2", "SW3", "SW4")) {
      JsonNode chip =
          json(agent.client.get(SERVICE + "/FirmwareInventory/" + id, TestAgent.READER));
      assertTrue(
          chip.at("/Oem/GpuChassisAgent/ActivationPendingReset").asBoolean(),
          id + " boots the image at its next reset, as OnReset says");
    }
  }

  @Test
  void the_apply_time_is_the_one_writable_property_and_is_checked() throws Exception {
    HttpResponse<String> set =
        agent.client.send(
            "PATCH",
            SERVICE,
            TestAgent.OPERATOR,
            "{\"HttpPushUriOptions\": {\"HttpPushUriApplyTime\": {\"ApplyTime\": \"Immediate\"}}}",
            "Content-Type",
            "application/json");
    assertEquals(200, set.statusCode(), set.body());
    assertEquals("Immediate", json(set).at(APPLY_TIME).asText());
    assertEquals(
        "Immediate", json(agent.client.get(SERVICE, TestAgent.READER)).at(APPLY_TIME).asText());

    HttpResponse<String> unknown =
        agent.client.send(
            "PATCH",
            SERVICE,
            TestAgent.OPERATOR,
            "{\"HttpPushUriOptions\": {\"HttpPushUriApplyTime\": {\"ApplyTime\": \"AtMaintenanceWindowStart\"}}}",
            "Content-Type",
            "application/json");
    assertEquals(400, unknown.statusCode(), unknown.body());
    assertTrue(unknown.body().contains("PropertyValueNotInList"), unknown.body());
    HttpResponse<String> readOnly =
        agent.client.send(
            "PATCH",
            SERVICE,
            TestAgent.OPERATOR,
            "{\"MaxImageSizeBytes\": 5}",
            "Content-Type",
            "application/json");
    assertEquals(400, readOnly.statusCode(), readOnly.body());
    assertTrue(readOnly.body().contains("PropertyNotWritable"), readOnly.body());
    HttpResponse<String> reader =
        agent.client.send(
            "PATCH",
            SERVICE,
            TestAgent.READER,
            "{\"HttpPushUriOptions\": {\"HttpPushUriApplyTime\": {\"ApplyTime\": \"OnReset\"}}}",
            "Content-Type",
            "application/json");
    assertEquals(403, reader.statusCode(), reader.body());
    assertEquals(
        "Immediate",
        json(agent.client.get(SERVICE, TestAgent.READER)).at(APPLY_TIME).asText(),
        "refused PATCHes changed nothing");
    agent.client.send(
        "PATCH",
        SERVICE,
        TestAgent.OPERATOR,
        "{\"HttpPushUriOptions\": {\"HttpPushUriApplyTime\": {\"ApplyTime\": \"OnReset\"}}}",
        "Content-Type",
        "application/json");
  }

  @Test
  void only_raw_bytes_from_a_caller_who_may_update_are_taken() throws Exception {
    byte[] bundle = bundle("9.30 B052");
    assertEquals(
        415,
        agent.client.postBytes(PUSH, TestAgent.OPERATOR, "text/plain", bundle).statusCode(),
        "a form or text a web page could send cross-site is refused before it is read");
    assertEquals(
        403,
        agent
            .client
            .postBytes(PUSH, TestAgent.READER, "application/octet-stream", bundle)
            .statusCode());
    HttpResponse<String> empty =
        agent.client.postBytes(PUSH, TestAgent.OPERATOR, "application/octet-stream", new byte[0]);
    assertEquals(400, empty.statusCode(), empty.body());
  }

  private static byte[] bundle(String version) {
    return bundles.image(FirmwareVersion.parse(version));
  }
}

package io.gpuchassis.switchdrv.expether;

import static io.gpuchassis.switchdrv.expether.ExpEtherRig.HOST_40G;
import static io.gpuchassis.switchdrv.expether.ExpEtherRig.gpu;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpuchassis.switchdrv.expether.sim.EemSimulator;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The simulated manager refuses what it does not understand, with a JSON error and nothing done.
 */
class EemSimulatorIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private final HttpClient http = HttpClient.newHttpClient();
  private EemSimulator sim;

  @BeforeEach
  void start() {
    sim = ExpEtherRig.simulator(1, new SteppedClock()).start();
  }

  @AfterEach
  void stop() {
    sim.close();
  }

  @Test
  void a_request_without_credentials_gets_a_basic_challenge() throws Exception {
    HttpResponse<String> r =
        http.send(
            HttpRequest.newBuilder(URI.create(sim.baseUri() + "/api_version")).build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(401, r.statusCode());
    assertTrue(r.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Basic"));
  }

  @Test
  void malformed_queries_and_bodies_are_bad_requests_and_change_nothing() throws Exception {
    assertStatus(400, "GET", "devices?status=gpu", null);
    assertStatus(400, "GET", "devices?status=eeio&color=red", null);
    assertStatus(400, "GET", "devices/detail?group_id=x", null);
    String io = gpu(0).id();
    assertStatus(400, "PUT", "devices/" + io + "/group_id", "{\"group\": \"16\"}");
    assertStatus(400, "PUT", "devices/" + io + "/group_id", "not json");
    assertStatus(400, "PUT", "devices/" + io + "/group_id", "{\"group_id\": \"4093\"}");
    assertStatus(400, "PUT", "devices/" + io + "/group_id", "{\"group_id\": 5000}");
    assertStatus(400, "PUT", "devices/" + io + "/group_id", "{\"group_id\": null}");
    assertStatus(405, "POST", "devices/" + io + "/group_id", "{}");
    assertStatus(404, "GET", "groups", null);
    JsonNode device = JSON.readTree(call("GET", "devices/" + io, null).body()).get("device");
    assertEquals("4093", device.get("group_id").asText());
    assertEquals(
        "4094",
        JSON.readTree(call("GET", "devices/" + HOST_40G.id(), null).body())
            .get("device")
            .get("group_id")
            .asText());
  }

  @Test
  void a_group_number_is_taken_as_a_string_or_as_a_number() throws Exception {
    assertStatus(200, "PUT", "devices/" + HOST_40G.id() + "/group_id", "{\"group_id\": 30}");
    assertStatus(200, "PUT", "devices/" + gpu(0).id() + "/group_id", "{\"group_id\": \"30\"}");
  }

  private void assertStatus(int status, String method, String path, String body) throws Exception {
    HttpResponse<String> r = call(method, path, body);
    assertEquals(status, r.statusCode(), method + " " + path + " " + body + ": " + r.body());
    JsonNode answer = JSON.readTree(r.body());
    if (status >= 400) {
      assertTrue(answer.has("code") && answer.has("message"), r.body());
    }
  }

  private HttpResponse<String> call(String method, String path, String body) throws Exception {
    String auth =
        Base64.getEncoder()
            .encodeToString(
                (ExpEtherRig.USER + ":" + ExpEtherRig.PASSWORD).getBytes(StandardCharsets.UTF_8));
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create(sim.baseUri() + "/" + path))
            .header("Authorization", "Basic " + auth)
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }
}

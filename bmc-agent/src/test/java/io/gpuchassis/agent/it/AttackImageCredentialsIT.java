package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.gpuchassis.switchdrv.FirmwareVersion;
import java.net.InetSocketAddress;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding 9, credentials in {@code ImageURI} shown to ReadOnly users, and the fetch side of finding
 * 10. Against the running agent and real image servers (plain http on loopback, which this agent's
 * settings allow): the credentials of {@code http://user:secret@host/...} (or Username and
 * Password) are used for the fetch, and appear nowhere a reader can look (the Task's Name,
 * Messages, Payload and final response; the EventLog); a redirect into a denied network is refused
 * at fetch time; credentials are not sent on to another server a redirect names.
 */
class AttackImageCredentialsIT {

  static final String SIMPLE_UPDATE =
      "/redfish/v1/UpdateService/Actions/UpdateService.SimpleUpdate";
  static final String TARGET = "/redfish/v1/UpdateService/FirmwareInventory/SW2";
  static final String USER = "imguser";
  static final String SECRET = "img-s3cret-42";

  @TempDir static Path stateDir;
  static TestAgent agent;
  static HttpServer images;
  static HttpServer other;
  static byte[] bundle;

  /** The Authorization header each server saw last, by path ("none" when there was none). */
  static final Map<String, String> seen = new ConcurrentHashMap<>();

  @BeforeAll
  static void start() throws Exception {
    agent = TestAgent.start(stateDir, LoopbackReceivers::allowed);
    bundle = SignedBundles.of(stateDir).image(FirmwareVersion.parse("9.30 B051"), new byte[20_000]);
    HealthIT.await(
        "SW2's firmware read", () -> agent.agent.firmware().inventory().of("SW2").isPresent());
    other = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    other.createContext(
        "/open.fwb",
        exchange -> {
          seen.put("other", String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
          exchange.sendResponseHeaders(200, bundle.length);
          exchange.getResponseBody().write(bundle);
          exchange.close();
        });
    other.start();
    images = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    String expected =
        "Basic "
            + Base64.getEncoder()
                .encodeToString((USER + ":" + SECRET).getBytes(StandardCharsets.UTF_8));
    images.createContext(
        "/images/switch.fwb",
        exchange -> {
          String auth = exchange.getRequestHeaders().getFirst("Authorization");
          seen.put("images", String.valueOf(auth));
          if (!expected.equals(auth)) {
            exchange.sendResponseHeaders(401, -1);
          } else {
            exchange.sendResponseHeaders(200, bundle.length);
            exchange.getResponseBody().write(bundle);
          }
          exchange.close();
        });
    images.createContext(
        "/redirect-to-metadata",
        exchange -> {
          exchange
              .getResponseHeaders()
              .add("Location", "http://169.254.169.254/latest/meta-data/iam/");
          exchange.sendResponseHeaders(302, -1);
          exchange.close();
        });
    images.createContext(
        "/redirect-to-other",
        exchange -> {
          exchange
              .getResponseHeaders()
              .add("Location", "http://127.0.0.1:" + other.getAddress().getPort() + "/open.fwb");
          exchange.sendResponseHeaders(302, -1);
          exchange.close();
        });
    images.start();
  }

  @AfterAll
  static void stop() {
    images.stop(0);
    other.stop(0);
    agent.close();
  }

  static String imageUri(String path) {
    return "http://" + USER + ":" + SECRET + "@127.0.0.1:" + images.getAddress().getPort() + path;
  }

  static HttpResponse<String> simpleUpdate(String body) throws Exception {
    HttpResponse<String> accepted =
        agent.client.send("POST", SIMPLE_UPDATE, TestAgent.OPERATOR, body);
    assertEquals(202, accepted.statusCode(), accepted.body());
    assertFalse(accepted.body().contains(SECRET), accepted.body());
    return accepted;
  }

  /** Everything a ReadOnly user can read about the task of {@code accepted}, and the event log. */
  static String whatAReaderSees(HttpResponse<String> accepted, HttpResponse<String> outcome)
      throws Exception {
    String task =
        agent.client.get(json(accepted).get("@odata.id").asText(), TestAgent.READER).body();
    String log =
        agent
            .client
            .get(
                "/redfish/v1/Managers/BMC/LogServices/EventLog/Entries?$expand=.", TestAgent.READER)
            .body();
    return task + outcome.body() + log;
  }

  @Test
  void credentials_in_the_image_uri_are_used_for_the_fetch_and_never_shown() throws Exception {
    HttpResponse<String> accepted =
        simpleUpdate(
            "{\"ImageURI\": \""
                + imageUri("/images/switch.fwb")
                + "\", \"Targets\": [\""
                + TARGET
                + "\"], \"ForceUpdate\": true}");
    HttpResponse<String> outcome = agent.client.awaitTask(accepted, TestAgent.READER);
    assertEquals(200, outcome.statusCode(), "the fetch used the credentials: " + outcome.body());
    String shown = whatAReaderSees(accepted, outcome);
    assertFalse(shown.contains(SECRET), shown);
    JsonNode task =
        json(agent.client.get(json(accepted).get("@odata.id").asText(), TestAgent.READER));
    assertTrue(
        task.get("Name").asText().contains("http://******@127.0.0.1:"), task.get("Name").asText());
    assertTrue(
        task.at("/Payload/JsonBody").asText().contains("http://******@127.0.0.1:"),
        task.toString());
    assertTrue(
        task.get("Messages").toString().contains("******@127.0.0.1"),
        "the update's steps name it masked");

    HttpResponse<String> failing =
        simpleUpdate(
            "{\"ImageURI\": \""
                + imageUri("/images/missing.fwb")
                + "\", \"Targets\": [\""
                + TARGET
                + "\"]}");
    HttpResponse<String> failed = agent.client.awaitTask(failing, TestAgent.READER);
    assertEquals(400, failed.statusCode(), failed.body());
    assertEquals(
        "Update.1.3.0.TransferFailed",
        json(failed).at("/error/@Message.ExtendedInfo/0/MessageId").asText());
    assertFalse(whatAReaderSees(failing, failed).contains(SECRET), failed.body());
  }

  @Test
  void username_and_password_are_used_for_the_fetch_and_the_password_never_shown()
      throws Exception {
    HttpResponse<String> accepted =
        simpleUpdate(
            "{\"ImageURI\": \"http://127.0.0.1:"
                + images.getAddress().getPort()
                + "/images/switch.fwb\", \"Username\": \""
                + USER
                + "\", \"Password\": \""
                + SECRET
                + "\", \"Targets\": [\""
                + TARGET
                + "\"], \"ForceUpdate\": true}");
    HttpResponse<String> outcome = agent.client.awaitTask(accepted, TestAgent.READER);
    assertEquals(200, outcome.statusCode(), outcome.body());
    assertFalse(whatAReaderSees(accepted, outcome).contains(SECRET));
    JsonNode task =
        json(agent.client.get(json(accepted).get("@odata.id").asText(), TestAgent.READER));
    assertTrue(
        task.at("/Payload/JsonBody").asText().contains("\"Password\":null"), task.toString());
  }

  @Test
  void a_redirect_into_a_denied_network_is_refused_when_fetching() throws Exception {
    HttpResponse<String> accepted =
        simpleUpdate(
            "{\"ImageURI\": \"http://127.0.0.1:"
                + images.getAddress().getPort()
                + "/redirect-to-metadata\", \"Targets\": [\""
                + TARGET
                + "\"]}");
    HttpResponse<String> outcome = agent.client.awaitTask(accepted, TestAgent.READER);
    assertEquals(400, outcome.statusCode(), outcome.body());
    assertEquals(
        "Base.1.22.1.ActionParameterValueFormatError",
        json(outcome).at("/error/@Message.ExtendedInfo/0/MessageId").asText(),
        outcome.body());
    assertTrue(outcome.body().contains("169.254.169.254"), outcome.body());
    assertTrue(outcome.body().contains("outbound.deniedNetworks"), outcome.body());
  }

  @Test
  void credentials_are_not_sent_on_to_another_server_a_redirect_names() throws Exception {
    seen.remove("other");
    HttpResponse<String> accepted =
        simpleUpdate(
            "{\"ImageURI\": \""
                + imageUri("/redirect-to-other")
                + "\", \"Targets\": [\""
                + TARGET
                + "\"], \"ForceUpdate\": true}");
    HttpResponse<String> outcome = agent.client.awaitTask(accepted, TestAgent.READER);
    assertEquals(200, outcome.statusCode(), outcome.body());
    assertEquals("null", seen.get("other"), "no Authorization reached the other server");
  }
}

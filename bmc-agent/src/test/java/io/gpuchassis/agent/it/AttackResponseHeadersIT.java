package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.TestAgent.ADMIN;
import static io.gpuchassis.agent.it.TestAgent.READER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.redfish.http.SecurityHeaders;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding 14: responses carried no Strict-Transport-Security, nosniff, frame or content-security
 * policy, and a path outside the Redfish tree got the web framework's HTML 404. Every answer now
 * carries the headers, whatever its status and whoever produced it, and unknown paths get Redfish
 * JSON errors.
 */
class AttackResponseHeadersIT {

  @TempDir static Path stateDir;
  static TestAgent agent;
  static AgentClient client;
  static RawHttps raw;

  @BeforeAll
  static void start() throws Exception {
    agent = TestAgent.start(stateDir);
    client = agent.client;
    raw = RawHttps.of(agent);
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @Test
  void every_answer_carries_the_security_headers() throws Exception {
    List<String> missing = new ArrayList<>();
    HttpResponse<String> root = client.get("/redfish/v1/", null);
    check(missing, "200 root", root.statusCode(), root.headers().map());
    String etag = root.headers().firstValue("ETag").orElseThrow();
    HttpResponse<String> notModified =
        client.send("GET", "/redfish/v1/", null, null, "If-None-Match", etag);
    check(missing, "304", notModified.statusCode(), notModified.headers().map());
    for (String[] request :
        new String[][] {
          {"GET", "/redfish/v1/Chassis", null},
          {"GET", "/redfish/v1/Chassis", READER},
          {"GET", "/redfish/v1/NoSuchThing", READER},
          {"DELETE", "/redfish/v1/Chassis/GPUChassis", ADMIN},
          {"PATCH", "/redfish/v1/AccountService", READER},
          {"GET", "/", null},
          {"GET", "/index.html", null},
          {"POST", "/login", null},
          {"GET", "/redfish/v1/Chassis?$top=x", READER},
        }) {
      HttpResponse<String> r = client.send(request[0], request[1], request[2], null);
      check(missing, request[0] + " " + request[1], r.statusCode(), r.headers().map());
    }
    for (String request :
        new String[] {
          "GET /redfish/v1/ HTTP/1.1\r\n\r\n",
          "GET /redfish/v1/ HTTP/1.1\r\nHost: x\r\nX-Big: " + "a".repeat(20 * 1024) + "\r\n\r\n",
          "GET /redfish/v1/" + "a".repeat(9 * 1024) + " HTTP/1.1\r\nHost: x\r\n\r\n",
          "GARBAGE\r\n\r\n",
          "PATCH /redfish/v1/SessionService HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\n{}",
        }) {
      RawHttps.Response r = raw.exchange(request);
      check(
          missing,
          r.status() + " " + request.substring(0, Math.min(20, request.length())).trim(),
          r.status(),
          multi(r.headers()));
      assertTrue(r.status() >= 400 && r.body().contains("\"error\""), r.toString());
    }
    assertEquals(List.of(), missing);
  }

  @Test
  void a_path_outside_the_redfish_tree_is_a_redfish_404_not_an_html_page() throws Exception {
    for (String path :
        List.of("/index.html", "/favicon.ico", "/../etc/passwd", "/cgi-bin/login.cgi")) {
      HttpResponse<String> r = client.get(path, null);
      assertEquals(404, r.statusCode(), path);
      assertTrue(
          r.headers().firstValue("Content-Type").orElse("").startsWith("application/json"), path);
      JsonNode error = AgentClient.json(r).get("error");
      assertEquals(
          "Base.1.22.1.ResourceNotFound",
          error.at("/@Message.ExtendedInfo/0/MessageId").asText(),
          path);
    }
  }

  @Test
  void the_root_only_redirects_to_the_web_page() throws Exception {
    HttpResponse<String> r = client.get("/", null);
    assertEquals(302, r.statusCode());
    assertEquals("/ui/", r.headers().firstValue("Location").orElse(""));
    assertEquals("", r.body(), "a redirect, with nothing of its own");
    assertEquals(
        "max-age=31536000; includeSubDomains",
        r.headers().firstValue("Strict-Transport-Security").orElse(""));
  }

  @Test
  void the_web_page_s_files_answer_304_to_their_own_etag_and_only_to_it() throws Exception {
    for (String path : List.of("/ui/", "/ui/app.js", "/ui/app.css")) {
      HttpResponse<String> full = client.get(path, null);
      assertEquals(200, full.statusCode(), path);
      String etag = full.headers().firstValue("ETag").orElseThrow();
      assertTrue(etag.matches("\"[0-9a-f]+-[0-9a-f]+\""), path + ": a strong tag, " + etag);
      HttpResponse<String> same = client.send("GET", path, null, null, "If-None-Match", etag);
      assertEquals(304, same.statusCode(), path);
      assertEquals("", same.body(), path);
      assertEquals(etag, same.headers().firstValue("ETag").orElse(""), path);
      HttpResponse<String> other = client.send("GET", path, null, null, "If-None-Match", "\"0-0\"");
      assertEquals(200, other.statusCode(), path + ": another version's tag");
      assertEquals(full.body(), other.body(), path);
    }
  }

  @Test
  void a_known_path_with_a_method_it_does_not_serve_is_a_redfish_405() throws Exception {
    HttpResponse<String> r = client.send("PUT", "/redfish/v1/Chassis/GPUChassis", ADMIN, "{}");
    assertEquals(405, r.statusCode());
    assertTrue(r.headers().firstValue("Allow").orElse("").contains("GET"), r.headers().toString());
    assertEquals(
        "Base.1.22.1.OperationNotAllowed",
        AgentClient.json(r).at("/error/@Message.ExtendedInfo/0/MessageId").asText());
  }

  private static void check(
      List<String> missing, String what, int status, Map<String, List<String>> headers) {
    for (Map.Entry<String, String> expected : SecurityHeaders.ALL.entrySet()) {
      List<String> values =
          headers.entrySet().stream()
              .filter(e -> e.getKey().equalsIgnoreCase(expected.getKey()))
              .flatMap(e -> e.getValue().stream())
              .toList();
      if (!values.equals(List.of(expected.getValue()))) {
        missing.add(what + " (" + status + "): " + expected.getKey() + " = " + values);
      }
    }
  }

  private static Map<String, List<String>> multi(Map<String, String> headers) {
    Map<String, List<String>> map = new java.util.HashMap<>();
    headers.forEach((k, v) -> map.put(k, List.of(v)));
    return map;
  }
}

package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.TestAgent.ADMIN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding 7 (the HTTP part): a page on another site made the operator's browser POST a {@code
 * text/plain} body with the Basic credentials it had cached, and an Administrator was created.
 * Writes now take JSON only (multipart only on the firmware push URI), a foreign Origin is refused,
 * and browsers are never offered the Basic prompt that would make them cache a password.
 */
class AttackCrossSiteIT {

  static final String ACCOUNTS = "/redfish/v1/AccountService/Accounts";
  static final String MALLORY =
      "{\"UserName\":\"mallory\",\"Password\":\"mallory-password-1\",\"RoleId\":\"Administrator\"}";

  @TempDir static Path stateDir;
  static TestAgent agent;
  static RawHttps raw;

  @BeforeAll
  static void start() throws Exception {
    agent = TestAgent.start(stateDir);
    raw = RawHttps.of(agent);
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @Test
  void the_cross_site_post_that_created_an_administrator_is_refused() throws Exception {
    RawHttps.Response r =
        raw.exchange(post(ACCOUNTS, "text/plain", "https://evil.example", MALLORY));
    assertEquals(403, r.status(), r.body());
    assertEquals("Base.1.22.1.HeaderInvalid", messageId(r));
    assertTrue(r.body().contains("Origin: https://evil.example"), r.body());
    // a browser that sends no Origin (or a proxy that strips it) is stopped by the media type
    RawHttps.Response noOrigin = raw.exchange(post(ACCOUNTS, "text/plain", null, MALLORY));
    assertEquals(415, noOrigin.status(), noOrigin.body());
    assertEquals("Base.1.22.1.HeaderInvalid", messageId(noOrigin));
    assertFalse(malloryExists());
  }

  @Test
  void only_json_bodies_are_written() throws Exception {
    for (String type :
        new String[] {
          "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
              "application/xml",
          "application/json; charset=iso-8859-1", "application/jsonx", "json", ""
        }) {
      RawHttps.Response r = raw.exchange(post(ACCOUNTS, type, null, MALLORY));
      assertEquals(415, r.status(), type + ": " + r.body());
    }
    RawHttps.Response none = raw.exchange(post(ACCOUNTS, null, null, MALLORY));
    assertEquals(415, none.status(), "a body without a media type: " + none.body());
    assertEquals("Base.1.22.1.HeaderMissing", messageId(none));
    assertFalse(malloryExists());

    RawHttps.Response json =
        raw.exchange(post(ACCOUNTS, "application/json; charset=UTF-8", null, MALLORY));
    assertEquals(201, json.status(), json.body());
    int deleted = agent.client.send("DELETE", json.header("Location"), ADMIN, null).statusCode();
    assertTrue(deleted >= 200 && deleted < 300, "deleted: " + deleted);
  }

  @Test
  void multipart_is_taken_on_the_push_uri_only() throws Exception {
    String multipart = "multipart/form-data; boundary=b";
    String body =
        "--b\r\nContent-Disposition: form-data; name=\"UpdateParameters\"\r\n\r\n{}\r\n--b--\r\n";
    RawHttps.Response push =
        raw.exchange(post("/redfish/v1/UpdateService/update-multipart", multipart, null, body));
    assertNotEquals(415, push.status(), push.body());
    RawHttps.Response elsewhere =
        raw.exchange(
            post(
                "/redfish/v1/UpdateService/Actions/UpdateService.SimpleUpdate",
                multipart,
                null,
                body));
    assertEquals(415, elsewhere.status(), elsewhere.body());
  }

  @Test
  void a_foreign_origin_is_refused_and_the_own_origin_is_served() throws Exception {
    int port = raw.port();
    for (String origin :
        new String[] {
          "https://evil.example",
          "null",
          "http://127.0.0.1:" + port,
          "https://127.0.0.1:" + (port + 1),
          "https://127.0.0.1.evil.example:" + port,
          "https://127.0.0.1:" + port + "@evil.example"
        }) {
      RawHttps.Response r = raw.exchange(post(ACCOUNTS, "application/json", origin, MALLORY));
      assertEquals(403, r.status(), origin + ": " + r.body());
      RawHttps.Response read = raw.exchange(get("/redfish/v1/Chassis", origin));
      assertEquals(403, read.status(), origin + ": " + read.body());
    }
    assertFalse(malloryExists());
    RawHttps.Response own = raw.exchange(get("/redfish/v1/Chassis", "https://127.0.0.1:" + port));
    assertEquals(200, own.status(), own.body());
    RawHttps.Response ownUpperCase =
        raw.exchange(get("/redfish/v1/Chassis", "HTTPS://127.0.0.1:" + port));
    assertEquals(200, ownUpperCase.status(), ownUpperCase.body());
  }

  @Test
  void browsers_get_no_basic_prompt_api_clients_keep_the_challenge() throws Exception {
    RawHttps.Response page =
        raw.exchange(
            "GET /redfish/v1/Chassis HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8\r\n\r\n");
    assertEquals(401, page.status());
    assertNull(page.header("WWW-Authenticate"), page.headers().toString());
    assertEquals("Base.1.22.1.NoValidSession", messageId(page));

    RawHttps.Response script =
        raw.exchange(
            "GET /redfish/v1/Chassis HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "X-Requested-With: XMLHttpRequest\r\nAccept: */*\r\n\r\n");
    assertEquals(401, script.status());
    assertNull(script.header("WWW-Authenticate"));

    RawHttps.Response wrongPassword =
        raw.exchange(
            "GET /redfish/v1/Chassis HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "Accept: text/html\r\nAuthorization: "
                + AgentClient.basic("admin", "wrong")
                + "\r\n\r\n");
    assertEquals(401, wrongPassword.status());
    assertNull(wrongPassword.header("WWW-Authenticate"));

    RawHttps.Response api =
        raw.exchange(
            "GET /redfish/v1/Chassis HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "Accept: application/json\r\n\r\n");
    assertEquals(401, api.status());
    assertTrue(api.header("WWW-Authenticate").startsWith("Basic realm="), api.headers().toString());
    RawHttps.Response notHtml =
        raw.exchange(
            "GET /redfish/v1/Chassis HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "Accept: text/html;q=0, application/json\r\n\r\n");
    assertTrue(
        notHtml.header("WWW-Authenticate").startsWith("Basic realm="),
        notHtml.headers().toString());
  }

  private static String post(String path, String contentType, String origin, String body) {
    int length = body.getBytes(StandardCharsets.UTF_8).length;
    return "POST "
        + path
        + " HTTP/1.1\r\nHost: 127.0.0.1:"
        + raw.port()
        + "\r\nAuthorization: "
        + ADMIN
        + "\r\n"
        + (contentType != null ? "Content-Type: " + contentType + "\r\n" : "")
        + (origin != null ? "Origin: " + origin + "\r\n" : "")
        + "Content-Length: "
        + length
        + "\r\n\r\n"
        + body;
  }

  private static String get(String path, String origin) {
    return "GET "
        + path
        + " HTTP/1.1\r\nHost: 127.0.0.1:"
        + raw.port()
        + "\r\nAuthorization: "
        + ADMIN
        + "\r\nOrigin: "
        + origin
        + "\r\n\r\n";
  }

  private static String messageId(RawHttps.Response r) throws Exception {
    return AgentClient.JSON
        .readTree(r.body())
        .at("/error/@Message.ExtendedInfo/0/MessageId")
        .asText();
  }

  private static boolean malloryExists() throws Exception {
    return agent
        .client
        .get(ACCOUNTS + "?$expand=.($levels=1)", ADMIN)
        .body()
        .contains("\"mallory\"");
  }
}

package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.TestAgent.ADMIN;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuchassis.redfish.route.RouteEntry;
import io.vertx.core.http.HttpMethod;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Garbage at every write route and every readable route, as an administrator: each answer must be a
 * Redfish error or a success, never a 500, and the garbage must change nothing (the ETags of the
 * writable resources stay the same).
 */
class BadInputIT {

  static final String[] BODIES = {
    "",
    "{",
    "}",
    "[]",
    "null",
    "42",
    "\"text\"",
    "{\"\":1}",
    "{\"a\":",
    "{\"UserName\":[1,2]}",
    "{\"SessionTimeout\":\"long\"}",
    "{\"SessionTimeout\":1e400}",
    "{\"Password\":null}",
    "\u0000\u0001",
    "{\"kind\":{},\"target\":[]}",
    "{\"MinPasswordLength\":-5}",
    "{\"@odata.id\":\"/x\"}"
  };
  static final String[] QUERIES = {
    "$top=0",
    "$skip=-1",
    "$expand=*($levels=0)",
    "$select=",
    "$filter=(",
    "$filter=Id%20eq%20'",
    "only=1",
    "$expand=~($levels=abc)",
    "$top=99999999999",
    "$select=Status/Health/X"
  };
  static final List<String> WATCHED =
      List.of(
          "/redfish/v1/AccountService",
          "/redfish/v1/AccountService/Accounts",
          "/redfish/v1/SessionService",
          "/redfish/v1/Chassis/GPUChassis",
          "/sim/v1/faults");

  @TempDir static Path stateDir;
  static TestAgent agent;

  @BeforeAll
  static void start() throws Exception {
    agent = TestAgent.start(stateDir);
    // The chassis's health comes from its sensors: let every one be read once, so that its ETag is
    // steady.
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
    while (!AgentClient.json(agent.client.get("/redfish/v1/Chassis/GPUChassis", TestAgent.READER))
        .at("/Status/HealthRollup")
        .asText()
        .equals("OK")) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the chassis never settled to OK");
      }
      Thread.sleep(50);
    }
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @Test
  void garbage_never_answers_500_and_changes_nothing() throws Exception {
    Map<String, String> before = etags();
    List<String> failures = new ArrayList<>();
    Random random = new Random(7);
    for (RouteEntry route : agent.agent.routes()) {
      String uri = route.template().replaceAll("\\{[A-Za-z0-9]+}", "1");
      if (route.method().equals(HttpMethod.GET)) {
        for (String q : QUERIES) {
          check(failures, "GET", uri + "?" + q, null);
        }
      } else if (!route.method().equals(HttpMethod.HEAD)) {
        for (String body : BODIES) {
          check(failures, route.method().name(), uri, body);
        }
        byte[] noise = new byte[64];
        random.nextBytes(noise);
        check(
            failures,
            route.method().name(),
            uri,
            new String(noise, java.nio.charset.StandardCharsets.ISO_8859_1));
      }
    }
    assertEquals(List.of(), failures);
    assertEquals(before, etags(), "bad requests changed state");
  }

  private static void check(List<String> failures, String method, String uri, String body)
      throws Exception {
    if (method.equals("DELETE")) {
      uri = uri.replaceAll("/1$", "/999999");
    }
    if (uri.endsWith("/LogService.ClearLog")) {
      return; // an action without parameters: any body clears the log, as it should
    }
    HttpResponse<String> r;
    try {
      r = agent.client.send(method, uri, ADMIN, body);
    } catch (java.io.IOException e) {
      failures.add(method + " " + uri + " " + body + " -> no answer: " + e);
      return;
    }
    if (r.statusCode() >= 500 || (r.statusCode() >= 400 && !r.body().contains("\"error\""))) {
      failures.add(method + " " + uri + " " + body + " -> " + r.statusCode() + " " + r.body());
    }
  }

  private static Map<String, String> etags() throws Exception {
    Map<String, String> tags = new TreeMap<>();
    for (String uri : WATCHED) {
      HttpResponse<String> r = agent.client.get(uri, ADMIN);
      tags.put(uri, r.headers().firstValue("ETag").orElse(r.body()));
    }
    return tags;
  }
}

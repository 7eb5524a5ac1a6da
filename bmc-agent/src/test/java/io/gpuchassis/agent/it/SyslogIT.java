package io.gpuchassis.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.gpuchassis.agent.config.SyslogSettings;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Syslog forwarding to Debian's rsyslog over TLS (RFC 5425): rsyslog listens with a certificate for
 * 127.0.0.1 issued by a CA made here, the agent trusts only that CA (its {@code syslog.caFile}) and
 * checks the name, a failed fan arrives as an RFC 5424 message with its Redfish MessageId, and a
 * refused login as a security-log entry under Authpriv.
 */
class SyslogIT {

  @TempDir static Path dir;
  static Process rsyslog;
  static TestAgent agent;
  static Path received;
  static int collectorPort;

  @BeforeAll
  static void start() throws Exception {
    require("/usr/sbin/rsyslogd", "rsyslog (Debian's package)");
    requireThat(
        Files.exists(Path.of("/usr/lib/x86_64-linux-gnu/rsyslog/lmnsd_gtls.so"))
            || Files.exists(Path.of("/usr/lib/aarch64-linux-gnu/rsyslog/lmnsd_gtls.so")),
        "rsyslog's TLS driver (rsyslog-gnutls)");
    require("/usr/bin/openssl", "openssl");
    openssl(
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:P-256",
        "-nodes",
        "-keyout",
        "ca.key",
        "-out",
        "ca.pem",
        "-subj",
        "/CN=syslog test CA",
        "-days",
        "2");
    openssl(
        "req",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:P-256",
        "-nodes",
        "-keyout",
        "server.key",
        "-out",
        "server.csr",
        "-subj",
        "/CN=127.0.0.1");
    Files.writeString(dir.resolve("ext"), "subjectAltName=IP:127.0.0.1\n");
    openssl(
        "x509",
        "-req",
        "-in",
        "server.csr",
        "-CA",
        "ca.pem",
        "-CAkey",
        "ca.key",
        "-CAcreateserial",
        "-out",
        "server.pem",
        "-days",
        "2",
        "-extfile",
        "ext");
    int port = FreePorts.free();
    received = dir.resolve("received.log");
    Path config = dir.resolve("rsyslog.conf");
    Files.writeString(
        config,
        String.join(
            "\n",
            "global(workDirectory=\"" + dir + "\" DefaultNetstreamDriver=\"gtls\"",
            "  DefaultNetstreamDriverCAFile=\"" + dir.resolve("ca.pem") + "\"",
            "  DefaultNetstreamDriverCertFile=\"" + dir.resolve("server.pem") + "\"",
            "  DefaultNetstreamDriverKeyFile=\"" + dir.resolve("server.key") + "\")",
            "module(load=\"imtcp\" StreamDriver.Name=\"gtls\" StreamDriver.Mode=\"1\""
                + " StreamDriver.Authmode=\"anon\")",
            "input(type=\"imtcp\" port=\"" + port + "\")",
            "*.* action(type=\"omfile\" file=\""
                + received
                + "\" template=\"RSYSLOG_SyslogProtocol23Format\")",
            ""));
    rsyslog =
        new ProcessBuilder(
                "/usr/sbin/rsyslogd",
                "-n",
                "-f",
                config.toString(),
                "-i",
                dir.resolve("pid").toString())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("rsyslogd.out").toFile())
            .start();
    awaitListening(port);
    Path state = Files.createDirectories(dir.resolve("state"));
    collectorPort = port;
    int collector = port;
    agent =
        TestAgent.start(
            state,
            c ->
                LoopbackReceivers.allowed(c)
                    .withSyslog(
                        new SyslogSettings(
                            Optional.of(URI.create("syslog://127.0.0.1:" + collector)),
                            "SyslogTLS",
                            "All",
                            "Local3",
                            Optional.of(dir.resolve("ca.pem")))));
  }

  @AfterAll
  static void stop() throws Exception {
    if (agent != null) {
      agent.close();
    }
    if (rsyslog != null) {
      rsyslog.destroy();
      if (!rsyslog.waitFor(10, TimeUnit.SECONDS)) {
        rsyslog.destroyForcibly().waitFor();
      }
    }
  }

  @Test
  void a_failed_fan_reaches_rsyslog_over_tls_as_an_rfc5424_message() throws Exception {
    String fan = "/redfish/v1/Chassis/GPUChassis/ThermalSubsystem/Fans/Fan2";
    var fault = agent.agent.faults().orElseThrow().inject("fan-fail", fan);
    try {
      String line = awaitLine("FanFailed", Duration.ofSeconds(30));
      // <PRI>: Local3 (19) * 8 + Critical (2)
      assertTrue(line.startsWith("<154>1 "), line);
      assertTrue(line.contains(" bmc-agent "), line);
      assertTrue(line.contains(" FanFailed [redfish@412 MessageId=\"Environmental."), line);
      assertTrue(line.contains("OriginOfCondition=\"" + fan + "\""), line);
      assertTrue(line.endsWith("Fan 'Fan2' has failed."), line);
    } finally {
      agent.agent.faults().orElseThrow().clear(fault.id());
    }
  }

  @Test
  void a_refused_login_reaches_rsyslog_as_an_authpriv_security_entry() throws Exception {
    String wrong = AgentClient.basic("reader", "not-the-password");
    assertEquals(401, agent.client.get("/redfish/v1/Chassis", wrong).statusCode());
    String line =
        awaitLine(
            l -> Pattern.compile("^<8[0-7]>1 ").matcher(l).find() && l.contains("reader"),
            "a security entry naming the account",
            Duration.ofSeconds(30));
    assertTrue(line.contains("[redfish@412 MessageId=\""), line);
  }

  @Test
  void a_syslog_subscription_made_through_redfish_gets_what_its_filter_selects() throws Exception {
    String subscriptions = "/redfish/v1/EventService/Subscriptions";
    String destination = "syslog://127.0.0.1:" + collectorPort;
    HttpResponse<String> conflict =
        agent.client.send(
            "POST",
            subscriptions,
            TestAgent.ADMIN,
            "{\"Destination\": \"https://127.0.0.1:1/\", \"Protocol\": \"SyslogTLS\"}");
    assertEquals(400, conflict.statusCode(), conflict.body());
    assertTrue(conflict.body().contains("PropertyValueConflict"), conflict.body());
    HttpResponse<String> https =
        agent.client.send(
            "POST",
            subscriptions,
            TestAgent.ADMIN,
            "{\"Destination\": \"https://127.0.0.1:1/\", \"Protocol\": \"Redfish\"}");
    assertEquals(201, https.statusCode(), https.body());
    String redfish = https.headers().firstValue("Location").orElseThrow();
    HttpResponse<String> filtered =
        agent.client.send(
            "PATCH",
            redfish,
            TestAgent.ADMIN,
            "{\"SyslogFilters\": [{\"LowestSeverity\": \"Warning\"}]}");
    assertEquals(400, filtered.statusCode(), filtered.body());
    assertTrue(filtered.body().contains("PropertyValueConflict"), filtered.body());
    assertEquals(204, agent.client.send("DELETE", redfish, TestAgent.ADMIN, null).statusCode());

    HttpResponse<String> created =
        agent.client.send(
            "POST",
            subscriptions,
            TestAgent.ADMIN,
            "{\"Destination\": \""
                + destination
                + "\", \"Protocol\": \"SyslogTLS\", \"SubscriptionType\": \"Syslog\","
                + " \"SyslogFilters\": [{\"LowestSeverity\": \"Warning\"}]}");
    assertEquals(201, created.statusCode(), created.body());
    String uri = created.headers().firstValue("Location").orElseThrow();
    try {
      var shown = AgentClient.json(agent.client.get(uri, TestAgent.READER));
      assertEquals("SyslogTLS", shown.get("Protocol").asText());
      assertEquals("Syslog", shown.get("SubscriptionType").asText());
      assertEquals(destination, shown.get("Destination").asText());
      assertEquals("Warning", shown.at("/SyslogFilters/0/LowestSeverity").asText());

      // below the filter's Warning: the configured collector (All) gets it, the subscription not
      submit("{\"MessageId\": \"ResourceEvent.1.4.3.TestMessage\"}");
      submit(
          "{\"MessageId\": \"ResourceEvent.1.4.3.ResourceStatusChangedCritical\","
              + " \"MessageArgs\": [\"Slot4\", \"Critical\"]}");
      // the subscription's events go as Local0: Critical is <130>, Informational would be <134>
      String line =
          awaitLine(
              l -> l.startsWith("<130>1 ") && l.contains("ResourceStatusChangedCritical"),
              "the subscription's Critical event",
              Duration.ofSeconds(30));
      assertTrue(line.contains("[redfish@412 MessageId=\"ResourceEvent."), line);
      awaitLine(
          l -> l.startsWith("<158>1 ") && l.contains("TestMessage"),
          "the collector's",
          Duration.ofSeconds(30));
      assertTrue(
          Files.readAllLines(received).stream().noneMatch(l -> l.startsWith("<134>1 ")),
          "the Informational test event is below the subscription's filter");

      // SyslogFilters is writable: lowered to All, the next test event reaches the subscription
      HttpResponse<String> lowered =
          agent.client.send(
              "PATCH",
              uri,
              TestAgent.ADMIN,
              "{\"SyslogFilters\": [{\"LowestSeverity\": \"All\"}]}");
      assertEquals(200, lowered.statusCode(), lowered.body());
      assertEquals("All", AgentClient.json(lowered).at("/SyslogFilters/0/LowestSeverity").asText());
      submit("{\"MessageId\": \"ResourceEvent.1.4.3.TestMessage\"}");
      awaitLine(
          l -> l.startsWith("<134>1 ") && l.contains("TestMessage"),
          "the Informational event, once the filter admits it",
          Duration.ofSeconds(30));

      // The security log goes to a syslog subscription too, as Authpriv: a refused login arrives
      // twice, from the configured collector and from the subscription...
      assertEquals(
          401,
          agent
              .client
              .get("/redfish/v1/Chassis", AgentClient.basic("probe-one", "not-a-password"))
              .statusCode());
      awaitLine(
          l -> authpriv(l) && l.contains("probe-one") && countContaining("probe-one") >= 2,
          "the refused login from the collector and from the subscription",
          Duration.ofSeconds(30));
      // ...unless its LogFacilities leave Authpriv out: then only the collector's arrives, before
      // the subscription's next event (one queue, in order)
      HttpResponse<String> eventsOnly =
          agent.client.send(
              "PATCH",
              uri,
              TestAgent.ADMIN,
              "{\"SyslogFilters\": [{\"LowestSeverity\": \"All\", \"LogFacilities\":"
                  + " [\"Local0\"]}]}");
      assertEquals(200, eventsOnly.statusCode(), eventsOnly.body());
      assertEquals(
          401,
          agent
              .client
              .get("/redfish/v1/Chassis", AgentClient.basic("probe-two", "not-a-password"))
              .statusCode());
      submit(
          "{\"MessageId\": \"ResourceEvent.1.4.3.ResourceStatusChangedCritical\","
              + " \"MessageArgs\": [\"Slot5\", \"Critical\"]}");
      awaitLine(
          l -> l.startsWith("<130>1 ") && l.contains("Slot5"),
          "the subscription's event after the second refused login",
          Duration.ofSeconds(30));
      assertEquals(1, countContaining("probe-two"), "only the collector's");
    } finally {
      assertEquals(204, agent.client.send("DELETE", uri, TestAgent.ADMIN, null).statusCode());
    }
  }

  static void submit(String body) throws Exception {
    HttpResponse<String> r =
        agent.client.send(
            "POST",
            "/redfish/v1/EventService/Actions/EventService.SubmitTestEvent",
            TestAgent.ADMIN,
            body);
    assertEquals(204, r.statusCode(), r.body());
  }

  /** Facility authpriv (10): priority 80 to 87. */
  static boolean authpriv(String line) {
    return Pattern.compile("^<8[0-7]>1 ").matcher(line).find();
  }

  static long countContaining(String text) {
    try {
      return Files.readAllLines(received).stream().filter(l -> l.contains(text)).count();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  static String awaitLine(String containing, Duration within) throws Exception {
    return awaitLine(l -> l.contains(containing), containing, within);
  }

  static String awaitLine(java.util.function.Predicate<String> wanted, String what, Duration within)
      throws Exception {
    long deadline = System.nanoTime() + within.toNanos();
    while (System.nanoTime() < deadline) {
      if (Files.exists(received)) {
        for (String line : Files.readAllLines(received)) {
          if (wanted.test(line)) {
            return line;
          }
        }
      }
      Thread.sleep(100);
    }
    String got = Files.exists(received) ? Files.readString(received) : "(nothing received)";
    return fail(
        what
            + ": not received within "
            + within
            + "; rsyslog has:\n"
            + got
            + "\nrsyslogd said:\n"
            + Files.readString(dir.resolve("rsyslogd.out")));
  }

  private static void awaitListening(int port) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (System.nanoTime() < deadline) {
      try (java.net.Socket probe = new java.net.Socket("127.0.0.1", port)) {
        return;
      } catch (java.io.IOException notYet) {
        Thread.sleep(100);
      }
    }
    fail("rsyslogd did not listen: " + Files.readString(dir.resolve("rsyslogd.out")));
  }

  private static void openssl(String... args) throws Exception {
    List<String> command = new java.util.ArrayList<>(List.of("/usr/bin/openssl"));
    command.addAll(List.of(args));
    Process p =
        new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
    String said = new String(p.getInputStream().readAllBytes());
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), said);
  }

  private static void require(String file, String what) {
    requireThat(Files.exists(Path.of(file)), what);
  }

  private static void requireThat(boolean present, String what) {
    if (!present && System.getenv("CI") != null) {
      fail(what + " is missing: the test command's set-up (.ci/setup) installs it");
    }
    Assumptions.assumeTrue(
        present, what + " is not installed: run .ci/setup, which installs it; skipped");
  }
}

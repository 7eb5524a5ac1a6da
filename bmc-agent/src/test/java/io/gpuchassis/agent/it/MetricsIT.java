package io.gpuchassis.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code /metrics} as Prometheus sees it: the figures of every part of the chassis for any account,
 * none for anyone else, HTTP series named by route template and never by path, a bind counted and
 * its host shown, the metrics token opening /metrics alone, the output passing {@code promtool
 * check metrics}, and Debian's own {@code prometheus} scraping the agent over HTTPS with that token
 * and answering a query for a GPU's temperature.
 */
class MetricsIT {

  static final String METRICS = "/metrics";

  @TempDir static Path stateDir;
  static TestAgent agent;

  static final String TOKEN = "0123456789abcdef0123456789abcdef-metrics";

  @BeforeAll
  static void start() throws Exception {
    Path token = stateDir.resolve("metrics-token");
    Files.writeString(token, TOKEN + "\n");
    Files.setPosixFilePermissions(
        token, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
    agent =
        TestAgent.start(
            stateDir,
            c ->
                c.withMetricsTokenFile(java.util.Optional.of(token))
                    .withDataPorts(
                        io.gpuchassis.agent.config.DataPortSettings.DEFAULT.withRoundTrip(
                            new io.gpuchassis.agent.config.RoundTripSettings(
                                java.util.Map.of("NIC1/1", "192.0.2.1"),
                                java.time.Duration.ofSeconds(30),
                                5,
                                100))));
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  static String scrape() throws Exception {
    HttpResponse<String> r = agent.client.get(METRICS, TestAgent.READER);
    assertEquals(200, r.statusCode(), r.body());
    return r.body();
  }

  /** The value of the one sample of {@code series} (name and labels as written), or NaN. */
  static double sample(String body, String series) {
    Matcher m = Pattern.compile("(?m)^" + Pattern.quote(series) + " (\\S+)$").matcher(body);
    return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
  }

  @Test
  void a_reader_scrapes_every_part_of_the_chassis_and_nobody_else_does() throws Exception {
    HttpResponse<String> anonymous = agent.client.get(METRICS, null);
    assertEquals(401, anonymous.statusCode());
    assertTrue(anonymous.body().contains("\"error\""), anonymous.body());

    HttpResponse<String> r = agent.client.get(METRICS, TestAgent.READER);
    assertEquals(200, r.statusCode());
    assertEquals(
        "text/plain; version=0.0.4; charset=utf-8", r.headers().firstValue("Content-Type").get());
    String body = r.body();
    // every one of the reference board's 20 slots, present as many times as Redfish lists GPUs
    double seated = 0;
    for (int slot = 1; slot <= 20; slot++) {
      double present = sample(body, "gpuchassis_slot_gpu_present{slot=\"" + slot + "\"}");
      assertTrue(present == 0 || present == 1, "slot " + slot + ": " + present);
      seated += present;
    }
    JsonNode devices =
        AgentClient.json(
            agent.client.get("/redfish/v1/Chassis/GPUChassis/PCIeDevices", TestAgent.READER));
    assertEquals(devices.path("Members@odata.count").asDouble(), seated);
    assertTrue(sample(body, "gpuchassis_gpu_temperature_celsius{slot=\"1\"}") > 0, body);
    assertTrue(sample(body, "gpuchassis_gpu_power_watts{slot=\"1\"}") > 0, body);
    assertEquals(0.0, sample(body, "gpuchassis_gpu_health{slot=\"1\"}"));
    assertTrue(body.contains("gpuchassis_switch_up{switch=\"SW1\"} 1.0"), body);
    assertTrue(body.contains("gpuchassis_port_link_up{"), body);
    assertTrue(body.contains("gpuchassis_sensor_fan_speed_rpm{"), body);
    assertTrue(body.contains("gpuchassis_power_supply_health{supply=\"PSU1\"} 0.0"), body);
    assertTrue(body.contains("jvm_memory_used_bytes{"), body);

    HttpResponse<String> open =
        agent.client.send(
            "GET",
            METRICS,
            TestAgent.READER,
            null,
            "Accept",
            "application/openmetrics-text; version=1.0.0");
    assertEquals(
        "application/openmetrics-text; version=1.0.0; charset=utf-8",
        open.headers().firstValue("Content-Type").get());
    assertTrue(open.body().endsWith("# EOF\n"), "OpenMetrics ends with # EOF");
  }

  @Test
  void the_data_path_ports_are_scraped_with_their_link_health_and_counters() throws Exception {
    String port = "{adapter=\"NIC1\",interface=\"%s\",port=\"%s\"}";
    String one = String.format(port, netdev("1"), "1");
    // Read once the watch has sampled the port (it samples once the server answers)
    long deadline = System.nanoTime() + java.time.Duration.ofSeconds(30).toNanos();
    String body = scrape();
    while (Double.isNaN(sample(body, "gpuchassis_data_port_link_up" + one))) {
      assertTrue(System.nanoTime() < deadline, "the port was never read: " + body);
      Thread.sleep(100);
      body = scrape();
    }
    assertEquals(1.0, sample(body, "gpuchassis_data_port_link_up" + one));
    assertEquals(12.5e9, sample(body, "gpuchassis_data_port_link_speed_bytes" + one), "100 Gb/s");
    assertEquals(0.0, sample(body, "gpuchassis_data_port_health" + one));
    double received = sample(body, "gpuchassis_data_port_receive_bytes_total" + one);
    assertTrue(received > 0, body);
    assertTrue(sample(body, "gpuchassis_data_port_roce_cnp_sent_total" + one) >= 0, body);
    assertTrue(sample(body, "gpuchassis_data_port_receive_pfc_frames_total" + one) >= 0, body);
    // the round trip to the simulated peer, probed once the server answers
    while (Double.isNaN(sample(body, "gpuchassis_data_port_round_trip_seconds" + one))) {
      assertTrue(System.nanoTime() < deadline, "the port was never probed: " + body);
      Thread.sleep(100);
      body = scrape();
    }
    double trip = sample(body, "gpuchassis_data_port_round_trip_seconds" + one);
    assertTrue(trip >= 18e-6 && trip <= 25e-6, "some 20 µs: " + trip);
    assertEquals(0.0, sample(body, "gpuchassis_data_port_round_trip_loss_ratio" + one));
    String two = String.format(port, netdev("2"), "2");
    assertFalse(
        body.contains("gpuchassis_data_port_round_trip_seconds" + two), "port 2 has no peer");
    // The counter is the port's own: the same figure its Redfish PortMetrics gives, once both
    // show one sample (polled: the watch may sample between the two reads)
    String metrics = "/redfish/v1/Chassis/GPUChassis/NetworkAdapters/NIC1/Ports/1/Metrics";
    deadline = System.nanoTime() + java.time.Duration.ofSeconds(30).toNanos();
    while (true) {
      double scraped = sample(scrape(), "gpuchassis_data_port_receive_bytes_total" + one);
      JsonNode redfish = AgentClient.json(agent.client.get(metrics, TestAgent.READER));
      double again = sample(scrape(), "gpuchassis_data_port_receive_bytes_total" + one);
      if (scraped == again) {
        assertEquals(scraped, redfish.at("/RXBytes").asDouble(), redfish.toString());
        break;
      }
      assertTrue(System.nanoTime() < deadline, "the counter never held still");
    }
  }

  private static String netdev(String port) throws Exception {
    String name =
        AgentClient.json(
                agent.client.get(
                    "/redfish/v1/Chassis/GPUChassis/NetworkAdapters/NIC1/Ports/" + port,
                    TestAgent.READER))
            .get("Name")
            .asText();
    return name.substring(name.indexOf('(') + 1, name.indexOf(')'));
  }

  @Test
  void the_metrics_token_scrapes_and_opens_nothing_else() throws Exception {
    HttpResponse<String> scraped = agent.client.get(METRICS, "Bearer " + TOKEN);
    assertEquals(200, scraped.statusCode(), scraped.body());
    assertTrue(scraped.body().contains("gpuchassis_slot_gpu_present{"));
    HttpResponse<String> wrong = agent.client.get(METRICS, "Bearer " + TOKEN + "x");
    assertEquals(401, wrong.statusCode());
    assertTrue(wrong.body().contains("\"error\""), wrong.body());
    assertEquals(
        401,
        agent.client.get("/redfish/v1/Chassis/GPUChassis", "Bearer " + TOKEN).statusCode(),
        "the token is for /metrics alone");
  }

  @Test
  void requests_are_counted_by_route_template_never_by_path() throws Exception {
    scrape(); // the meters are built once the agent answers: from here on requests are timed
    String probe = "/redfish/v1/Chassis/no-such-chassis-" + System.nanoTime();
    assertEquals(404, agent.client.get(probe, TestAgent.READER).statusCode());
    assertEquals(
        200, agent.client.get("/redfish/v1/Chassis/GPUChassis", TestAgent.READER).statusCode());
    String body = scrape();
    assertTrue(
        sample(
                body,
                "http_server_requests_seconds_count{method=\"GET\",status=\"200\",uri=\"/redfish/v1/Chassis/{ChassisId}\"}")
            >= 1,
        body);
    assertFalse(body.contains("no-such-chassis"), "a raw path became a label");
  }

  @Test
  void a_bind_is_counted_and_its_host_shown() throws Exception {
    scrape(); // the meters, and the binding engine's observer, exist from here on
    agent.agent.bindings().bind(2, "Host2").join();
    try {
      String body = scrape();
      assertEquals(
          1.0,
          sample(body, "gpuchassis_slot_binding{host=\"Host2\",slot=\"2\",state=\"bound\"}"),
          body);
      assertTrue(
          sample(
                  body,
                  "gpuchassis_binding_operations_seconds_count{operation=\"bind\",outcome=\"success\"}")
              >= 1,
          body);
    } finally {
      agent.agent.bindings().unbind(2, true).join();
    }
    assertEquals(
        1.0, sample(scrape(), "gpuchassis_slot_binding{host=\"\",slot=\"2\",state=\"unbound\"}"));
  }

  @Test
  void open_event_streams_are_counted() throws Exception {
    try (SseReader stream =
        new SseReader(agent.client.stream("/redfish/v1/EventService/SSE", TestAgent.READER))) {
      assertEquals(200, stream.response.statusCode());
      String body = scrape();
      assertTrue(sample(body, "gpuchassis_event_streams_open") >= 1, body);
      assertTrue(sample(body, "gpuchassis_event_streams_opened_total") >= 1, body);
      assertEquals(0.0, sample(body, "gpuchassis_event_streams_cut_off_total"), body);
      assertEquals(0.0, sample(body, "gpuchassis_event_streams_reports_dropped_total"), body);
    }
  }

  @Test
  void promtool_finds_nothing_to_fault() throws Exception {
    require("/usr/bin/promtool", "promtool (Debian's prometheus package)");
    Path file = stateDir.resolve("scrape.txt");
    Files.writeString(file, scrape());
    Process check =
        new ProcessBuilder("/usr/bin/promtool", "check", "metrics")
            .redirectInput(file.toFile())
            .redirectErrorStream(true)
            .start();
    String said = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(check.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, check.exitValue(), said);
  }

  @Test
  void the_alert_rules_in_the_monitoring_guide_are_valid() throws Exception {
    require("/usr/bin/promtool", "promtool (Debian's prometheus package)");
    String guide =
        Files.readString(Path.of("").toAbsolutePath().getParent().resolve("docs/MONITORING.md"));
    String block =
        guide.substring(guide.indexOf("<!-- rules:begin -->"), guide.indexOf("<!-- rules:end -->"));
    String rules = block.substring(block.indexOf("```yaml\n") + 8, block.lastIndexOf("```"));
    Path file = stateDir.resolve("rules.yml");
    Files.writeString(file, rules);
    Process check =
        new ProcessBuilder("/usr/bin/promtool", "check", "rules", file.toString())
            .redirectErrorStream(true)
            .start();
    String said = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(check.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, check.exitValue(), said);
    assertTrue(said.contains("SUCCESS: 13 rules found"), said);
  }

  @Test
  void prometheus_scrapes_the_agent_and_answers_a_query_for_a_gpu_temperature() throws Exception {
    require("/usr/bin/prometheus", "prometheus (Debian's package)");
    Path home = Files.createDirectories(stateDir.resolve("prometheus"));
    int port = FreePorts.free();
    Path config = home.resolve("prometheus.yml");
    Files.writeString(
        config,
        String.join(
            "\n",
            "global: {scrape_interval: 1s, evaluation_interval: 1s}",
            "scrape_configs:",
            "  - job_name: gpuchassis",
            "    scheme: https",
            "    metrics_path: /metrics",
            "    tls_config: {ca_file: '" + stateDir.resolve("tls/https-cert.pem") + "'}",
            "    authorization: {type: Bearer, credentials_file: '"
                + stateDir.resolve("metrics-token")
                + "'}",
            "    static_configs: [{targets: ['127.0.0.1:" + agent.agent.port() + "']}]",
            ""));
    Process prometheus =
        new ProcessBuilder(
                "/usr/bin/prometheus",
                "--config.file=" + config,
                "--storage.tsdb.path=" + home.resolve("data"),
                "--web.listen-address=127.0.0.1:" + port)
            .redirectErrorStream(true)
            .redirectOutput(home.resolve("prometheus.log").toFile())
            .start();
    try {
      HttpClient http = HttpClient.newHttpClient();
      ObjectMapper json = new ObjectMapper();
      String base = "http://127.0.0.1:" + port;
      JsonNode target =
          await(
              http,
              json,
              base + "/api/v1/targets",
              home,
              "the target is up",
              t -> {
                JsonNode active = t.at("/data/activeTargets/0");
                return active.path("health").asText().equals("up") ? active : null;
              });
      assertEquals("gpuchassis", target.at("/labels/job").asText());
      String query =
          base
              + "/api/v1/query?query="
              + URLEncoder.encode(
                  "gpuchassis_gpu_temperature_celsius{slot=\"1\"}", StandardCharsets.UTF_8);
      JsonNode sample =
          await(
              http,
              json,
              query,
              home,
              "a GPU temperature is stored",
              q -> {
                JsonNode result = q.at("/data/result/0/value/1");
                return result.isMissingNode() ? null : result;
              });
      double celsius = Double.parseDouble(sample.asText());
      assertTrue(celsius > 20 && celsius < 100, "slot 1's GPU at " + celsius + " °C");
    } finally {
      prometheus.destroy();
      if (!prometheus.waitFor(20, TimeUnit.SECONDS)) {
        prometheus.destroyForcibly().waitFor();
      }
    }
  }

  private static JsonNode await(
      HttpClient http,
      ObjectMapper json,
      String uri,
      Path home,
      String what,
      java.util.function.Function<JsonNode, JsonNode> found)
      throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
    String last = "";
    while (System.nanoTime() < deadline) {
      try {
        HttpResponse<String> r =
            http.send(
                HttpRequest.newBuilder(URI.create(uri)).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
        last = r.body();
        if (r.statusCode() == 200) {
          JsonNode answer = found.apply(json.readTree(r.body()));
          if (answer != null) {
            return answer;
          }
        }
      } catch (java.io.IOException notYet) {
        last = notYet.toString(); // prometheus still starting
      }
      Thread.sleep(250);
    }
    String log = Files.readString(home.resolve("prometheus.log"));
    return fail(
        what
            + ": not within 90 s; last answer "
            + last
            + "\nprometheus said:\n"
            + log.substring(Math.max(0, log.length() - 3000)));
  }

  private static void require(String file, String what) {
    boolean present = Files.isExecutable(Path.of(file));
    if (!present && System.getenv("CI") != null) {
      fail(what + " is missing: the test command's set-up (.ci/setup) installs it");
    }
    Assumptions.assumeTrue(
        present, what + " is not installed: run .ci/setup, which installs it; skipped");
  }
}

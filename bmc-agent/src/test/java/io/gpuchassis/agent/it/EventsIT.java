package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.tls.TestCertificates;
import io.vertx.core.Vertx;
import java.net.ServerSocket;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The EventService over real HTTPS: SubmitTestEvent reaches real SSE streams (narrowed by $filter)
 * and real push subscribers, slow and dead subscribers hold up nobody, bad subscriptions are
 * refused whole, and every event is in the EventLog.
 */
class EventsIT {

  static final String SUBSCRIPTIONS = "/redfish/v1/EventService/Subscriptions";
  static final String SUBMIT = "/redfish/v1/EventService/Actions/EventService.SubmitTestEvent";
  static final String SSE = "/redfish/v1/EventService/SSE";
  static final String TEST_MESSAGE = "ResourceEvent.1.4.3.TestMessage";
  static final Duration WAIT = Duration.ofSeconds(5);

  @TempDir static Path stateDir;
  static TestAgent agent;
  static Vertx vertx;

  @BeforeAll
  static void start() throws Exception {
    agent = TestAgent.start(stateDir, LoopbackReceivers::allowed);
    vertx = Vertx.vertx();
  }

  @AfterAll
  static void stop() {
    agent.close();
    vertx.close().await();
  }

  static void submitOn(TestAgent on, String messageId) throws Exception {
    HttpResponse<String> r =
        on.client.send("POST", SUBMIT, TestAgent.ADMIN, "{\"MessageId\": \"" + messageId + "\"}");
    assertEquals(204, r.statusCode(), r.body());
  }

  static String subscribeOn(TestAgent on, String destination, String extra) throws Exception {
    HttpResponse<String> r =
        on.client.send(
            "POST",
            SUBSCRIPTIONS,
            TestAgent.ADMIN,
            "{\"Destination\": \"" + destination + "\", \"Protocol\": \"Redfish\"" + extra + "}");
    assertEquals(201, r.statusCode(), r.body());
    return r.headers().firstValue("Location").orElseThrow();
  }

  static void submit(String messageId, String origin, String... args) throws Exception {
    String body =
        "{\"MessageId\": \""
            + messageId
            + "\""
            + (origin == null ? "" : ", \"OriginOfCondition\": \"" + origin + "\"")
            + (args.length == 0
                ? ""
                : ", \"MessageArgs\": " + AgentClient.JSON.writeValueAsString(args))
            + "}";
    HttpResponse<String> r = agent.client.send("POST", SUBMIT, TestAgent.ADMIN, body);
    assertEquals(204, r.statusCode(), r.body());
  }

  static SseReader open(String query, String authorization) throws Exception {
    String path =
        query == null
            ? SSE
            : SSE
                + "?$filter="
                + URLEncoder.encode(query, StandardCharsets.UTF_8).replace("+", "%20");
    SseReader reader = new SseReader(agent.client.stream(path, authorization));
    assertEquals(200, reader.response.statusCode());
    assertTrue(
        reader
            .response
            .headers()
            .firstValue("Content-Type")
            .orElse("")
            .startsWith("text/event-stream"),
        "an SSE stream is text/event-stream");
    return reader;
  }

  static String subscribe(String destination, String extra, String authorization) throws Exception {
    HttpResponse<String> r =
        agent.client.send(
            "POST",
            SUBSCRIPTIONS,
            authorization,
            "{\"Destination\": \"" + destination + "\", \"Protocol\": \"Redfish\"" + extra + "}");
    assertEquals(201, r.statusCode(), r.body());
    String location = r.headers().firstValue("Location").orElseThrow();
    assertEquals(location, json(r).get("@odata.id").asText());
    return location;
  }

  @Test
  void sse_streams_receive_test_events_their_filter_selects() throws Exception {
    try (SseReader all = open(null, TestAgent.READER);
        SseReader matching =
            open("MessageId eq 'ResourceEvent.1.4.3.TestMessage'", TestAgent.READER);
        SseReader other = open("RegistryPrefix eq 'Fabric'", TestAgent.READER)) {
      submit(TEST_MESSAGE, "/redfish/v1/Chassis/GPUChassis");
      submit("Fabric.1.0.3.ZoneModified", "/redfish/v1/Fabrics/PCIe/Zones/Host1", "Host1", "PCIe");

      SseReader.Received first = all.next(WAIT);
      assertNotNull(first, "the unfiltered stream received the test event");
      JsonNode record = first.data().get("Events").get(0);
      assertEquals(TEST_MESSAGE, record.get("MessageId").asText());
      assertEquals(first.id(), record.get("EventId").asText(), "the SSE id is the event's id");
      assertEquals(
          "/redfish/v1/Chassis/GPUChassis",
          record.get("OriginOfCondition").get("@odata.id").asText());
      assertEquals(
          "Fabric.1.0.3.ZoneModified",
          all.next(WAIT).data().get("Events").get(0).get("MessageId").asText());

      assertEquals(
          TEST_MESSAGE, matching.next(WAIT).data().get("Events").get(0).get("MessageId").asText());
      // The Fabric stream's first event is the second one published: it never saw the TestMessage.
      SseReader.Received fabric = other.next(WAIT);
      assertEquals(
          "Fabric.1.0.3.ZoneModified",
          fabric.data().get("Events").get(0).get("MessageId").asText());
      assertEquals(
          "Zone 'Host1' in fabric 'PCIe' was modified.",
          fabric.data().get("Events").get(0).get("Message").asText());
      assertNull(
          matching.next(Duration.ofMillis(300)),
          "the MessageId filter let the Fabric event through");
    }
  }

  @Test
  void a_client_reconnecting_with_last_event_id_gets_what_it_missed_then_live_events()
      throws Exception {
    String seen;
    try (SseReader first = open(null, TestAgent.READER)) {
      submit("ResourceEvent.1.4.3.ResourceCreated", null);
      seen = first.next(WAIT).id();
    }
    submit("Fabric.1.0.3.ZoneCreated", null, "Host3", "PCIe");
    submit("ResourceEvent.1.4.3.ResourceRemoved", null);
    String path =
        SSE
            + "?$filter="
            + URLEncoder.encode("RegistryPrefix eq 'ResourceEvent'", StandardCharsets.UTF_8)
                .replace("+", "%20");
    try (SseReader again =
        new SseReader(agent.client.stream(path, TestAgent.READER, "Last-Event-ID", seen))) {
      SseReader.Received missed = again.next(WAIT);
      assertNotNull(missed, "the missed event was replayed");
      assertEquals(
          "ResourceEvent.1.4.3.ResourceRemoved",
          missed.data().get("Events").get(0).get("MessageId").asText(),
          "the Fabric event is outside the filter and the one already seen is not repeated");
      submit("ResourceEvent.1.4.3.ResourceChanged", null);
      assertEquals(
          "ResourceEvent.1.4.3.ResourceChanged",
          again.next(WAIT).data().get("Events").get(0).get("MessageId").asText());
      assertNull(again.next(Duration.ofMillis(200)));
    }
  }

  @Test
  void a_filter_the_stream_cannot_honour_is_400() throws Exception {
    HttpResponse<String> r =
        agent.client.get(
            SSE
                + "?$filter="
                + URLEncoder.encode("Severity eq 'OK'", StandardCharsets.UTF_8).replace("+", "%20"),
            TestAgent.READER);
    assertEquals(400, r.statusCode(), r.body());
    assertTrue(r.body().contains("QueryParameterValueFormatError"), r.body());
  }

  @Test
  void query_options_other_than_filter_are_400_on_the_stream() throws Exception {
    for (String q : new String[] {"$top=1", "$expand=.", "only"}) {
      HttpResponse<String> r = agent.client.get(SSE + "?" + q, TestAgent.READER);
      assertEquals(400, r.statusCode(), q + " -> " + r.body());
      assertTrue(r.body().contains("QueryNotSupportedOnResource"), r.body());
    }
  }

  @Test
  void streams_need_credentials() throws Exception {
    assertEquals(401, agent.client.status("GET", SSE, null, null));
  }

  @Test
  void a_stream_is_an_sse_destination_and_ends_with_its_session() throws Exception {
    HttpResponse<String> login =
        agent.client.send(
            "POST",
            "/redfish/v1/SessionService/Sessions",
            null,
            "{\"UserName\": \"reader\", \"Password\": \"" + TestAgent.READER_PASSWORD + "\"}");
    assertEquals(201, login.statusCode(), login.body());
    String token = "token:" + login.headers().firstValue("X-Auth-Token").orElseThrow();
    String session = login.headers().firstValue("Location").orElseThrow();
    try (SseReader stream = open(null, token)) {
      List<String> sse = new ArrayList<>();
      for (JsonNode m :
          json(agent.client.get(SUBSCRIPTIONS + "?$expand=.", TestAgent.ADMIN)).get("Members")) {
        if (m.path("SubscriptionType").asText().equals("SSE")) {
          sse.add(m.get("@odata.id").asText());
          assertTrue(
              m.get("Destination").asText().startsWith("redfish-sse://127.0.0.1:"), m.toString());
        }
      }
      assertEquals(1, sse.size(), "the open stream is listed as an SSE subscription");
      assertFalse(stream.endsWithin(Duration.ofMillis(200)));
      assertEquals(204, agent.client.send("DELETE", session, token, null).statusCode());
      assertTrue(stream.endsWithin(WAIT), "deleting the session closes its stream");
      assertEquals(404, agent.client.get(sse.get(0), TestAgent.ADMIN).statusCode());
    }
  }

  @Test
  void deleting_the_sse_destination_closes_the_stream() throws Exception {
    try (SseReader stream = open(null, TestAgent.OPERATOR)) {
      String id = null;
      for (JsonNode m :
          json(agent.client.get(SUBSCRIPTIONS + "?$expand=.", TestAgent.ADMIN)).get("Members")) {
        if (m.path("SubscriptionType").asText().equals("SSE")) {
          id = m.get("@odata.id").asText();
        }
      }
      assertNotNull(id);
      assertEquals(
          403,
          agent.client.send("DELETE", id, TestAgent.READER, null).statusCode(),
          "not the reader's");
      assertEquals(204, agent.client.send("DELETE", id, TestAgent.OPERATOR, null).statusCode());
      assertTrue(stream.endsWithin(WAIT));
    }
  }

  @Test
  void a_destination_signed_by_a_private_ca_is_reached_once_the_subscription_trusts_that_ca()
      throws Exception {
    TestCertificates.Issued ca = TestCertificates.authority("Private Events CA");
    TestCertificates.Issued server =
        TestCertificates.issuedBy(ca, "CN=receiver.example", TestCertificates.ec());
    try (EventReceiver receiver = EventReceiver.startHttps(vertx, server)) {
      String subscription = subscribe(receiver.url(), "", TestAgent.ADMIN);
      String id = subscription.substring(subscription.lastIndexOf('/') + 1);
      JsonNode destination = json(agent.client.get(subscription, TestAgent.ADMIN));
      String certificates = destination.at("/Certificates/@odata.id").asText();
      assertEquals(subscription + "/Certificates", certificates);
      assertTrue(destination.get("VerifyCertificate").asBoolean());

      // the JVM does not know the private CA: the delivery fails its handshake
      submit(TEST_MESSAGE, null);
      String series = "{subscription=\"" + id + "\"}";
      long deadline = System.nanoTime() + WAIT.toNanos();
      while (MetricsIT.sample(
                  agent.client.get("/metrics", TestAgent.READER).body(),
                  "gpuchassis_event_delivery_retries_total" + series)
              < 1.0
          && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      assertTrue(
          MetricsIT.sample(
                  agent.client.get("/metrics", TestAgent.READER).body(),
                  "gpuchassis_event_delivery_retries_total" + series)
              >= 1.0,
          "the delivery was tried and failed");
      assertEquals(0, receiver.count(), "an untrusted destination gets nothing");

      // bad certificates are refused and change nothing
      for (String[] bad :
          new String[][] {
            {
              "{\"CertificateString\": \"hello\", \"CertificateType\": \"PEM\"}",
              "PropertyValueError"
            },
            {certificateBody(server.certificatePem() + server.pkcs8KeyPem()), "PropertyValueError"},
            {certificateBody(server.certificatePem() + ca.certificatePem()), "PropertyValueError"},
            {
              "{\"CertificateString\": "
                  + AgentClient.JSON.writeValueAsString(ca.certificatePem())
                  + ", \"CertificateType\": \"PKCS7\"}",
              "PropertyValueNotInList"
            },
            {"{\"CertificateType\": \"PEM\"}", "PropertyMissing"}
          }) {
        HttpResponse<String> refused =
            agent.client.send("POST", certificates, TestAgent.ADMIN, bad[0]);
        assertEquals(400, refused.statusCode(), refused.body());
        assertTrue(refused.body().contains(bad[1]), refused.body());
        assertFalse(refused.body().contains("PRIVATE KEY"), "never echoed");
      }
      assertEquals(
          403,
          agent
              .client
              .send("POST", certificates, TestAgent.OPERATOR, certificateBody(ca.certificatePem()))
              .statusCode(),
          "ConfigureManager");
      assertEquals(0, json(agent.client.get(certificates, TestAgent.ADMIN)).get("Members").size());

      HttpResponse<String> added =
          agent.client.send(
              "POST", certificates, TestAgent.ADMIN, certificateBody(ca.certificatePem()));
      assertEquals(201, added.statusCode(), added.body());
      String member = added.headers().firstValue("Location").orElseThrow();
      assertEquals(certificates + "/1", member);
      assertTrue(
          json(agent.client.get(
                  "/redfish/v1/CertificateService/CertificateLocations", TestAgent.ADMIN))
              .at("/Links/Certificates")
              .findValuesAsText("@odata.id")
              .contains(member),
          "the service's certificate locations list it");
      assertEquals(
          "Private Events CA",
          json(agent.client.get(member, TestAgent.ADMIN)).at("/Subject/CommonName").asText());

      submit(TEST_MESSAGE, null);
      JsonNode delivered = receiver.next(WAIT);
      assertNotNull(delivered, "trusted now: the event arrives over HTTPS");

      TestCertificates.Issued second = TestCertificates.authority("Second Events CA");
      HttpResponse<String> replaced =
          agent.client.send(
              "POST",
              "/redfish/v1/CertificateService/Actions/CertificateService.ReplaceCertificate",
              TestAgent.ADMIN,
              CertificateServiceIT.replace(member, "PEM", second.certificatePem()).toString());
      assertEquals(200, replaced.statusCode(), replaced.body());
      assertEquals(
          "Second Events CA",
          json(agent.client.get(member, TestAgent.ADMIN)).at("/Subject/CommonName").asText());

      assertEquals(204, agent.client.send("DELETE", member, TestAgent.ADMIN, null).statusCode());
      assertEquals(0, json(agent.client.get(certificates, TestAgent.ADMIN)).get("Members").size());
      assertEquals(
          204, agent.client.send("DELETE", subscription, TestAgent.ADMIN, null).statusCode());
    }
  }

  /** A POST body adding {@code pem} as a trusted certificate. */
  private static String certificateBody(String pem) throws Exception {
    return "{\"CertificateString\": "
        + AgentClient.JSON.writeValueAsString(pem)
        + ", \"CertificateType\": \"PEM\"}";
  }

  @Test
  void a_push_subscribers_deliveries_are_counted_in_the_metrics() throws Exception {
    try (EventReceiver receiver = EventReceiver.start(vertx, Duration.ZERO)) {
      String subscription = subscribe(receiver.url(), "", TestAgent.ADMIN);
      String id = subscription.substring(subscription.lastIndexOf('/') + 1);
      submit(TEST_MESSAGE, null);
      submit(TEST_MESSAGE, null);
      assertNotNull(receiver.next(WAIT));
      assertNotNull(receiver.next(WAIT));
      String series = "{subscription=\"" + id + "\"}";
      // the receiver has the events; the agent counts each once it has read the receiver's answer
      long deadline = System.nanoTime() + WAIT.toNanos();
      String metrics = agent.client.get("/metrics", TestAgent.READER).body();
      while (MetricsIT.sample(metrics, "gpuchassis_event_delivery_delivered_total" + series) != 2.0
          && System.nanoTime() < deadline) {
        Thread.sleep(50);
        metrics = agent.client.get("/metrics", TestAgent.READER).body();
      }
      assertEquals(
          2.0, MetricsIT.sample(metrics, "gpuchassis_event_delivery_delivered_total" + series));
      assertEquals(0.0, MetricsIT.sample(metrics, "gpuchassis_event_delivery_queued" + series));
      assertEquals(
          0.0, MetricsIT.sample(metrics, "gpuchassis_event_delivery_dropped_total" + series));
      assertEquals(
          204, agent.client.send("DELETE", subscription, TestAgent.ADMIN, null).statusCode());
      assertFalse(
          agent.client.get("/metrics", TestAgent.READER).body().contains(series),
          "a deleted subscription's series are gone");
    }
  }

  @Test
  void excluded_registries_and_messages_are_never_sent() throws Exception {
    JsonNode service = json(agent.client.get("/redfish/v1/EventService", TestAgent.READER));
    assertTrue(service.get("ExcludeRegistryPrefix").asBoolean());
    assertTrue(service.get("ExcludeMessageId").asBoolean());
    assertTrue(service.get("SubordinateResourcesSupported").asBoolean());
    HttpResponse<String> unknown =
        agent.client.send(
            "POST",
            SUBSCRIPTIONS,
            TestAgent.ADMIN,
            "{\"Destination\": \"http://127.0.0.1:9/\", \"Protocol\": \"Redfish\","
                + " \"ExcludeRegistryPrefixes\": [\"NoSuchRegistry\"]}");
    assertEquals(400, unknown.statusCode(), unknown.body());
    assertTrue(unknown.body().contains("PropertyValueNotInList"), unknown.body());
    try (EventReceiver receiver = EventReceiver.start(vertx, Duration.ZERO)) {
      String subscription =
          subscribe(
              receiver.url(),
              ", \"ExcludeRegistryPrefixes\": [\"Fabric\"],"
                  + " \"ExcludeMessageIds\": [\"ResourceEvent.ResourceChanged\"]",
              TestAgent.ADMIN);
      JsonNode shown = json(agent.client.get(subscription, TestAgent.READER));
      assertEquals("Fabric", shown.at("/ExcludeRegistryPrefixes/0").asText());
      assertEquals("ResourceEvent.ResourceChanged", shown.at("/ExcludeMessageIds/0").asText());
      submit("Fabric.1.0.3.ZoneModified", null, "Host2", "PCIe");
      submit("ResourceEvent.1.4.3.ResourceChanged", null);
      submit("ResourceEvent.1.4.3.TestMessage", null);
      // one queue, in order: the first event to arrive is the one not excluded
      JsonNode first = receiver.next(WAIT);
      assertNotNull(first);
      assertEquals(
          "ResourceEvent.1.4.3.TestMessage",
          first.at("/Events/0/MessageId").asText(),
          first.toString());
      agent.client.send("DELETE", subscription, TestAgent.ADMIN, null);
    }
  }

  @Test
  void a_push_subscriber_receives_the_event_which_is_also_in_the_event_log() throws Exception {
    try (EventReceiver receiver = EventReceiver.start(vertx, Duration.ZERO)) {
      String subscription =
          subscribe(
              receiver.url(),
              ", \"Context\": \"ctx-42\", \"RegistryPrefixes\": [\"ResourceEvent\"]",
              TestAgent.ADMIN);
      submit("Fabric.1.0.3.ZoneModified", null, "Host2", "PCIe");
      submit(
          "ResourceEvent.1.4.3.ResourceStatusChangedWarning",
          "/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot1",
          "Slot1",
          "Warning");
      JsonNode event = receiver.next(WAIT);
      assertNotNull(event, "the subscriber received the event");
      assertEquals("ctx-42", event.get("Context").asText());
      JsonNode record = event.get("Events").get(0);
      assertEquals(
          "ResourceEvent.1.4.3.ResourceStatusChangedWarning", record.get("MessageId").asText());
      assertEquals(
          List.of("Slot1", "Warning"),
          AgentClient.JSON.convertValue(record.get("MessageArgs"), List.class));
      assertEquals("Warning", record.get("MessageSeverity").asText());
      assertEquals(
          "The health of resource 'Slot1' has changed to Warning.", record.get("Message").asText());
      assertNull(
          receiver.next(Duration.ofMillis(300)), "the Fabric event is outside RegistryPrefixes");

      JsonNode entry =
          json(
              agent.client.get(record.get("LogEntry").get("@odata.id").asText(), TestAgent.READER));
      assertEquals(
          "ResourceEvent.1.4.3.ResourceStatusChangedWarning", entry.get("MessageId").asText());
      assertEquals("Warning", entry.get("Severity").asText());
      assertEquals(record.get("EventId").asText(), entry.get("Id").asText());
      assertEquals(
          "/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot1",
          entry.get("Links").get("OriginOfCondition").get("@odata.id").asText());
      String log =
          agent
              .client
              .get(
                  "/redfish/v1/Managers/BMC/LogServices/EventLog/Entries?$expand=.",
                  TestAgent.READER)
              .body();
      assertTrue(
          log.contains("Fabric.1.0.3.ZoneModified"), "events no one subscribed to are logged too");

      assertEquals(
          204, agent.client.send("DELETE", subscription, TestAgent.ADMIN, null).statusCode());
      submit("ResourceEvent.1.4.3.ResourceChanged", null);
      assertNull(receiver.next(Duration.ofMillis(500)), "a deleted subscription receives nothing");
    }
  }

  @Test
  void a_subscription_with_include_origin_of_condition_receives_the_resource_itself()
      throws Exception {
    String slot = "/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot1";
    try (EventReceiver full = EventReceiver.start(vertx, Duration.ZERO);
        EventReceiver plain = EventReceiver.start(vertx, Duration.ZERO)) {
      String withOrigin =
          subscribe(full.url(), ", \"IncludeOriginOfCondition\": true", TestAgent.OPERATOR);
      String without = subscribe(plain.url(), "", TestAgent.OPERATOR);
      assertTrue(
          json(agent.client.get(withOrigin, TestAgent.READER))
              .get("IncludeOriginOfCondition")
              .asBoolean());
      assertFalse(
          json(agent.client.get(without, TestAgent.READER))
              .get("IncludeOriginOfCondition")
              .asBoolean());

      submit("ResourceEvent.1.4.3.ResourceChanged", slot);
      JsonNode expanded = full.next(WAIT).get("Events").get(0).get("OriginOfCondition");
      JsonNode device = json(agent.client.get(slot, TestAgent.READER));
      assertEquals(slot, expanded.get("@odata.id").asText());
      assertEquals(device.get("@odata.type"), expanded.get("@odata.type"));
      assertEquals(device.get("Id"), expanded.get("Id"));
      assertEquals(device.get("Name"), expanded.get("Name"));
      assertTrue(
          expanded.has("PCIeInterface") && expanded.has("Status"),
          "the whole resource: " + expanded);
      assertEquals(
          List.of("@odata.id"),
          fieldNames(plain.next(WAIT).get("Events").get(0).get("OriginOfCondition")),
          "a subscription that did not ask gets the reference only");

      // What no resource stands for stays a reference.
      submit("ResourceEvent.1.4.3.ResourceRemoved", "/redfish/v1/Chassis/GPUChassis/Gone");
      assertEquals(
          List.of("@odata.id"),
          fieldNames(full.next(WAIT).get("Events").get(0).get("OriginOfCondition")));

      HttpResponse<String> patch =
          agent.client.send(
              "PATCH", withOrigin, TestAgent.ADMIN, "{\"IncludeOriginOfCondition\": false}");
      assertEquals(400, patch.statusCode(), patch.body());
      assertTrue(patch.body().contains("PropertyNotWritable"), patch.body());
      assertTrue(
          json(agent.client.get(withOrigin, TestAgent.READER))
              .get("IncludeOriginOfCondition")
              .asBoolean(),
          "a refused PATCH changes nothing");
      assertTrue(
          json(agent.client.get("/redfish/v1/EventService", TestAgent.READER))
              .get("IncludeOriginOfConditionSupported")
              .asBoolean());
      agent.client.send("DELETE", withOrigin, TestAgent.ADMIN, null);
      agent.client.send("DELETE", without, TestAgent.ADMIN, null);
    }
  }

  static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  @Test
  void a_suspended_subscription_receives_nothing_until_resumed() throws Exception {
    try (EventReceiver receiver = EventReceiver.start(vertx, Duration.ZERO)) {
      String s = subscribe(receiver.url(), "", TestAgent.OPERATOR);
      JsonNode actions = json(agent.client.get(s, TestAgent.READER)).get("Actions");
      String suspend = actions.get("#EventDestination.SuspendSubscription").get("target").asText();
      String resume = actions.get("#EventDestination.ResumeSubscription").get("target").asText();
      assertEquals(
          403,
          agent.client.send("POST", suspend, TestAgent.READER, "{}").statusCode(),
          "not the reader's");
      assertEquals(204, agent.client.send("POST", suspend, TestAgent.OPERATOR, "{}").statusCode());
      assertEquals(
          "Disabled",
          json(agent.client.get(s, TestAgent.READER)).get("Status").get("State").asText());
      submit(TEST_MESSAGE, null);
      assertNull(receiver.next(Duration.ofMillis(500)), "a suspended subscription is sent nothing");
      HttpResponse<String> badDuration =
          agent.client.send(
              "POST", resume, TestAgent.OPERATOR, "{\"DeliverBufferedEventDuration\": \"soon\"}");
      assertEquals(400, badDuration.statusCode(), badDuration.body());
      assertEquals(
          204,
          agent
              .client
              .send(
                  "POST",
                  resume,
                  TestAgent.OPERATOR,
                  "{\"DeliverBufferedEventDuration\": \"PT0S\"}")
              .statusCode());
      assertEquals(
          "Enabled",
          json(agent.client.get(s, TestAgent.READER)).get("Status").get("State").asText());
      submit("ResourceEvent.1.4.3.ResourceChanged", null);
      JsonNode event = receiver.next(WAIT);
      assertNotNull(event, "resumed");
      assertEquals(
          "ResourceEvent.1.4.3.ResourceChanged",
          event.get("Events").get(0).get("MessageId").asText());
      assertEquals(204, agent.client.send("DELETE", s, TestAgent.OPERATOR, null).statusCode());
    }
  }

  @Test
  void slow_and_dead_subscribers_do_not_delay_a_healthy_one() throws Exception {
    int deadPort;
    try (ServerSocket s = new ServerSocket(0)) {
      deadPort = s.getLocalPort();
    }
    // Retries a second apart: a queue shared with the dead subscriber would hold the healthy one up
    // for its retries
    // (and behind the slow one's 5 s), while a one-off local hiccup of the healthy delivery costs
    // only a second.
    setRetryInterval(1);
    try (EventReceiver slow = EventReceiver.start(vertx, Duration.ofSeconds(5));
        EventReceiver healthy = EventReceiver.start(vertx, Duration.ZERO)) {
      List<String> created = new ArrayList<>();
      created.add(subscribe("http://127.0.0.1:" + deadPort + "/events", "", TestAgent.ADMIN));
      created.add(subscribe(slow.url(), "", TestAgent.ADMIN));
      created.add(subscribe(healthy.url(), "", TestAgent.ADMIN));
      long start = System.nanoTime();
      for (int i = 0; i < 3; i++) {
        submit(TEST_MESSAGE, null);
      }
      for (int i = 0; i < 3; i++) {
        assertNotNull(healthy.next(WAIT), "healthy subscriber got event " + (i + 1));
      }
      Duration took = Duration.ofNanos(System.nanoTime() - start);
      assertTrue(
          took.compareTo(Duration.ofSeconds(3)) < 0, "the healthy subscriber waited " + took);
      assertTrue(slow.count() <= 1, "the slow one is still answering its first event");
      for (String s : created) {
        assertEquals(204, agent.client.send("DELETE", s, TestAgent.ADMIN, null).statusCode());
      }
    } finally {
      setRetryInterval(30);
    }
  }

  static void setRetryInterval(int seconds) throws Exception {
    HttpResponse<String> r =
        agent.client.send(
            "PATCH",
            "/redfish/v1/EventService",
            TestAgent.ADMIN,
            "{\"DeliveryRetryIntervalSeconds\": " + seconds + "}");
    assertEquals(200, r.statusCode(), r.body());
  }

  @Test
  void bad_subscriptions_are_400_and_create_nothing() throws Exception {
    int before =
        json(agent.client.get(SUBSCRIPTIONS, TestAgent.READER)).get("Members@odata.count").asInt();
    record Bad(String body, String messageId) {}
    List<Bad> bad =
        List.of(
            new Bad(
                "{\"Destination\": \"not a url\", \"Protocol\": \"Redfish\"}",
                "PropertyValueFormatError"),
            new Bad(
                "{\"Destination\": \"ftp://host/x\", \"Protocol\": \"Redfish\"}",
                "PropertyValueFormatError"),
            new Bad(
                "{\"Destination\": \"http://127.0.0.1:9/x\", \"Protocol\": \"Pigeon\"}",
                "PropertyValueNotInList"),
            new Bad(
                "{\"Destination\": \"http://127.0.0.1:9/x\", \"Protocol\": \"SNMPv2c\"}",
                "PropertyValueNotInList"),
            new Bad(
                "{\"Destination\": \"http://127.0.0.1:9/x\", \"Protocol\": \"Redfish\", \"RegistryPrefixes\": [\"NoSuchRegistry\"]}",
                "PropertyValueNotInList"),
            new Bad(
                "{\"Destination\": \"http://127.0.0.1:9/x\", \"Protocol\": \"Redfish\", \"DeliveryRetryPolicy\": \"Never\"}",
                "PropertyValueNotInList"),
            new Bad("{\"Protocol\": \"Redfish\"}", "CreateFailedMissingReqProperties"),
            new Bad(
                "{\"Destination\": \"http://127.0.0.1:9/x\", \"Protocol\": \"Redfish\", \"Color\": 1}",
                "PropertyUnknown"),
            new Bad("{\"Destination\": 5, \"Protocol\": \"Redfish\"}", "PropertyValueTypeError"),
            new Bad(
                "{\"Destination\": \"http://127.0.0.1:9/x\", \"Protocol\": \"Redfish\", \"IncludeOriginOfCondition\": \"yes\"}",
                "PropertyValueTypeError"),
            new Bad(
                "{\"Destination\": \"http://127.0.0.1:9/x\", \"Protocol\": \"Redfish\", \"EventFormatType\": \"MetricReport\", \"IncludeOriginOfCondition\": true}",
                "PropertyValueConflict"),
            new Bad(
                "{\"Destination\": \"syslog://127.0.0.1:514\", \"Protocol\": \"SyslogUDP\", \"IncludeOriginOfCondition\": true}",
                "PropertyValueConflict"));
    for (Bad b : bad) {
      HttpResponse<String> r = agent.client.send("POST", SUBSCRIPTIONS, TestAgent.ADMIN, b.body());
      assertEquals(400, r.statusCode(), b.body() + " -> " + r.body());
      assertTrue(r.body().contains("Base.1.22.1." + b.messageId()), b.body() + " -> " + r.body());
    }
    assertEquals(
        before,
        json(agent.client.get(SUBSCRIPTIONS, TestAgent.READER)).get("Members@odata.count").asInt());
  }

  @Test
  void only_the_owner_or_a_manager_changes_a_subscription() throws Exception {
    String s =
        subscribe("http://127.0.0.1:9/events", ", \"Context\": \"mine\"", TestAgent.OPERATOR);
    assertEquals(
        403,
        agent.client.send("PATCH", s, TestAgent.READER, "{\"Context\": \"theirs\"}").statusCode());
    assertEquals(403, agent.client.send("DELETE", s, TestAgent.READER, null).statusCode());
    HttpResponse<String> patched =
        agent.client.send(
            "PATCH",
            s,
            TestAgent.OPERATOR,
            "{\"Context\": \"changed\", \"MessageIds\": [\"ResourceEvent.ResourceChanged\"]}");
    assertEquals(200, patched.statusCode(), patched.body());
    assertEquals("changed", json(patched).get("Context").asText());
    HttpResponse<String> refused =
        agent.client.send(
            "PATCH",
            s,
            TestAgent.OPERATOR,
            "{\"Context\": \"again\", \"Destination\": \"http://x/\"}");
    assertEquals(400, refused.statusCode(), refused.body());
    assertTrue(refused.body().contains("PropertyNotWritable"), refused.body());
    assertEquals(
        "changed",
        json(agent.client.get(s, TestAgent.READER)).get("Context").asText(),
        "nothing changed");
    assertEquals(204, agent.client.send("DELETE", s, TestAgent.OPERATOR, null).statusCode());
  }
}

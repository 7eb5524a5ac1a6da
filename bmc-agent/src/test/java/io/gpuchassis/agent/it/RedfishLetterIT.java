package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static io.gpuchassis.agent.it.TestAgent.ADMIN;
import static io.gpuchassis.agent.it.TestAgent.READER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.conformance.RedfishSchemaValidator;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DSP0266 to the letter over real HTTPS: every resource names its JSON schema in a {@code
 * rel=describedby} Link, a POST to a collection's {@code Members} is a POST to the collection, log
 * entry collections have their members auto-expanded (and paged), and every message registry the
 * agent uses is served by the agent itself.
 */
class RedfishLetterIT {

  static final String SESSIONS = "/redfish/v1/SessionService/Sessions";
  static final String ACCOUNTS = "/redfish/v1/AccountService/Accounts";
  static final String SUBSCRIPTIONS = "/redfish/v1/EventService/Subscriptions";
  static final String SECURITY_LOG = "/redfish/v1/Managers/BMC/LogServices/SecurityLog/Entries";
  static final String EVENT_LOG = "/redfish/v1/Managers/BMC/LogServices/EventLog/Entries";

  @TempDir static Path stateDir;
  static TestAgent agent;
  static AgentClient client;

  @BeforeAll
  static void start() throws Exception {
    agent = TestAgent.start(stateDir);
    client = agent.client;
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @Test
  void every_resource_names_the_json_schema_its_json_schemas_file_locates_in_a_describedby_link()
      throws Exception {
    Map<String, String> located = new HashMap<>();
    for (JsonNode file :
        json(client.get("/redfish/v1/JsonSchemas?$expand=.", ADMIN)).get("Members")) {
      JsonNode location = file.at("/Location/0");
      located.put(
          file.get("Id").asText(),
          location.has("Uri")
              ? location.get("Uri").asText()
              : location.get("PublicationUri").asText());
    }
    List<String> problems = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    Deque<String> todo = new ArrayDeque<>(List.of("/redfish/v1/"));
    int described = 0;
    while (!todo.isEmpty() && seen.size() < 1500) {
      String uri = todo.removeFirst();
      if (!seen.add(uri)) {
        continue;
      }
      HttpResponse<String> r = client.get(uri, ADMIN);
      if (r.statusCode() != 200) {
        continue;
      }
      JsonNode body = json(r);
      for (String link : body.findValuesAsText("@odata.id")) {
        String target = link.split("#")[0];
        if (target.startsWith("/redfish/v1") && !seen.contains(target)) {
          todo.add(target);
        }
      }
      String type = body.path("@odata.type").asText();
      String namespace = type.isEmpty() ? "" : type.substring(1, type.lastIndexOf('.'));
      String expected = located.get(namespace);
      String link = r.headers().firstValue("Link").orElse("(none)");
      if (expected == null) {
        problems.add(uri + ": " + type + " is not listed in /redfish/v1/JsonSchemas");
      } else if (!link.equals("<" + expected + ">; rel=describedby")) {
        problems.add(uri + ": Link " + link + ", expected <" + expected + ">; rel=describedby");
      } else {
        described++;
      }
    }
    assertEquals(List.of(), problems);
    assertTrue(described > 100, "crawled only " + described + " resources");

    HttpResponse<String> head = client.send("HEAD", "/redfish/v1/Chassis/GPUChassis", READER, null);
    assertEquals(
        "<http://redfish.dmtf.org/schemas/v1/Chassis.v1_28_0.json>; rel=describedby",
        head.headers().firstValue("Link").orElse("(none)"));
    HttpResponse<String> collection = client.get("/redfish/v1/Chassis?$top=1", READER);
    assertEquals(
        "<http://redfish.dmtf.org/schemas/v1/ChassisCollection.json>; rel=describedby",
        collection.headers().firstValue("Link").orElse("(none)"),
        "also with query options");
  }

  @Test
  void a_session_is_created_by_a_post_to_the_members_of_sessions_without_prior_authentication()
      throws Exception {
    HttpResponse<String> created =
        client.send(
            "POST",
            SESSIONS + "/Members",
            null,
            "{\"UserName\":\"operator\",\"Password\":\"" + TestAgent.OPERATOR_PASSWORD + "\"}");
    assertEquals(201, created.statusCode(), created.body());
    String token = created.headers().firstValue("X-Auth-Token").orElseThrow();
    String location = created.headers().firstValue("Location").orElseThrow();
    assertTrue(
        location.startsWith(SESSIONS + "/") && !location.startsWith(SESSIONS + "/Members"),
        location);
    assertEquals(location, json(created).get("@odata.id").asText());
    assertEquals(200, client.send("GET", location, "token:" + token, null).statusCode());
    assertEquals(204, client.send("DELETE", location, "token:" + token, null).statusCode());

    HttpResponse<String> wrong =
        client.send(
            "POST",
            SESSIONS + "/Members",
            null,
            "{\"UserName\":\"operator\",\"Password\":\"wrong\"}");
    assertEquals(401, wrong.statusCode(), wrong.body());
    HttpResponse<String> get = client.get(SESSIONS + "/Members", ADMIN);
    assertEquals(405, get.statusCode(), "Members names the collection's POST only, not a session");
    assertEquals("POST", get.headers().firstValue("Allow").orElse(""));
  }

  @Test
  void every_collection_that_takes_a_post_takes_it_at_its_members_with_the_same_privilege()
      throws Exception {
    HttpResponse<String> account =
        client.send(
            "POST",
            ACCOUNTS + "/Members",
            ADMIN,
            "{\"UserName\":\"members-user\",\"Password\":\"members-password-1\",\"RoleId\":\"ReadOnly\"}");
    assertEquals(201, account.statusCode(), account.body());
    String accountUri = account.headers().firstValue("Location").orElseThrow();
    assertEquals("members-user", json(client.get(accountUri, ADMIN)).get("UserName").asText());
    assertEquals(
        403,
        client
            .send(
                "POST",
                ACCOUNTS + "/Members",
                READER,
                "{\"UserName\":\"no\",\"Password\":\"members-password-1\",\"RoleId\":\"ReadOnly\"}")
            .statusCode());
    assertEquals(401, client.send("POST", ACCOUNTS + "/Members", null, "{}").statusCode());
    assertEquals(204, client.send("DELETE", accountUri, ADMIN, null).statusCode());

    HttpResponse<String> subscription =
        client.send(
            "POST",
            SUBSCRIPTIONS + "/Members",
            ADMIN,
            "{\"Destination\": \"https://192.0.2.10/members\", \"Protocol\": \"Redfish\"}");
    assertEquals(201, subscription.statusCode(), subscription.body());
    String subscriptionUri = subscription.headers().firstValue("Location").orElseThrow();
    assertTrue(subscriptionUri.startsWith(SUBSCRIPTIONS + "/"), subscriptionUri);
    assertEquals(204, client.send("DELETE", subscriptionUri, ADMIN, null).statusCode());
    assertEquals(403, client.send("POST", SUBSCRIPTIONS + "/Members", READER, "{}").statusCode());

    // The same handler answers: the same refusal of the same bad request.
    HttpResponse<String> collection = client.send("POST", "/redfish/v1/Systems", ADMIN, "{}");
    HttpResponse<String> members = client.send("POST", "/redfish/v1/Systems/Members", ADMIN, "{}");
    assertEquals(400, members.statusCode(), members.body());
    assertEquals(collection.statusCode(), members.statusCode());
    assertEquals(json(collection).at("/error/code"), json(members).at("/error/code"));
    assertEquals(
        403, client.send("POST", "/redfish/v1/Systems/Members", READER, "{}").statusCode());
  }

  @Test
  void security_log_entries_are_auto_expanded_and_paged_like_the_event_log() throws Exception {
    for (int i = 0; i < 3; i++) {
      client.send("PATCH", "/redfish/v1/SessionService", ADMIN, "{\"SessionTimeout\": 1800}");
    }
    JsonNode all = waitForEntries(SECURITY_LOG, 4);
    int total = all.get("Members@odata.count").asInt();
    assertEquals(total, all.get("Members").size());
    for (JsonNode member : all.get("Members")) {
      assertEntry(member);
      assertEquals(
          identity(member),
          identity(json(client.get(member.get("@odata.id").asText(), READER))),
          "the entry as its own URI has it");
    }
    assertPagedLikeTheCollection(SECURITY_LOG, all);

    HttpResponse<String> submitted =
        client.send(
            "POST",
            "/redfish/v1/EventService/Actions/EventService.SubmitTestEvent",
            ADMIN,
            "{\"MessageId\": \"ResourceEvent.1.4.3.TestMessage\"}");
    assertEquals(204, submitted.statusCode(), submitted.body());
    client.send(
        "POST",
        "/redfish/v1/EventService/Actions/EventService.SubmitTestEvent",
        ADMIN,
        "{\"MessageId\": \"ResourceEvent.1.4.3.TestMessage\"}");
    JsonNode events = waitForEntries(EVENT_LOG, 2);
    events.get("Members").forEach(RedfishLetterIT::assertEntry);
    assertPagedLikeTheCollection(EVENT_LOG, events);
  }

  private static void assertEntry(JsonNode member) {
    assertEquals(
        "#LogEntry.v1_21_0.LogEntry", member.path("@odata.type").asText(), member::toString);
    assertTrue(
        member.has("Id")
            && member.has("MessageId")
            && member.has("Message")
            && member.has("Created"),
        member::toString);
  }

  /**
   * $top and $skip cut the same expanded members the whole collection has, and nextLink walks them
   * all once.
   */
  private static void assertPagedLikeTheCollection(String uri, JsonNode all) throws Exception {
    int total = all.get("Members@odata.count").asInt();
    JsonNode page = json(client.get(uri + "?$top=1&$skip=1", READER));
    assertEquals(1, page.get("Members").size());
    // entries are recorded off the request's thread, so more may have come since; they come after
    // these
    assertTrue(page.get("Members@odata.count").asInt() >= total, page::toString);
    assertEntry(page.get("Members").get(0));
    assertEquals(identity(all.get("Members").get(1)), identity(page.get("Members").get(0)));
    if (total > 2) {
      assertTrue(page.get("Members@odata.nextLink").asText().contains("$skip=2"), page::toString);
    }
    // Entries recorded meanwhile come after these, so the walk starts with the same ones.
    List<String> walked = new ArrayList<>();
    String next = uri + "?$top=2";
    while (next != null) {
      JsonNode p = json(client.get(next, READER));
      p.get("Members")
          .forEach(
              m -> {
                assertEntry(m);
                walked.add(identity(m));
              });
      next = p.has("Members@odata.nextLink") ? p.get("Members@odata.nextLink").asText() : null;
    }
    List<String> expected = new ArrayList<>();
    all.get("Members").forEach(m -> expected.add(identity(m)));
    assertTrue(walked.size() >= total, "the walk visits every entry");
    assertEquals(expected, walked.subList(0, total));
  }

  /** What does not change once an entry is recorded. */
  private static String identity(JsonNode entry) {
    return entry.path("@odata.id").asText()
        + " "
        + entry.path("MessageId").asText()
        + " "
        + entry.path("Created").asText();
  }

  /**
   * The log's Entries once it holds at least {@code count} (entries are recorded off the request's
   * thread).
   */
  private static JsonNode waitForEntries(String uri, int count) throws Exception {
    Instant deadline = Instant.now().plus(Duration.ofSeconds(20));
    while (true) {
      JsonNode entries = json(client.get(uri, READER));
      if (entries.get("Members@odata.count").asInt() >= count || Instant.now().isAfter(deadline)) {
        assertTrue(entries.get("Members@odata.count").asInt() >= count, entries::toString);
        return entries;
      }
      Thread.sleep(50);
    }
  }

  @Test
  void every_registry_the_agent_uses_is_served_by_the_agent_itself() throws Exception {
    Optional<RedfishSchemaValidator> validator = RedfishSchemaValidator.locate();
    List<String> problems = new ArrayList<>();
    Set<String> files = new LinkedHashSet<>();
    for (JsonNode member : json(client.get("/redfish/v1/Registries", READER)).get("Members")) {
      JsonNode registryFile = json(client.get(member.get("@odata.id").asText(), READER));
      String registry = registryFile.get("Registry").asText();
      JsonNode location = registryFile.at("/Location/0");
      String uri = location.path("Uri").asText();
      if (!uri.startsWith("/redfish/v1/Registries/" + registry + "/")) {
        problems.add(registry + ": Location.Uri '" + uri + "' is not on the agent");
        continue;
      }
      HttpResponse<String> r = client.get(uri, READER);
      if (r.statusCode() != 200) {
        problems.add(registry + ": " + uri + " answered " + r.statusCode());
        continue;
      }
      files.add(uri);
      JsonNode file = json(r);
      String id = file.path("Id").asText();
      if (!file.path("@odata.type").asText().startsWith("#MessageRegistry.")
          || !id.startsWith(registry + ".")
          || !id.equals(
              file.path("RegistryPrefix").asText() + "." + file.path("RegistryVersion").asText())
          || file.path("Messages").isEmpty()) {
        problems.add(registry + ": " + uri + " is not its registry: " + file);
      }
      boolean dmtf = "DMTF".equals(file.path("OwningEntity").asText());
      if (dmtf
          && !location
              .path("PublicationUri")
              .asText()
              .equals("https://redfish.dmtf.org/registries/" + id + ".json")) {
        problems.add(registry + ": PublicationUri " + location.path("PublicationUri"));
      }
      if (validator.isPresent()) {
        validator.get().validate(file).forEach(p -> problems.add(uri + ": " + p));
      }
    }
    assertEquals(List.of(), problems);
    assertTrue(
        files.contains("/redfish/v1/Registries/Base.1.22/Base.1.22.1.json"), files::toString);

    // What the agent answers with is explained by the file it serves.
    JsonNode error =
        json(client.get("/redfish/v1/Chassis/NoSuchChassis", READER))
            .at("/error/@Message.ExtendedInfo/0");
    JsonNode base = json(client.get("/redfish/v1/Registries/Base.1.22/Base.1.22.1.json", READER));
    String key = error.get("MessageId").asText().substring("Base.1.22.1.".length());
    JsonNode definition = base.at("/Messages/" + key);
    assertFalse(definition.isMissingNode(), key);
    String text = definition.get("Message").asText();
    for (int i = error.get("MessageArgs").size(); i >= 1; i--) {
      text = text.replace("%" + i, error.get("MessageArgs").get(i - 1).asText());
    }
    assertEquals(error.get("Message").asText(), text);
    assertTrue(
        client
            .get("/redfish/v1/Registries/Base.1.22/Base.1.22.1.json", READER)
            .headers()
            .firstValue("ETag")
            .isPresent());

    assertEquals(
        404, client.get("/redfish/v1/Registries/Base.1.22/Base.1.21.0.json", READER).statusCode());
    assertEquals(
        404,
        client.get("/redfish/v1/Registries/NoSuch.1.0/NoSuch.1.0.0.json", READER).statusCode());
    assertEquals(
        401, client.get("/redfish/v1/Registries/Base.1.22/Base.1.22.1.json", null).statusCode());
  }
}

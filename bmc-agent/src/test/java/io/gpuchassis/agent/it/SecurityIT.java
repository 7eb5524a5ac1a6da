package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.basic;
import static io.gpuchassis.agent.it.AgentClient.json;
import static io.gpuchassis.agent.it.TestAgent.ADMIN;
import static io.gpuchassis.agent.it.TestAgent.OPERATOR;
import static io.gpuchassis.agent.it.TestAgent.READER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sessions, accounts, roles, lockout, the password-change flow and the security log, over real
 * HTTPS.
 */
class SecurityIT {

  @TempDir static Path stateDir;
  static TestAgent agent;
  static AgentClient client;
  static final AtomicInteger names = new AtomicInteger();

  @BeforeAll
  static void start() throws Exception {
    agent = TestAgent.start(stateDir);
    client = agent.client;
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  static String login(String user, String password) throws Exception {
    HttpResponse<String> r =
        client.send(
            "POST",
            "/redfish/v1/SessionService/Sessions",
            null,
            "{\"UserName\":\"" + user + "\",\"Password\":\"" + password + "\"}");
    assertEquals(201, r.statusCode(), r.body());
    return r.headers().firstValue("X-Auth-Token").orElseThrow();
  }

  /** Creates an account as admin; returns its URI. */
  static String createAccount(String user, String password, String role) throws Exception {
    HttpResponse<String> r =
        client.send(
            "POST",
            "/redfish/v1/AccountService/Accounts",
            ADMIN,
            "{\"UserName\":\""
                + user
                + "\",\"Password\":\""
                + password
                + "\",\"RoleId\":\""
                + role
                + "\"}");
    assertEquals(201, r.statusCode(), r.body());
    return r.headers().firstValue("Location").orElseThrow();
  }

  static String uniqueName() {
    return "user" + names.incrementAndGet();
  }

  @Test
  void a_session_is_created_used_read_and_closed() throws Exception {
    HttpResponse<String> created =
        client.send(
            "POST",
            "/redfish/v1/SessionService/Sessions",
            null,
            "{\"UserName\":\"operator\",\"Password\":\""
                + TestAgent.OPERATOR_PASSWORD
                + "\",\"Context\":\"it\"}");
    assertEquals(201, created.statusCode(), created.body());
    String token = created.headers().firstValue("X-Auth-Token").orElseThrow();
    String location = created.headers().firstValue("Location").orElseThrow();
    JsonNode session = json(created);
    assertEquals(location, session.get("@odata.id").asText());
    assertEquals("operator", session.get("UserName").asText());
    assertEquals("it", session.get("Context").asText());
    assertFalse(session.has("Password"), "the password is never echoed");

    assertEquals(
        200, client.send("GET", "/redfish/v1/Chassis", "token:" + token, null).statusCode());
    assertEquals(200, client.send("GET", location, "token:" + token, null).statusCode());
    assertEquals(
        404, client.send("GET", location, READER, null).statusCode(), "others do not see it");
    assertEquals(
        200, client.send("GET", location, ADMIN, null).statusCode(), "ConfigureManager sees all");

    assertEquals(204, client.send("DELETE", location, "token:" + token, null).statusCode());
    HttpResponse<String> after = client.send("GET", "/redfish/v1/Chassis", "token:" + token, null);
    assertEquals(401, after.statusCode(), "the token ends with the session");
  }

  @Test
  void bad_logins_and_bad_tokens_are_401_and_open_nothing() throws Exception {
    int before =
        json(client.get("/redfish/v1/SessionService/Sessions", ADMIN))
            .get("Members@odata.count")
            .asInt();
    for (String body :
        new String[] {
          "{\"UserName\":\"operator\",\"Password\":\"wrong-password-1\"}",
          "{\"UserName\":\"nobody\",\"Password\":\"whatever-pass\"}"
        }) {
      HttpResponse<String> r =
          client.send("POST", "/redfish/v1/SessionService/Sessions", null, body);
      assertEquals(401, r.statusCode(), body);
      assertTrue(r.headers().firstValue("X-Auth-Token").isEmpty());
    }
    assertEquals(
        400,
        client
            .send("POST", "/redfish/v1/SessionService/Sessions", null, "{\"UserName\":\"x\"}")
            .statusCode(),
        "missing password");
    assertEquals(
        400,
        client.send("POST", "/redfish/v1/SessionService/Sessions", null, "{nope").statusCode());
    assertEquals(
        401, client.send("GET", "/redfish/v1/Chassis", "token:not-a-token", null).statusCode());
    assertEquals(
        before,
        json(client.get("/redfish/v1/SessionService/Sessions", ADMIN))
            .get("Members@odata.count")
            .asInt());
  }

  @Test
  void the_session_timeout_is_writable_within_its_bounds() throws Exception {
    HttpResponse<String> r =
        client.send("PATCH", "/redfish/v1/SessionService", ADMIN, "{\"SessionTimeout\":600}");
    assertEquals(200, r.statusCode(), r.body());
    assertEquals(
        600, json(client.get("/redfish/v1/SessionService", READER)).get("SessionTimeout").asInt());
    HttpResponse<String> tooShort =
        client.send("PATCH", "/redfish/v1/SessionService", ADMIN, "{\"SessionTimeout\":5}");
    assertEquals(400, tooShort.statusCode());
    assertEquals(
        "Base.1.22.1.PropertyValueOutOfRange",
        json(tooShort).at("/error/@Message.ExtendedInfo/0/MessageId").asText());
    assertEquals(
        403,
        client
            .send("PATCH", "/redfish/v1/SessionService", OPERATOR, "{\"SessionTimeout\":900}")
            .statusCode());
    assertEquals(
        600, json(client.get("/redfish/v1/SessionService", READER)).get("SessionTimeout").asInt());
    client.send("PATCH", "/redfish/v1/SessionService", ADMIN, "{\"SessionTimeout\":1800}");
  }

  @Test
  void accounts_are_created_read_changed_and_deleted_by_administrators() throws Exception {
    String name = uniqueName();
    String uri = createAccount(name, "a-good-password-1", "ReadOnly");
    JsonNode account = json(client.get(uri, ADMIN));
    assertEquals(name, account.get("UserName").asText());
    assertEquals("ReadOnly", account.get("RoleId").asText());
    assertTrue(
        account.has("Password") && account.get("Password").isNull(),
        "the password is write-only: it reads as null, as the schema prescribes");
    assertEquals(
        200, client.get("/redfish/v1/Chassis", basic(name, "a-good-password-1")).statusCode());

    HttpResponse<String> changed = client.send("PATCH", uri, ADMIN, "{\"RoleId\":\"Operator\"}");
    assertEquals(200, changed.statusCode(), changed.body());
    assertEquals("Operator", json(changed).get("RoleId").asText());

    assertEquals(204, client.send("DELETE", uri, ADMIN, null).statusCode());
    assertEquals(404, client.get(uri, ADMIN).statusCode());
    assertEquals(
        401, client.get("/redfish/v1/Chassis", basic(name, "a-good-password-1")).statusCode());
  }

  @Test
  void bad_account_requests_are_refused_and_change_nothing() throws Exception {
    int before =
        json(client.get("/redfish/v1/AccountService/Accounts", ADMIN))
            .get("Members@odata.count")
            .asInt();
    String[][] cases = {
      {
        "{\"UserName\":\"x1\",\"Password\":\"short\",\"RoleId\":\"ReadOnly\"}", "PropertyValueError"
      },
      {
        "{\"UserName\":\"x2\",\"Password\":\"long-enough-pass\",\"RoleId\":\"King\"}",
        "PropertyValueNotInList"
      },
      {
        "{\"UserName\":\"x3\",\"Password\":\"long-enough-pass\"}",
        "CreateFailedMissingReqProperties"
      },
      {
        "{\"UserName\":\"x4\",\"Password\":\"long-enough-pass\",\"RoleId\":\"ReadOnly\",\"Shoe\":1}",
        "PropertyUnknown"
      },
      {
        "{\"UserName\":\"bad name\",\"Password\":\"long-enough-pass\",\"RoleId\":\"ReadOnly\"}",
        "PropertyValueFormatError"
      },
      {
        "{\"UserName\":7,\"Password\":\"long-enough-pass\",\"RoleId\":\"ReadOnly\"}",
        "PropertyValueTypeError"
      },
      {
        "{\"UserName\":\"admin\",\"Password\":\"long-enough-pass\",\"RoleId\":\"ReadOnly\"}",
        "ResourceAlreadyExists"
      },
      {"[]", "MalformedJSON"},
    };
    for (String[] c : cases) {
      HttpResponse<String> r =
          client.send("POST", "/redfish/v1/AccountService/Accounts", ADMIN, c[0]);
      assertTrue(r.statusCode() == 400 || r.statusCode() == 409, c[0] + " -> " + r.statusCode());
      assertTrue(r.body().contains("Base.1.22.1." + c[1]), c[0] + " -> " + r.body());
    }
    assertEquals(
        403,
        client
            .send(
                "POST",
                "/redfish/v1/AccountService/Accounts",
                OPERATOR,
                "{\"UserName\":\"x9\",\"Password\":\"long-enough-pass\",\"RoleId\":\"ReadOnly\"}")
            .statusCode());
    assertEquals(
        before,
        json(client.get("/redfish/v1/AccountService/Accounts", ADMIN))
            .get("Members@odata.count")
            .asInt());
  }

  @Test
  void an_account_may_read_itself_and_change_only_its_own_password() throws Exception {
    String name = uniqueName();
    String uri = createAccount(name, "first-password-1", "ReadOnly");
    String self = basic(name, "first-password-1");
    assertEquals(200, client.get(uri, self).statusCode());
    String adminUri =
        json(client.get("/redfish/v1/AccountService/Accounts", ADMIN))
            .at("/Members/0/@odata.id")
            .asText();
    assertEquals(404, client.get(adminUri, self).statusCode(), "another account is invisible");
    assertEquals(
        403, client.send("PATCH", uri, self, "{\"RoleId\":\"Administrator\"}").statusCode());
    assertEquals("ReadOnly", json(client.get(uri, ADMIN)).get("RoleId").asText());

    assertEquals(
        200, client.send("PATCH", uri, self, "{\"Password\":\"second-password-2\"}").statusCode());
    assertEquals(401, client.get("/redfish/v1/Chassis", self).statusCode());
    assertEquals(
        200, client.get("/redfish/v1/Chassis", basic(name, "second-password-2")).statusCode());
  }

  @Test
  void a_patch_with_good_and_bad_properties_applies_the_good_and_reports_the_bad()
      throws Exception {
    String uri = createAccount(uniqueName(), "partial-password-1", "ReadOnly");
    HttpResponse<String> r =
        client.send("PATCH", uri, ADMIN, "{\"RoleId\":\"Operator\",\"Id\":\"9\",\"Hat\":1}");
    assertEquals(200, r.statusCode(), r.body());
    JsonNode body = json(r);
    assertEquals("Operator", body.get("RoleId").asText());
    String infos = body.get("@Message.ExtendedInfo").toString();
    assertTrue(infos.contains("PropertyNotWritable") && infos.contains("PropertyUnknown"), infos);

    HttpResponse<String> none = client.send("PATCH", uri, ADMIN, "{\"Id\":\"9\"}");
    assertEquals(400, none.statusCode(), "nothing writable: 400");
    assertEquals(400, client.send("PATCH", uri, ADMIN, "{}").statusCode());
  }

  @Test
  void etags_guard_changes_and_make_polling_cheap() throws Exception {
    String uri = createAccount(uniqueName(), "etag-password-1", "ReadOnly");
    HttpResponse<String> first = client.get(uri, ADMIN);
    String etag = first.headers().firstValue("ETag").orElseThrow();
    HttpResponse<String> notModified = client.send("GET", uri, ADMIN, null, "If-None-Match", etag);
    assertEquals(304, notModified.statusCode());
    assertEquals("", notModified.body());

    assertEquals(
        412,
        client
            .send("PATCH", uri, ADMIN, "{\"Enabled\":false}", "If-Match", "\"stale\"")
            .statusCode());
    assertTrue(json(client.get(uri, ADMIN)).get("Enabled").asBoolean(), "412 changed nothing");
    assertEquals(
        200,
        client.send("PATCH", uri, ADMIN, "{\"Enabled\":false}", "If-Match", etag).statusCode());
    assertEquals(
        200,
        client.send("GET", uri, ADMIN, null, "If-None-Match", etag).statusCode(),
        "changed: new ETag");
  }

  @Test
  void the_last_enabled_administrator_cannot_be_removed_or_disabled() throws Exception {
    String adminUri =
        json(client.get("/redfish/v1/AccountService/Accounts", ADMIN))
            .at("/Members/0/@odata.id")
            .asText();
    assertEquals(409, client.send("PATCH", adminUri, ADMIN, "{\"Enabled\":false}").statusCode());
    assertEquals(
        409, client.send("PATCH", adminUri, ADMIN, "{\"RoleId\":\"ReadOnly\"}").statusCode());
    assertEquals(409, client.send("DELETE", adminUri, ADMIN, null).statusCode());
    assertEquals(200, client.get("/redfish/v1/Chassis", ADMIN).statusCode());
  }

  @Test
  void repeated_failures_lock_an_account_until_an_administrator_unlocks_it() throws Exception {
    String name = uniqueName();
    String uri = createAccount(name, "lockable-password-1", "Operator");
    for (int i = 0; i < 5; i++) {
      assertEquals(
          401, client.get("/redfish/v1/Chassis", basic(name, "wrong-password-" + i)).statusCode());
    }
    assertEquals(
        401,
        client.get("/redfish/v1/Chassis", basic(name, "lockable-password-1")).statusCode(),
        "locked: even the right password is refused");
    assertTrue(json(client.get(uri, ADMIN)).get("Locked").asBoolean());
    assertEquals(200, client.send("PATCH", uri, ADMIN, "{\"Locked\":false}").statusCode());
    assertEquals(
        200, client.get("/redfish/v1/Chassis", basic(name, "lockable-password-1")).statusCode());
    assertEquals(
        400, client.send("PATCH", uri, ADMIN, "{\"Locked\":true}").statusCode(), "only unlocking");
  }

  @Test
  void an_account_that_must_change_its_password_can_do_only_that() throws Exception {
    String name = uniqueName();
    HttpResponse<String> created =
        client.send(
            "POST",
            "/redfish/v1/AccountService/Accounts",
            ADMIN,
            "{\"UserName\":\""
                + name
                + "\",\"Password\":\"initial-password-1\",\"RoleId\":\"Operator\","
                + "\"PasswordChangeRequired\":true}");
    assertEquals(201, created.statusCode(), created.body());
    String uri = created.headers().firstValue("Location").orElseThrow();

    HttpResponse<String> session =
        client.send(
            "POST",
            "/redfish/v1/SessionService/Sessions",
            null,
            "{\"UserName\":\"" + name + "\",\"Password\":\"initial-password-1\"}");
    assertEquals(201, session.statusCode());
    assertTrue(session.body().contains("PasswordChangeRequired"), session.body());
    String token = "token:" + session.headers().firstValue("X-Auth-Token").orElseThrow();

    HttpResponse<String> refused = client.send("GET", "/redfish/v1/Chassis", token, null);
    assertEquals(403, refused.statusCode());
    assertEquals("Base.1.22.1.PasswordChangeRequired", json(refused).at("/error/code").asText());
    assertEquals(200, client.send("GET", uri, token, null).statusCode());
    assertEquals(
        200, client.send("PATCH", uri, token, "{\"Password\":\"chosen-password-2\"}").statusCode());
    assertEquals(
        200,
        client.send("GET", "/redfish/v1/Chassis", token, null).statusCode(),
        "free after the change");
    assertFalse(json(client.get(uri, ADMIN)).get("PasswordChangeRequired").asBoolean());
  }

  @Test
  void roles_are_the_three_predefined_ones_and_cannot_be_changed() throws Exception {
    JsonNode roles = json(client.get("/redfish/v1/AccountService/Roles", READER));
    assertEquals(3, roles.get("Members@odata.count").asInt());
    JsonNode operator = json(client.get("/redfish/v1/AccountService/Roles/Operator", READER));
    assertTrue(operator.get("IsPredefined").asBoolean());
    assertEquals(
        "[\"Login\",\"ConfigureComponents\",\"ConfigureSelf\"]".length(),
        operator.get("AssignedPrivileges").toString().length());
    assertEquals(
        405,
        client
            .send("PATCH", "/redfish/v1/AccountService/Roles/Operator", ADMIN, "{}")
            .statusCode());
  }

  @Test
  void the_security_log_records_logins_and_writes() throws Exception {
    client.get("/redfish/v1/Chassis", basic("operator", "definitely-wrong-1"));
    client.send("PATCH", "/redfish/v1/SessionService", ADMIN, "{\"SessionTimeout\":1800}");
    client.send("PATCH", "/redfish/v1/SessionService", READER, "{\"SessionTimeout\":1800}");
    String write = "PATCH /redfish/v1/SessionService by 'admin' from 127.0.0.1 answered 200";
    String refused = "PATCH /redfish/v1/SessionService by 'reader' from 127.0.0.1 answered 403";
    // Write requests are recorded right after their response is sent: allow the log a moment.
    String all = "";
    for (int i = 0; i < 50 && !(all.contains(write) && all.contains(refused)); i++) {
      Thread.sleep(20);
      all =
          json(client.get(
                  "/redfish/v1/Managers/BMC/LogServices/SecurityLog/Entries?$expand=.", ADMIN))
              .get("Members")
              .toString();
    }
    assertTrue(all.contains("AccountSecurity.1.0.1.InvalidCredentials"), "login failure recorded");
    assertTrue(all.contains("AccountSecurity.1.0.1.SuccessfulLogin"), "login recorded");
    assertTrue(all.contains(write), "write recorded");
    assertTrue(all.contains(refused), "refused write recorded with the caller's name");
  }
}

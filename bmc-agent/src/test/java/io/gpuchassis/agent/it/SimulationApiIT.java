package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.basic;
import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.Agent;
import io.gpuchassis.agent.config.AgentConfig;
import io.gpuchassis.agent.config.ListenAddress;
import io.gpuchassis.agent.config.SimulationSpeed;
import io.gpuchassis.agent.fault.FaultException;
import io.gpuchassis.agent.fault.FaultKind;
import io.gpuchassis.agent.security.AccountRepository;
import io.gpuchassis.agent.security.PasswordHasher;
import io.gpuchassis.agent.security.Role;
import io.gpuchassis.agent.security.TestPasswordHashing;
import io.gpuchassis.agent.store.AgentStore;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The simulation control API over real HTTPS: administrators only, faults injected and cleared
 * through the registered kinds, bad requests refused with Redfish errors and no change.
 */
class SimulationApiIT {

  static final String ADMIN = basic("admin", "sim-admin-password");
  static final String OPERATOR = basic("operator", "operator-password");
  static final String TARGET = "/redfish/v1/Chassis/GPUChassis";

  @TempDir static Path stateDir;
  static Agent agent;
  static AgentClient client;

  /** What the test fault kind was asked to do, in order. */
  static final List<String> effects = new CopyOnWriteArrayList<>();

  @BeforeAll
  static void start() throws Exception {
    try (AgentStore store = AgentStore.open(stateDir)) {
      PasswordHasher hasher = TestPasswordHashing.hasher();
      AccountRepository accounts = new AccountRepository(store);
      accounts.create(
          "admin",
          hasher.hash("sim-admin-password"),
          Role.Administrator,
          true,
          false,
          Instant.now());
      accounts.create(
          "operator", hasher.hash("operator-password"), Role.Operator, true, false, Instant.now());
    }
    agent =
        Agent.start(
            AgentConfig.defaults()
                .withListen(new ListenAddress("127.0.0.1", 0))
                .withStateDir(stateDir)
                .withSimulationSpeed(SimulationSpeed.FAST),
            Map.of(),
            TestPasswordHashing.hasher());
    agent.faults().orElseThrow().register(new RecordingKind());
    client = new AgentClient(agent.port(), stateDir.resolve("tls/https-cert.pem"));
  }

  @AfterAll
  static void stop() {
    if (agent != null) {
      agent.close();
    }
  }

  @Test
  void only_administrators_reach_the_api() throws Exception {
    assertEquals(401, client.get("/sim/v1/faults", null).statusCode());
    HttpResponse<String> operator = client.get("/sim/v1/faults", OPERATOR);
    assertEquals(403, operator.statusCode());
    assertEquals("Base.1.22.1.InsufficientPrivilege", json(operator).at("/error/code").asText());
    assertEquals(
        403,
        client
            .send(
                "POST",
                "/sim/v1/faults",
                OPERATOR,
                "{\"kind\":\"test-glitch\",\"target\":\"" + TARGET + "\"}")
            .statusCode());
    assertEquals(200, client.get("/sim/v1/faults", ADMIN).statusCode());
  }

  @Test
  void a_fault_is_listed_injected_shown_and_cleared() throws Exception {
    JsonNode listing = json(client.get("/sim/v1/faults", ADMIN));
    assertTrue(listing.get("kinds").findValuesAsText("kind").contains("test-glitch"));

    HttpResponse<String> created =
        client.send(
            "POST",
            "/sim/v1/faults",
            ADMIN,
            "{\"kind\":\"test-glitch\",\"target\":\"" + TARGET + "\"}");
    assertEquals(201, created.statusCode(), created.body());
    String location = created.headers().firstValue("Location").orElseThrow();
    JsonNode fault = json(created);
    assertEquals("/sim/v1/faults/" + fault.get("id").asText(), location);
    assertEquals(TARGET, fault.get("target").asText());
    assertTrue(effects.contains("inject " + TARGET));

    assertEquals(200, client.get(location, ADMIN).statusCode());
    assertTrue(
        json(client.get("/sim/v1/faults", ADMIN))
            .get("active")
            .findValuesAsText("id")
            .contains(fault.get("id").asText()));

    assertEquals(204, client.send("DELETE", location, ADMIN, null).statusCode());
    assertTrue(effects.contains("clear " + TARGET));
    assertEquals(404, client.get(location, ADMIN).statusCode());
    assertEquals(404, client.send("DELETE", location, ADMIN, null).statusCode());
  }

  @Test
  void bad_requests_are_refused_and_change_nothing() throws Exception {
    int before = json(client.get("/sim/v1/faults", ADMIN)).get("active").size();
    int effectsBefore = effects.size();

    expectError(client.send("POST", "/sim/v1/faults", ADMIN, "{not json"), 400, "MalformedJSON");
    expectError(client.send("POST", "/sim/v1/faults", ADMIN, "[1,2]"), 400, "MalformedJSON");
    expectError(
        client.send("POST", "/sim/v1/faults", ADMIN, "{\"target\":\"" + TARGET + "\"}"),
        400,
        "PropertyMissing");
    expectError(
        client.send("POST", "/sim/v1/faults", ADMIN, "{\"kind\":7,\"target\":\"" + TARGET + "\"}"),
        400,
        "PropertyValueTypeError");
    HttpResponse<String> unknownKind =
        client.send(
            "POST", "/sim/v1/faults", ADMIN, "{\"kind\":\"meteor\",\"target\":\"" + TARGET + "\"}");
    expectError(unknownKind, 400, "PropertyValueNotInList");
    assertTrue(
        json(unknownKind).at("/error/message").asText().contains("test-glitch"),
        unknownKind.body());
    expectError(
        client.send(
            "POST",
            "/sim/v1/faults",
            ADMIN,
            "{\"kind\":\"test-glitch\",\"target\":\"/redfish/v1/Nope\"}"),
        400,
        "PropertyValueIncorrect");
    expectError(
        client.send(
            "POST",
            "/sim/v1/faults",
            ADMIN,
            "{\"kind\":\"test-glitch\",\"target\":\"" + TARGET + "\",\"extra\":1}"),
        400,
        "PropertyUnknown");
    expectError(client.send("PUT", "/sim/v1/faults", ADMIN, "{}"), 405, "OperationNotAllowed");

    assertEquals(before, json(client.get("/sim/v1/faults", ADMIN)).get("active").size());
    assertEquals(effectsBefore, effects.size());
  }

  private static void expectError(HttpResponse<String> r, int status, String messageKey)
      throws Exception {
    assertEquals(status, r.statusCode(), r.body());
    assertEquals(
        "Base.1.22.1." + messageKey,
        json(r).at("/error/@Message.ExtendedInfo/0/MessageId").asText());
  }

  /**
   * A fault kind that only records what it is asked to do and accepts only the chassis as its
   * target.
   */
  static final class RecordingKind implements FaultKind {
    @Override
    public String name() {
      return "test-glitch";
    }

    @Override
    public String description() {
      return "Records injection and clearing (test only).";
    }

    @Override
    public ActiveEffect inject(String target) {
      if (!TARGET.equals(target)) {
        throw new FaultException(
            FaultException.Reason.BAD_TARGET, "test-glitch only affects " + TARGET);
      }
      effects.add("inject " + target);
      return () -> effects.add("clear " + target);
    }
  }
}

package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.config.OutboundPolicy;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding 19 (subscriptions), one Operator takes every subscription: it used to create all 20.
 * Against the running agent: an account gets at most 10 of the 20 by default, and the last ones are
 * kept for callers with ConfigureManager, so an administrator can always subscribe.
 */
class AttackSubscriptionCapIT {

  static final String SUBSCRIPTIONS = "/redfish/v1/EventService/Subscriptions";

  @TempDir static Path stateDir;
  static TestAgent agent;

  @BeforeAll
  static void start() throws Exception {
    agent = TestAgent.start(stateDir);
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  static HttpResponse<String> subscribe(TestAgent on, String authorization, String name)
      throws Exception {
    return on.client.send(
        "POST",
        SUBSCRIPTIONS,
        authorization,
        "{\"Destination\": \"https://192.0.2.10/events/" + name + "\", \"Protocol\": \"Redfish\"}");
  }

  static void assertRefused(HttpResponse<String> r, String why) throws Exception {
    assertEquals(503, r.statusCode(), r.body());
    assertEquals(
        "Base.1.22.1.EventSubscriptionLimitExceeded",
        json(r).at("/error/@Message.ExtendedInfo/0/MessageId").asText());
    assertTrue(r.body().contains(why), r.body());
  }

  @Test
  void an_operator_gets_ten_subscriptions_and_an_administrator_still_gets_one() throws Exception {
    List<String> created = new ArrayList<>();
    try {
      for (int i = 0; i < 10; i++) {
        HttpResponse<String> r = subscribe(agent, TestAgent.OPERATOR, "operator-" + i);
        assertEquals(201, r.statusCode(), r.body());
        created.add(r.headers().firstValue("Location").orElseThrow());
      }
      assertRefused(
          subscribe(agent, TestAgent.OPERATOR, "operator-11"), "the most one account may");
      HttpResponse<String> admin = subscribe(agent, TestAgent.ADMIN, "admin");
      assertEquals(201, admin.statusCode(), admin.body());
      created.add(admin.headers().firstValue("Location").orElseThrow());
    } finally {
      for (String s : created) {
        agent.client.send("DELETE", s, TestAgent.ADMIN, null);
      }
    }
  }

  @Test
  void the_last_subscriptions_are_kept_for_callers_with_configure_manager(@TempDir Path dir)
      throws Exception {
    try (TestAgent small =
        TestAgent.start(
            dir, c -> c.withOutbound(OutboundPolicy.DEFAULT.withSubscriptions(6, 6, 2)))) {
      for (int i = 0; i < 4; i++) {
        assertEquals(201, subscribe(small, TestAgent.OPERATOR, "operator-" + i).statusCode());
      }
      assertRefused(
          subscribe(small, TestAgent.OPERATOR, "operator-5"),
          "kept for callers with ConfigureManager");
      assertEquals(201, subscribe(small, TestAgent.ADMIN, "admin-1").statusCode());
      assertEquals(201, subscribe(small, TestAgent.ADMIN, "admin-2").statusCode());
      assertRefused(
          subscribe(small, TestAgent.ADMIN, "admin-3"), "all 6 event subscriptions are in use");
    }
  }
}

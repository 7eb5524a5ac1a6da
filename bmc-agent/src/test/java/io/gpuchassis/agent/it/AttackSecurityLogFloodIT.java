package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.basic;
import static io.gpuchassis.agent.it.LoginAttacks.authentication;
import static io.gpuchassis.agent.it.LoginAttacks.createAccount;
import static io.gpuchassis.agent.it.LoginAttacks.securityLog;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding 2: anonymous failed logins wiped the security log. After the lockout of {@code admin},
 * every further guess still wrote an entry, and ~1,200 guesses a second from one address replaced
 * all 10,000 entries within seconds, taking the record of real changes with them. Now guesses
 * beyond an address's login rate are refused before any hashing (429 with Retry-After), repeats are
 * folded into one summary with their count, and entries of unauthenticated clients wrap within a
 * share of their own.
 */
class AttackSecurityLogFloodIT {

  static final int ATTEMPTS = 10_000;

  /** Short, so that the test sees the summaries soon; the default is a minute. */
  static final int WINDOW_SECONDS = 5;

  static final String[] ATTACKERS = {"127.0.0.11", "127.0.0.12", "127.0.0.13", "127.0.0.14"};
  static final String[] NAMES = {"admin", "root", "administrator", "operator"};

  // the slow tier (-Pall): 10,000 guesses, up to a minute and a half on a busy machine
  @Tag("slow")
  @Test
  void ten_thousand_anonymous_failed_logins_leave_every_earlier_entry_in_place(
      @TempDir Path stateDir) throws Exception {
    // A login rate well below what one password-check thread hashes even on a loaded machine: with
    // the defaults (20,
    // then 60 a minute per address) four sequential guessers stay within their rates whenever a
    // hash takes more than
    // 250 ms, as on a busy machine: nearly every guess is then hashed, one at a time (10,000
    // hashes: over an hour).
    String limits =
        "failureSummaryWindow: " + WINDOW_SECONDS + "s\nloginBurst: 5\nloginAttemptsPerMinute: 6\n";
    try (TestAgent agent = TestAgent.start(stateDir, authentication(limits))) {
      AgentClient client = agent.client;
      createAccount(client, "witness", "witness-password-1", "ReadOnly");
      Map<Long, String> before = new TreeMap<>();
      for (JsonNode e : awaitEntry(client, "AccountCreated")) {
        before.put(e.get("Id").asLong(), e.get("MessageId").asText());
      }
      assertTrue(before.containsValue("AccountSecurity.1.0.1.AccountCreated"), before.toString());

      long started = System.nanoTime();
      Map<Integer, AtomicInteger> statuses = flood(agent);
      long seconds = (System.nanoTime() - started) / 1_000_000_000L;

      assertEquals(ATTEMPTS, statuses.values().stream().mapToInt(AtomicInteger::get).sum());
      assertTrue(
          statuses.getOrDefault(429, new AtomicInteger()).get() > ATTEMPTS / 2,
          "most guesses are refused unchecked: " + statuses);
      List<JsonNode> after =
          awaitAccounted(client, before.keySet().stream().max(Long::compare).orElseThrow());
      Map<Long, String> kept = new TreeMap<>();
      after.forEach(e -> kept.put(e.get("Id").asLong(), e.get("MessageId").asText()));
      before.forEach(
          (id, messageId) ->
              assertEquals(messageId, kept.get(id), "entry " + id + " is still there"));
      // Per window, each address leaves at most one entry in full and one summary per kind and name
      // tried (4 names;
      // failed logins, throttled logins, anonymous requests), and a lockout per account it tried.
      long bound =
          2L * ATTACKERS.length * (NAMES.length + 2) * (seconds / WINDOW_SECONDS + 2)
              + 2L * ATTACKERS.length;
      long added = after.size() - before.size();
      System.out.printf(
          "Security log flood: %d anonymous guesses in %d s answered %s; %d earlier entries all kept;"
              + " %d entries added (bound %d)%n",
          ATTEMPTS, seconds, statuses, before.size(), added, bound);
      assertTrue(
          added <= bound && added < ATTEMPTS / 10,
          ATTEMPTS
              + " guesses in "
              + seconds
              + " s left "
              + added
              + " entries (at most "
              + bound
              + "), not one each");
    }
  }

  @Test
  void guesses_that_get_past_every_rate_cannot_push_out_the_record_of_changes(
      @TempDir Path stateDir) throws Exception {
    // A distributed guesser with a fresh name per guess defeats folding; the unauthenticated share
    // still holds it.
    String limits =
        "loginBurst: 1000\nsecurityLogEntries: 200\nsecurityLogUnauthenticatedEntries: 20\n";
    try (TestAgent agent = TestAgent.start(stateDir, authentication(limits))) {
      createAccount(agent.client, "witness", "witness-password-1", "ReadOnly");
      List<JsonNode> before = awaitEntry(agent.client, "AccountCreated");
      for (int a = 0; a < ATTACKERS.length; a++) {
        try (SourceBoundClient attacker = new SourceBoundClient(agent, ATTACKERS[a])) {
          for (int i = 0; i < 15; i++) {
            SourceBoundClient.Response r =
                i % 2 == 0
                    ? attacker.get(
                        "/redfish/v1/Chassis", basic("sprayed" + a + "x" + i, "guess-" + i))
                    : attacker.login("sprayed" + a + "x" + i, "guess-" + i);
            assertEquals(401, r.status(), r.body());
          }
        }
      }
      List<JsonNode> after = securityLog(agent.client);
      for (JsonNode e : before) {
        assertTrue(after.stream().anyMatch(x -> x.get("Id").equals(e.get("Id"))), "kept: " + e);
      }
      long unauthenticated =
          after.stream()
              .filter(
                  e ->
                      e.get("Message").asText().contains("sprayed")
                          || e.get("Message").asText().contains("'anonymous'"))
              .count();
      assertTrue(unauthenticated <= 20, unauthenticated + " entries of guessers, in a share of 20");
    }
  }

  /** Basic and session guesses from four addresses at once, as fast as the agent answers. */
  private static Map<Integer, AtomicInteger> flood(TestAgent agent) throws Exception {
    Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
    ExecutorService threads = Executors.newFixedThreadPool(ATTACKERS.length);
    try {
      List<Future<?>> running = new ArrayList<>();
      for (String address : ATTACKERS) {
        running.add(
            threads.submit(
                () -> {
                  try (SourceBoundClient attacker = new SourceBoundClient(agent, address)) {
                    for (int i = 0; i < ATTEMPTS / ATTACKERS.length; i++) {
                      String name = NAMES[i % NAMES.length];
                      SourceBoundClient.Response r =
                          i % 2 == 0
                              ? attacker.get("/redfish/v1/Chassis", basic(name, "guess-" + i))
                              : attacker.login(name, "guess-" + i);
                      statuses
                          .computeIfAbsent(r.status(), s -> new AtomicInteger())
                          .incrementAndGet();
                      if (r.status() == 429) {
                        assertTrue(
                            Integer.parseInt(r.header("Retry-After")) >= 1, r.headers().toString());
                        assertEquals(
                            "Base.1.22.1.ServiceTemporarilyUnavailable",
                            AgentClient.JSON
                                .readTree(r.body())
                                .at("/error/@Message.ExtendedInfo/0/MessageId")
                                .asText());
                      } else {
                        assertEquals(401, r.status(), r.body());
                      }
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> f : running) {
        f.get();
      }
    } finally {
      threads.shutdownNow();
    }
    return statuses;
  }

  private static List<JsonNode> awaitEntry(AgentClient client, String messageKey) throws Exception {
    for (int i = 0; i < 100; i++) {
      List<JsonNode> entries = securityLog(client);
      if (entries.stream().anyMatch(e -> e.get("MessageId").asText().endsWith("." + messageKey))) {
        return entries;
      }
      Thread.sleep(50);
    }
    throw new AssertionError("no " + messageKey + " entry");
  }

  /**
   * Waits until every guess made after entry {@code baseline} is accounted for, in an entry of its
   * own or in the count of a summary: the log is short, yet tells how hard someone tried.
   */
  private static List<JsonNode> awaitAccounted(AgentClient client, long baseline) throws Exception {
    long accounted = 0;
    for (int i = 0; i < 60; i++) {
      List<JsonNode> entries = securityLog(client);
      accounted = 0;
      for (JsonNode e : entries) {
        String id = e.get("MessageId").asText();
        if (e.get("Id").asLong() <= baseline) {
          continue;
        }
        if (id.endsWith(".InvalidCredentials") || id.endsWith(".LoginThrottled")) {
          accounted++;
        } else if (id.endsWith(".RepeatedEntries")) {
          String of = e.get("MessageArgs").get(2).asText();
          if (of.endsWith(".InvalidCredentials") || of.endsWith(".LoginThrottled")) {
            accounted += e.get("MessageArgs").get(4).asLong();
          }
        }
      }
      if (accounted >= ATTEMPTS) {
        assertEquals(ATTEMPTS, accounted, "each guess counted once");
        return entries;
      }
      Thread.sleep(500);
    }
    throw new AssertionError("only " + accounted + " of " + ATTEMPTS + " guesses are in the log");
  }
}

package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.basic;
import static io.gpuchassis.agent.it.LoginAttacks.median;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding 12: every unknown user name cost a full PBKDF2 hash with no limit, and eight clients
 * guessing slowed an operator's login from 82 ms to 650 ms. Now all password checks share a bounded
 * pool of their own (one thread by default), addresses without failures are served first, and each
 * address may start only so many checks a minute (beyond: 429 before any hashing, proven by {@link
 * AttackSecurityLogFloodIT}): under eight guessers, an operator's login waits for at most the check
 * already running, not for the guessers' queue, and requests that are already authenticated never
 * wait for a password check. Both are counted in guesses hashed meanwhile, not timed, so a busy
 * machine cannot decide the outcome (the timed version failed beside two CPU hogs).
 */
class AttackPasswordHashingIT {

  static final int GUESSERS = 8;
  static final int LOGINS = 8;

  @Test
  void guessers_cannot_slow_down_an_operators_login(@TempDir Path stateDir) throws Exception {
    try (TestAgent agent = TestAgent.startAtFullHashingCost(stateDir, c -> c);
        SourceBoundClient operator = new SourceBoundClient(agent, "127.0.0.61")) {
      String token = login(operator);

      Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
      AtomicBoolean stop = new AtomicBoolean();
      ExecutorService threads = Executors.newFixedThreadPool(GUESSERS);
      List<Future<?>> guessers = new ArrayList<>();
      AtomicInteger answered = new AtomicInteger();
      AtomicInteger hashedGuesses = new AtomicInteger();
      for (int g = 0; g < GUESSERS; g++) {
        String address = "127.0.0." + (70 + g);
        guessers.add(
            threads.submit(
                () -> {
                  try (SourceBoundClient guesser = new SourceBoundClient(agent, address)) {
                    for (int i = 0; !stop.get(); i++) {
                      int status =
                          guesser
                              .get("/redfish/v1/Chassis", basic("unknown" + i, "guess-" + i))
                              .status();
                      if (status == 401) {
                        hashedGuesses.incrementAndGet(); // a guess that was hashed and refused
                      }
                      statuses.computeIfAbsent(status, s -> new AtomicInteger()).incrementAndGet();
                      answered.incrementAndGet();
                    }
                  }
                  return null;
                }));
      }
      try {
        while (answered.get() < 2 * GUESSERS) {
          Thread.sleep(20); // every guesser under way
        }
        // Counted, not timed, so that a busy machine cannot decide it: how many guesses were hashed
        // while the operator waited. Served in arrival order, a login would wait behind the
        // guessers' queued checks (one per guesser); served first, it waits at most for the check
        // that is running, plus a guess or two whose answer was already on its way.
        // Only the login is counted: its session is written to the database after the check, where
        // the guessers' security-log records share the writer, so on a starved machine a few more
        // guesses finish then (one per login on a quiet machine; five per login and logout in a
        // full suite run beside two CPU hogs), where a login queued behind every guesser would see
        // one for each guess admitted before it.
        List<Long> overtakingLogin = new ArrayList<>();
        for (int i = 0; i < LOGINS; i++) {
          int before = hashedGuesses.get();
          SourceBoundClient.Response r = operator.login("operator", TestAgent.OPERATOR_PASSWORD);
          overtakingLogin.add((long) (hashedGuesses.get() - before));
          assertEquals(201, r.status(), r.body());
          logOut(operator, r);
        }
        List<Long> overtakingRequest = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
          int before = hashedGuesses.get();
          assertEquals(200, operator.get("/redfish/v1/Chassis", "token:" + token).status());
          overtakingRequest.add((long) (hashedGuesses.get() - before));
        }
        System.out.printf(
            "guesses hashed during each login %s, during each authenticated request %s, answers %s%n",
            overtakingLogin, overtakingRequest, statuses);
        assertTrue(
            median(overtakingLogin) < GUESSERS - 1,
            "guesses hashed while the operator logged in, under "
                + GUESSERS
                + " guessers: "
                + overtakingLogin);
        // A session token is checked in memory: its requests never queue behind password checks.
        assertTrue(
            median(overtakingRequest) <= 1,
            "guesses hashed during each authenticated request: " + overtakingRequest);
      } finally {
        stop.set(true);
        for (Future<?> f : guessers) {
          f.get();
        }
        threads.shutdownNow();
      }
      assertTrue(
          java.util.Set.of(401, 429, 503).containsAll(statuses.keySet()), statuses.toString());
    }
  }

  private static void logOut(SourceBoundClient operator, SourceBoundClient.Response r)
      throws Exception {
    assertEquals(
        204,
        operator
            .send("DELETE", r.header("Location"), "token:" + r.header("X-Auth-Token"), null)
            .status());
  }

  private static String login(SourceBoundClient operator) throws Exception {
    SourceBoundClient.Response r = operator.login("operator", TestAgent.OPERATOR_PASSWORD);
    assertEquals(201, r.status(), r.body());
    return r.header("X-Auth-Token");
  }
}

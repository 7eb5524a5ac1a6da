package io.gpuchassis.agent.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.config.AuthenticationLimits;
import io.gpuchassis.agent.store.AgentStore;
import io.gpuchassis.redfish.route.Caller;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hot path of authentication: a session token, or a Basic credential verified before, is
 * checked in memory on the event loop. The database is closed before those requests, so any read or
 * write of it on their path would fail them; and the answer must be decided before {@code
 * authenticate} returns, on the request's own event loop, with no hop to a worker and back.
 */
class AgentAuthenticatorTest {

  @TempDir Path stateDir;
  private final MutableClock clock = new MutableClock();
  private AgentStore store;
  private Vertx vertx;
  private SecurityServices security;
  private HttpServer server;
  private final HttpClient client = HttpClient.newHttpClient();

  /** How the last request was decided. */
  private volatile boolean decidedAtOnce;

  private volatile boolean onEventLoop;

  @BeforeEach
  void start() throws Exception {
    store = AgentStore.open(stateDir);
    PasswordHasher hasher = new PasswordHasher(1_000);
    AccountRepository accounts = new AccountRepository(store);
    accounts.create(
        "alice", hasher.hash("right-password"), Role.Operator, true, false, Instant.EPOCH);
    // The last enabled Administrator cannot be changed away: there is one besides alice.
    accounts.create(
        "root", hasher.hash("root-password"), Role.Administrator, true, false, Instant.EPOCH);
    vertx = Vertx.vertx();
    security =
        new SecurityServices(store, accounts, hasher, vertx, clock, AuthenticationLimits.DEFAULT);
    server =
        vertx
            .createHttpServer()
            .requestHandler(this::handle)
            .listen(0, "127.0.0.1")
            .toCompletionStage()
            .toCompletableFuture()
            .get();
  }

  private void handle(HttpServerRequest request) {
    Future<Optional<Caller>> decided = security.authenticator().authenticate(request);
    decidedAtOnce = decided.isComplete();
    decided.onComplete(
        result -> {
          onEventLoop = Context.isOnEventLoopThread();
          boolean in = result.succeeded() && result.result().isPresent();
          request.response().setStatusCode(in ? 200 : 401).end();
        });
  }

  @AfterEach
  void stop() {
    vertx.close().toCompletionStage().toCompletableFuture().join();
    store.close();
  }

  private int get(String header, String value) throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.actualPort() + "/"))
            .header(header, value)
            .build();
    return client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
  }

  private static String basic(String user, String password) {
    return "Basic "
        + Base64.getEncoder()
            .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
  }

  private Account alice() {
    return security.accounts().find("alice").orElseThrow();
  }

  @Test
  void a_token_is_checked_in_memory_on_the_event_loop_and_an_ended_session_is_refused_at_once()
      throws Exception {
    SessionManager sessions = security.sessions();
    String kept = sessions.open(alice(), "127.0.0.1", Optional.empty()).orElseThrow().token();
    SessionManager.Opened deleted =
        sessions.open(alice(), "127.0.0.1", Optional.empty()).orElseThrow();
    assertEquals(200, get("X-Auth-Token", deleted.token()));
    assertTrue(sessions.close(deleted.session().id()));
    store.close();

    assertEquals(200, get("X-Auth-Token", kept), "the database is closed: nothing read it");
    assertTrue(decidedAtOnce, "decided before authenticate returned");
    assertTrue(onEventLoop, "and answered on the event loop");
    assertEquals(401, get("X-Auth-Token", deleted.token()), "a deleted session, at once");
    assertTrue(decidedAtOnce);
    assertEquals(401, get("X-Auth-Token", kept + "x"), "an unknown token");

    clock.advance(security.settings().sessionTimeout().plusSeconds(1));
    assertEquals(401, get("X-Auth-Token", kept), "expired, refused at the first request after");
    assertTrue(decidedAtOnce);
    assertTrue(sessions.all().isEmpty());
  }

  @Test
  void a_verified_basic_credential_is_not_hashed_again() throws Exception {
    String right = basic("alice", "right-password");
    int checks = security.log().entries().size();
    assertEquals(200, get("Authorization", right), "the first request hashes");
    assertEquals(checks + 1, security.log().entries().size(), "checked, and logged");
    store.close();

    assertEquals(200, get("Authorization", right), "remembered: no hash, no security log entry");
    assertTrue(decidedAtOnce, "decided before authenticate returned");
    assertTrue(onEventLoop);
  }

  @Test
  void a_remembered_credential_ends_with_its_password_and_is_forgotten_after_its_lifetime()
      throws Exception {
    String right = basic("alice", "right-password");
    assertEquals(200, get("Authorization", right));
    assertEquals(200, get("Authorization", right));
    assertTrue(decidedAtOnce, "remembered");

    // Whether a request waited for the password check says nothing here: the test's cheap hash can
    // be done before authenticate returns. A check writes a security-log entry; a remembered
    // credential does not.
    int checks = security.log().entries().size();
    assertEquals(200, get("Authorization", right));
    assertEquals(checks, security.log().entries().size(), "remembered: not checked again");
    clock.advance(AgentAuthenticator.CACHE_TTL.plusSeconds(1));
    assertEquals(200, get("Authorization", right));
    assertEquals(checks + 1, security.log().entries().size(), "checked again after its lifetime");

    assertEquals(
        AccountRepository.UpdateResult.UPDATED,
        security.accounts().update(alice().withPasswordHash(security.hasher().hash("new"), false)));
    assertEquals(401, get("Authorization", right), "the old password, even though remembered");
  }

  @Test
  void concurrent_requests_with_one_credential_wait_for_one_password_check() throws Exception {
    // A stored hash of the shipped cost makes every check that long (equal cost), long enough for
    // all the requests to arrive while the first check runs.
    security
        .accounts()
        .create(
            "slow",
            new PasswordHasher(310_000).hash("x"),
            Role.ReadOnly,
            true,
            false,
            Instant.EPOCH);
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.actualPort() + "/"))
            .header("Authorization", basic("alice", "right-password"))
            .build();
    List<CompletableFuture<HttpResponse<Void>>> sent = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      sent.add(client.sendAsync(request, HttpResponse.BodyHandlers.discarding()));
    }
    for (CompletableFuture<HttpResponse<Void>> response : sent) {
      assertEquals(200, response.get().statusCode());
    }
    long checks =
        security.log().entries().stream()
            .filter(e -> e.args().equals(List.of("alice", "127.0.0.1", "HTTP Basic")))
            .count();
    assertEquals(1, checks, "one successful password check for the eight requests");
  }
}

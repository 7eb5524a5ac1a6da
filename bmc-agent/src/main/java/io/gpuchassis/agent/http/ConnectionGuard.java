package io.gpuchassis.agent.http;

import io.gpuchassis.agent.config.HttpLimits;
import io.gpuchassis.redfish.route.Authenticator;
import io.gpuchassis.redfish.route.Caller;
import io.gpuchassis.redfish.route.Privilege;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps slow and anonymous clients from holding the HTTPS server. Each connection takes a slot of
 * the {@link ConnectionBudget} when its TLS handshake is done, and is closed when it does not keep
 * to its deadlines:
 *
 * <ul>
 *   <li>its first request's line and headers within {@code requestHeaderTimeout} of the handshake,
 *       however it trickles them; each following request's within {@code requestHeaderTimeout}
 *       (unauthenticated) or {@code idleTimeout} (authenticated) of the previous response;
 *   <li>a request body within {@code requestBodyTimeout}, plus a second per {@code
 *       requestBodyMinRate} bytes received.
 * </ul>
 *
 * A connection counts as authenticated from the moment a request on it presents valid credentials
 * (the {@link #watch(Authenticator) watched} authenticator says so); whether the caller has
 * ConfigureManager decides which part of the budget it uses. A response sent before its request's
 * body was read (a refusal) closes the connection, with {@code Connection: close} on it: the rest
 * of that body is never read.
 */
final class ConnectionGuard implements Handler<HttpConnection> {

  private static final Logger LOG = LoggerFactory.getLogger(ConnectionGuard.class);
  private static final String HELD_BACK = ConnectionGuard.class.getName() + ".heldBack";

  private final Vertx vertx;
  private final HttpLimits limits;
  private final ConnectionBudget<HttpConnection> budget;
  private final Map<HttpConnection, Watch> watches = new ConcurrentHashMap<>();
  private final ThrottledWarning refused =
      new ThrottledWarning(LOG, "HTTPS connections refused", Duration.ofMinutes(1));
  private final ThrottledWarning cut =
      new ThrottledWarning(LOG, "Slow HTTPS clients cut off", Duration.ofMinutes(1));

  ConnectionGuard(Vertx vertx, HttpLimits limits) {
    this.vertx = vertx;
    this.limits = limits;
    this.budget =
        new ConnectionBudget<>(
            limits.maxConnections(),
            limits.maxUnauthenticatedConnections(),
            limits.maxUnauthenticatedConnectionsPerAddress(),
            limits.maxOtherAuthenticatedConnections());
  }

  /**
   * A connection whose TLS handshake is done: it takes a slot (perhaps pushing out another) or is
   * closed.
   */
  @Override
  public void handle(HttpConnection connection) {
    SourceAddress source = SourceAddress.of(connection.remoteAddress());
    ConnectionBudget.Admission<HttpConnection> admission = budget.admit(connection, source);
    if (!admission.admitted()) {
      refused.occurred(source + " has no room among " + budget.usage());
      connection.close();
      return;
    }
    admission
        .evicted()
        .ifPresent(
            victim -> {
              refused.occurred(
                  "an unauthenticated connection from "
                      + SourceAddress.of(victim.remoteAddress())
                      + " made way for one from "
                      + source);
              victim.close();
            });
    Watch watch = new Watch(connection);
    watches.put(connection, watch);
    connection.closeHandler(
        closed -> {
          budget.release(connection);
          Watch gone = watches.remove(connection);
          if (gone != null) {
            gone.close();
          }
        });
    watch.startHeaderClock(limits.requestHeaderTimeout());
  }

  /** Closes every connection the guard admitted; completes once all of them are closed. */
  Future<Void> closeAll() {
    return Future.all(watches.keySet().stream().map(HttpConnection::close).toList()).mapEmpty();
  }

  /** A request's headers have arrived (called before any router sees it). */
  void requestArrived(HttpServerRequest request) {
    Watch watch = watches.get(request.connection());
    if (watch == null) {
      return;
    }
    watch.arrived++;
    watch.stopHeaderClock();
    if (hasBody(request)) {
      new BodyClock(request).start();
    }
  }

  /**
   * The router's first handler: learns when each response starts and ends. The connection's watch
   * and whether the request has a body are looked up once here, for both.
   */
  void routed(RoutingContext ctx) {
    HttpServerRequest request = ctx.request();
    Watch watch = watches.get(request.connection());
    boolean body = hasBody(request);
    ctx.addHeadersEndHandler(v -> answering(ctx, watch, body));
    ctx.addEndHandler(ended -> responded(request, watch, body));
    ctx.next();
  }

  /**
   * Holds a request's body back until its handler asks for it (a streamed upload, read once the
   * caller is authorised). Should the handler answer without it, the connection is closed after the
   * answer, and says so.
   */
  void holdBack(RoutingContext ctx) {
    ctx.request().pause();
    ctx.put(HELD_BACK, Boolean.TRUE);
  }

  /** {@code authenticator}, telling this guard which connections are authenticated, and by whom. */
  Authenticator watch(Authenticator authenticator) {
    return request ->
        authenticator
            .authenticate(request)
            .onSuccess(caller -> caller.ifPresent(c -> authenticated(request, c)));
  }

  private void authenticated(HttpServerRequest request, Caller caller) {
    HttpConnection connection = request.connection();
    boolean administrator = caller.has(Privilege.ConfigureManager);
    Watch watch = watches.get(connection);
    if (watch != null && watch.counts(administrator)) {
      return; // counted so already: a keep-alive poller's requests do not take the budget's lock
    }
    if (!budget.authenticated(connection, administrator)) {
      if (watch != null) {
        watch.closeAfterResponse = true;
        request.response().putHeader("Connection", "close");
      }
    } else if (watch != null) {
      watch.authenticated(administrator);
    }
  }

  /**
   * A response is about to be sent before its request's body was read (a refusal): the connection
   * will close after it, and the client is told so, rather than left to send its next request into
   * a closing connection.
   */
  private void answering(RoutingContext ctx, Watch watch, boolean body) {
    HttpServerRequest request = ctx.request();
    boolean unread = (body || ctx.get(HELD_BACK) != null) && !request.isEnded();
    if (watch != null && unread) {
      watch.closeAfterResponse = true;
      request.response().putHeader("Connection", "close");
    }
  }

  /**
   * Closes the connection of a request refused before its body was read, after reading and dropping
   * what the client is still sending, for {@link #LINGER} at most. Closing at once would make the
   * kernel answer that data with a reset, which can destroy the refusal on its way to the client
   * (the lingering close of RFC 9112 §9.6).
   */
  private void lingeringClose(HttpServerRequest request) {
    HttpConnection connection = request.connection();
    long timer = vertx.setTimer(LINGER.toMillis(), id -> connection.close());
    request.handler(dropped -> {});
    request.endHandler(
        ended -> {
          vertx.cancelTimer(timer);
          connection.close();
        });
    request.exceptionHandler(failed -> connection.close());
    request.resume();
  }

  /**
   * How long a refused request's remaining body is read and dropped before its connection is
   * closed.
   */
  static final java.time.Duration LINGER = java.time.Duration.ofSeconds(2);

  private void responded(HttpServerRequest request, Watch watch, boolean body) {
    HttpConnection connection = request.connection();
    if (watch == null) {
      return;
    }
    watch.answered++;
    if (body && !request.isEnded()) {
      // a refusal sent before its body was read: drain before closing, or the reset can eat the
      // refusal
      lingeringClose(request);
      return;
    }
    if (watch.closeAfterResponse) {
      // served but not kept: beyond the room for non-administrators
      connection.close();
      return;
    }
    if (watch.answered == watch.arrived) {
      // no pipelined request is in progress: the next one's headers are awaited from now
      watch.startHeaderClock(
          watch.authenticated() ? limits.idleTimeout() : limits.requestHeaderTimeout());
    }
  }

  private static boolean hasBody(HttpServerRequest request) {
    String length = request.getHeader("Content-Length");
    return request.getHeader("Transfer-Encoding") != null
        || (length != null && !length.trim().equals("0"));
  }

  /**
   * One connection's clocks; used on its event loop only. The header clock is a deadline and at
   * most one timer: a response pushes the deadline on, and the timer, when it fires early, sets
   * itself again for what is left; so a keep-alive connection busy with requests costs no timer set
   * and cancelled per request (measurable in a GET's CPU profile), and one that stops sending is
   * still closed at its deadline.
   */
  private enum Standing {
    UNAUTHENTICATED,
    OTHER,
    ADMINISTRATOR
  }

  private final class Watch {
    final HttpConnection connection;
    long timer = -1;
    long firesAt;

    /** When the next request's headers are due ({@code System.nanoTime()}); 0: none awaited. */
    long deadline;

    long timeoutMillis;
    long arrived;
    long answered;
    volatile boolean closeAfterResponse;

    /**
     * How the budget counts the connection: not yet authenticated, another's, an administrator's.
     */
    private volatile Standing standing = Standing.UNAUTHENTICATED;

    Watch(HttpConnection connection) {
      this.connection = connection;
    }

    void startHeaderClock(Duration timeout) {
      timeoutMillis = timeout.toMillis();
      deadline = System.nanoTime() + timeout.toNanos();
      if (deadline == 0) {
        deadline = 1;
      }
      if (timer != -1 && deadline - firesAt < 0) {
        // a shorter timeout than the one the timer was set for
        vertx.cancelTimer(timer);
        timer = -1;
      }
      if (timer == -1) {
        arm(timeoutMillis);
      }
    }

    void stopHeaderClock() {
      deadline = 0;
    }

    /** Whether the budget already counts the connection as an {@code administrator}'s would be. */
    boolean counts(boolean administrator) {
      return standing == Standing.ADMINISTRATOR || (standing == Standing.OTHER && !administrator);
    }

    void authenticated(boolean administrator) {
      standing = administrator ? Standing.ADMINISTRATOR : Standing.OTHER;
    }

    boolean authenticated() {
      return standing != Standing.UNAUTHENTICATED;
    }

    /** The timer is gone with the connection (the deadline alone would leave it pending). */
    void close() {
      deadline = 0;
      if (timer != -1) {
        vertx.cancelTimer(timer);
        timer = -1;
      }
    }

    private void arm(long millis) {
      long wait = Math.max(1, millis);
      firesAt = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(wait);
      timer = vertx.setTimer(wait, id -> fired());
    }

    private void fired() {
      timer = -1;
      if (deadline == 0) {
        return; // a request is in progress: the next response sets the clock again
      }
      long left = deadline - System.nanoTime();
      if (left > 0) {
        arm(TimeUnit.NANOSECONDS.toMillis(left) + 1);
        return;
      }
      cut.occurred(
          SourceAddress.of(connection.remoteAddress())
              + " sent no complete request headers within "
              + timeoutMillis
              + " ms");
      connection.close();
    }
  }

  /**
   * A request body's deadline: {@code requestBodyTimeout}, plus a second per {@code
   * requestBodyMinRate} bytes.
   */
  private final class BodyClock {
    final HttpServerRequest request;
    final long start = System.nanoTime();

    BodyClock(HttpServerRequest request) {
      this.request = request;
    }

    void start() {
      vertx.setTimer(limits.requestBodyTimeout().toMillis(), id -> check());
    }

    private void check() {
      if (request.isEnded() || !watches.containsKey(request.connection())) {
        return;
      }
      long allowedMs =
          limits.requestBodyTimeout().toMillis()
              + (limits.requestBodyMinRate() > 0
                  ? request.bytesRead() * 1000 / limits.requestBodyMinRate()
                  : 0);
      long elapsedMs = (System.nanoTime() - start) / 1_000_000;
      if (elapsedMs >= allowedMs) {
        cut.occurred(
            SourceAddress.of(request.connection().remoteAddress())
                + " sent "
                + request.bytesRead()
                + " body bytes in "
                + elapsedMs
                + " ms");
        request.connection().close();
      } else {
        vertx.setTimer(Math.max(1, allowedMs - elapsedMs), id -> check());
      }
    }
  }
}

package io.gpuchassis.agent.metrics;

import io.gpuchassis.redfish.route.RedfishRoutes;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Times every HTTP request by method, route template and status ({@code
 * http_server_requests_seconds}). The route is the template that took the request ({@code
 * /redfish/v1/Chassis/{ChassisId}}), or {@code NOT_FOUND} and {@code REFUSED} when none did, never
 * the raw path: an attacker's paths cannot grow the number of series. The histogram's buckets are a
 * few fixed latencies, not Micrometer's 70-odd per series.
 */
final class HttpMetrics implements Handler<RoutingContext> {

  private static final Duration[] BUCKETS = {
    Duration.ofMillis(1),
    Duration.ofMillis(5),
    Duration.ofMillis(25),
    Duration.ofMillis(100),
    Duration.ofMillis(500),
    Duration.ofMillis(2500)
  };

  private record Key(String method, String route, int status) {}

  private final MeterRegistry registry;
  private final Map<Key, Timer> timers = new ConcurrentHashMap<>();

  HttpMetrics(MeterRegistry registry) {
    this.registry = registry;
  }

  @Override
  public void handle(RoutingContext ctx) {
    long started = System.nanoTime();
    ctx.addEndHandler(ended -> record(ctx, System.nanoTime() - started));
    ctx.next();
  }

  private void record(RoutingContext ctx, long nanos) {
    int status = ctx.response().getStatusCode();
    String route =
        RedfishRoutes.template(ctx)
            .orElse(status == 404 || status == 405 ? "NOT_FOUND" : "REFUSED");
    Key key = new Key(ctx.request().method().name(), route, status);
    Timer timer = timers.get(key);
    if (timer == null) {
      timer = timers.computeIfAbsent(key, this::timer);
    }
    timer.record(nanos, java.util.concurrent.TimeUnit.NANOSECONDS);
  }

  private Timer timer(Key key) {
    return Timer.builder("http.server.requests")
        .description("HTTP requests answered, by method, route template and status")
        .tag("method", key.method())
        .tag("uri", key.route())
        .tag("status", Integer.toString(key.status()))
        .serviceLevelObjectives(BUCKETS)
        .register(registry);
  }
}

package io.gpuchassis.agent.metrics;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.compose.BindingEngine;
import io.gpuchassis.agent.ethernet.PortWatch;
import io.gpuchassis.agent.events.StreamStats;
import io.gpuchassis.agent.events.Subscriptions;
import io.gpuchassis.agent.health.ChassisHealth;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;

/**
 * The agent's metrics: one Micrometer registry written in the Prometheus text formats, holding the
 * chassis's meters, the binding engine's, the HTTP server's and the JVM's; {@link MetricsService}
 * serves it.
 */
public final class AgentMetrics implements AutoCloseable {

  static final String OPENMETRICS = "application/openmetrics-text; version=1.0.0; charset=utf-8";
  static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";

  private final PrometheusMeterRegistry registry =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final ChassisMetrics chassis;
  private final HttpMetrics http;
  private final EventMetrics events;
  private final JvmGcMetrics gc = new JvmGcMetrics();

  public AgentMetrics(
      ChassisModel model,
      ChassisHealth health,
      BindingEngine bindings,
      Subscriptions subscriptions,
      StreamStats streams,
      PortWatch dataPorts,
      Clock clock,
      Duration staleAfter) {
    this(
        model,
        health,
        bindings,
        subscriptions,
        streams,
        dataPorts,
        io.gpuchassis.agent.ethernet.RoundTripWatch.none(),
        clock,
        staleAfter);
  }

  /** With the data-path ports' round-trip probe. */
  public AgentMetrics(
      ChassisModel model,
      ChassisHealth health,
      BindingEngine bindings,
      Subscriptions subscriptions,
      StreamStats streams,
      PortWatch dataPorts,
      io.gpuchassis.agent.ethernet.RoundTripWatch roundTrips,
      Clock clock,
      Duration staleAfter) {
    // Two of Micrometer's names that promtool's lint rejects: CPU time in nanoseconds (the CPU
    // usage gauges stay) and a gauge ending in _count, renamed.
    registry
        .config()
        .meterFilter(MeterFilter.deny(id -> id.getName().equals("process.cpu.time")))
        .meterFilter(
            new MeterFilter() {
              @Override
              public Meter.Id map(Meter.Id id) {
                return id.getName().equals("system.cpu.count") ? id.withName("system.cpus") : id;
              }
            });
    new JvmMemoryMetrics().bindTo(registry);
    gc.bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
    new ClassLoaderMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
    new UptimeMetrics().bindTo(registry);
    new FileDescriptorMetrics().bindTo(registry);
    chassis = new ChassisMetrics(registry, model, health, clock, staleAfter);
    new DataPathMetrics(registry, dataPorts, roundTrips);
    http = new HttpMetrics(registry);
    events = new EventMetrics(registry, subscriptions, streams);
    bindings.observe(new BindingMetrics(registry));
  }

  /** The router's handler that times every request; install it before any that may answer. */
  Handler<RoutingContext> requestTimer() {
    return http;
  }

  /**
   * The metrics in the format {@code accept} asks for: OpenMetrics when it names it (Prometheus
   * does), Prometheus's text format 0.0.4 otherwise.
   */
  synchronized String scrape(String accept) {
    chassis.refresh();
    events.refresh();
    return registry.scrape(contentType(accept));
  }

  static String contentType(String accept) {
    return accept != null
            && accept.toLowerCase(Locale.ROOT).contains("application/openmetrics-text")
        ? OPENMETRICS
        : PROMETHEUS_TEXT;
  }

  @Override
  public void close() {
    gc.close();
    registry.close();
  }
}

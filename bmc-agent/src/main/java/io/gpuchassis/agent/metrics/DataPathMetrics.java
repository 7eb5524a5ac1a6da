package io.gpuchassis.agent.metrics;

import io.gpuchassis.agent.ethernet.CounterSource;
import io.gpuchassis.agent.ethernet.DataPort;
import io.gpuchassis.agent.ethernet.PfcFrames;
import io.gpuchassis.agent.ethernet.PingSummary;
import io.gpuchassis.agent.ethernet.PortReading;
import io.gpuchassis.agent.ethernet.PortStatus;
import io.gpuchassis.agent.ethernet.PortWatch;
import io.gpuchassis.agent.ethernet.RoundTrip;
import io.gpuchassis.agent.ethernet.RoundTripWatch;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * The chassis's own data-path ports (the 100 GbE variant) as meters, read from the port watch's
 * latest status when scraped (nothing is read for a scrape): the link, the health its monitor
 * judged, and the counters an operator rates and alerts on. The board's ports are fixed, so the
 * meters are registered once. A counter the port's driver does not keep, or a port not read yet,
 * has no sample (NaN), never 0.
 */
final class DataPathMetrics {

  private static final String PREFIX = "gpuchassis.data.port.";

  private final PortWatch watch;
  private final RoundTripWatch roundTrips;

  DataPathMetrics(MeterRegistry registry, PortWatch watch) {
    this(registry, watch, RoundTripWatch.none());
  }

  /** With the round trips of the ports given a peer. */
  DataPathMetrics(MeterRegistry registry, PortWatch watch, RoundTripWatch roundTrips) {
    this.watch = watch;
    this.roundTrips = roundTrips;
    for (PortStatus status : watch.statuses()) {
      register(registry, status.port());
    }
    for (RoundTrip trip : roundTrips.all()) {
      registerRoundTrip(registry, trip.port());
    }
  }

  /** The port's last probe, once one brought replies (the loss: once one ran). */
  private void registerRoundTrip(MeterRegistry registry, DataPort port) {
    Tags tags = Tags.of("adapter", port.adapter(), "port", port.port(), "interface", port.netdev());
    Gauge.builder(
            PREFIX + "round.trip.seconds",
            this,
            m ->
                m.roundTrips
                    .of(port)
                    .flatMap(RoundTrip::summary)
                    .flatMap(PingSummary::rtt)
                    .map(r -> r.avgMicros() / 1e6)
                    .orElse(Double.NaN))
        .description(
            "The average ICMP echo round trip of the port's last probe to its peer, in seconds"
                + " (through both hosts' kernels: above an RDMA round trip); NaN without a reply")
        .tags(tags)
        .strongReference(true)
        .register(registry);
    Gauge.builder(
            PREFIX + "round.trip.loss.ratio",
            this,
            m ->
                m.roundTrips
                    .of(port)
                    .flatMap(RoundTrip::summary)
                    .map(s -> s.lossPercent() / 100)
                    .orElse(Double.NaN))
        .description("The share of the last probe's echo requests left unanswered, 0 to 1")
        .tags(tags)
        .strongReference(true)
        .register(registry);
  }

  private boolean roundTripWarning(DataPort port) {
    return roundTrips.of(port).map(RoundTrip::warning).orElse(false);
  }

  private void register(MeterRegistry registry, DataPort port) {
    Tags tags = Tags.of("adapter", port.adapter(), "port", port.port(), "interface", port.netdev());
    gauge(
        registry,
        "health",
        "A data-path port's health from the conditions its monitor has standing (link flaps, a slow"
            + " link, pause storms, RoCE packet loss, uncorrectable FEC errors) and its round-trip"
            + " probe's (a slow or lossy round trip): 0 OK, 1 Warning",
        tags,
        port,
        s ->
            s.reading().isEmpty()
                ? Double.NaN
                : s.conditions().isEmpty() && !roundTripWarning(port) ? 0 : 1);
    gauge(
        registry,
        "link.up",
        "1 when the port has carrier and is up",
        tags,
        port,
        s -> s.reading().map(r -> r.linkUp() ? 1.0 : 0.0).orElse(Double.NaN));
    gauge(
        registry,
        "link.speed.bytes",
        "The link's speed while it is up, in bytes per second as node_exporter's"
            + " node_network_speed_bytes gives it (12.5e9 for 100 Gb/s); 0 while down",
        tags,
        port,
        s ->
            s.reading()
                .map(
                    r ->
                        r.linkUp() && r.speedMbps().isPresent()
                            ? r.speedMbps().getAsInt() * 125_000.0
                            : 0.0)
                .orElse(Double.NaN));
    counter(registry, "receive.bytes", "Bytes received", tags, port, r -> netdev(r, "rx_bytes"));
    counter(registry, "transmit.bytes", "Bytes sent", tags, port, r -> netdev(r, "tx_bytes"));
    counter(
        registry,
        "receive.pfc.frames",
        "PFC pause frames received, over all priorities (the peer holding this port back)",
        tags,
        port,
        r -> r.sum(CounterSource.ETHTOOL, PfcFrames::received));
    counter(
        registry,
        "transmit.pfc.frames",
        "PFC pause frames sent, over all priorities (this port holding the peer back)",
        tags,
        port,
        r -> r.sum(CounterSource.ETHTOOL, PfcFrames::sent));
    counter(
        registry,
        "receive.discards",
        "Frames the port dropped on receipt for want of buffer (rx_discards_phy)",
        tags,
        port,
        r -> r.counter(CounterSource.ETHTOOL, "rx_discards_phy"));
    counter(
        registry,
        "fec.uncorrectable.symbol.errors",
        "Symbol errors the port's FEC could not correct: frames lost on the wire"
            + " (rx_pcs_symbol_err_phy)",
        tags,
        port,
        r -> r.counter(CounterSource.ETHTOOL, "rx_pcs_symbol_err_phy"));
    counter(
        registry,
        "roce.ecn.marked.packets",
        "RoCE packets that arrived ECN-marked (np_ecn_marked_roce_packets)",
        tags,
        port,
        r -> rdma(r, "np_ecn_marked_roce_packets"));
    counter(
        registry,
        "roce.cnp.sent",
        "Congestion notification packets sent (np_cnp_sent)",
        tags,
        port,
        r -> rdma(r, "np_cnp_sent"));
    counter(
        registry,
        "roce.cnp.handled",
        "Congestion notification packets acted on (rp_cnp_handled)",
        tags,
        port,
        r -> rdma(r, "rp_cnp_handled"));
    counter(
        registry,
        "roce.out.of.sequence.packets",
        "RoCE packets that arrived out of sequence: loss, answered by go-back-N (out_of_sequence)",
        tags,
        port,
        r -> rdma(r, "out_of_sequence"));
  }

  private static OptionalLong netdev(PortReading r, String name) {
    return r.counter(CounterSource.NETDEV, name);
  }

  private static OptionalLong rdma(PortReading r, String name) {
    return r.counter(CounterSource.RDMA_HW, name);
  }

  private Optional<PortStatus> status(DataPort port) {
    return watch.status(port.adapter(), port.port());
  }

  private void gauge(
      MeterRegistry registry,
      String name,
      String help,
      Tags tags,
      DataPort port,
      Function<PortStatus, Double> value) {
    Gauge.builder(PREFIX + name, this, m -> m.status(port).map(value).orElse(Double.NaN))
        .description(help)
        .tags(tags)
        .strongReference(true)
        .register(registry);
  }

  private void counter(
      MeterRegistry registry,
      String name,
      String help,
      Tags tags,
      DataPort port,
      Function<PortReading, OptionalLong> value) {
    FunctionCounter.builder(
            PREFIX + name,
            this,
            m ->
                m.status(port)
                    .flatMap(PortStatus::reading)
                    .map(value)
                    .filter(OptionalLong::isPresent)
                    .map(v -> (double) v.getAsLong())
                    .orElse(Double.NaN))
        .description(help)
        .tags(tags)
        .register(registry);
  }
}

package io.gpuchassis.agent.redfish.chassis;

import io.gpuchassis.agent.ethernet.CounterKey;
import io.gpuchassis.agent.ethernet.CounterSource;
import io.gpuchassis.agent.ethernet.PfcFrames;
import io.gpuchassis.agent.ethernet.PortRates;
import io.gpuchassis.agent.ethernet.PortReading;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Where each counter a PortMetrics shows is read on an mlx5 port, and the sums of several (PFC
 * frames over the priorities). A counter the reading does not hold is absent (null), never 0.
 */
final class DataPortCounters {

  private static final Pattern RX_PAUSE_DURATION = Pattern.compile("rx_prio[0-7]_pause_duration");
  private static final Pattern TX_PAUSE_DURATION = Pattern.compile("tx_prio[0-7]_pause_duration");

  private final PortReading reading;

  DataPortCounters(PortReading reading) {
    this.reading = reading;
  }

  static boolean isPfcFrames(CounterKey key) {
    return key.source() == CounterSource.ETHTOOL
        && (PfcFrames.received(key.name()) || PfcFrames.sent(key.name()));
  }

  Long netdev(String name) {
    return one(CounterSource.NETDEV, name);
  }

  Long ethtool(String name) {
    return one(CounterSource.ETHTOOL, name);
  }

  Long rdma(String name) {
    return one(CounterSource.RDMA_HW, name);
  }

  Long rxPfcFrames() {
    return sum(CounterSource.ETHTOOL, PfcFrames::received);
  }

  Long txPfcFrames() {
    return sum(CounterSource.ETHTOOL, PfcFrames::sent);
  }

  Long rxPauseMicroseconds() {
    return sum(CounterSource.ETHTOOL, n -> RX_PAUSE_DURATION.matcher(n).matches());
  }

  Long txPauseMicroseconds() {
    return sum(CounterSource.ETHTOOL, n -> TX_PAUSE_DURATION.matcher(n).matches());
  }

  /** RDMA requests this port's queue pairs received as responder: writes, reads, atomics. */
  Long rdmaRequestsReceived() {
    return sum(
        CounterSource.RDMA_HW,
        n ->
            n.equals("rx_write_requests")
                || n.equals("rx_read_requests")
                || n.equals("rx_atomic_requests"));
  }

  static Double rxPfcPerSecond(PortRates period) {
    return rate(period, CounterSource.ETHTOOL, PfcFrames::received);
  }

  static Double txPfcPerSecond(PortRates period) {
    return rate(period, CounterSource.ETHTOOL, PfcFrames::sent);
  }

  static Double rate(PortRates period, CounterSource source, Predicate<String> names) {
    var r = period.perSecond(source, names);
    return r.isPresent() ? r.getAsDouble() : null;
  }

  private Long one(CounterSource source, String name) {
    var v = reading.counter(source, name);
    return v.isPresent() ? v.getAsLong() : null;
  }

  private Long sum(CounterSource source, Predicate<String> names) {
    var v = reading.sum(source, names);
    return v.isPresent() ? v.getAsLong() : null;
  }
}

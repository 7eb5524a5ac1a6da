package io.gpuchassis.agent.console.view;

import io.gpuchassis.agent.console.view.TextTable.Column;
import io.gpuchassis.agent.ethernet.CounterSource;
import io.gpuchassis.agent.ethernet.PfcFrames;
import io.gpuchassis.agent.ethernet.PingSummary;
import io.gpuchassis.agent.ethernet.PortCondition;
import io.gpuchassis.agent.ethernet.PortRates;
import io.gpuchassis.agent.ethernet.PortReading;
import io.gpuchassis.agent.ethernet.PortStatus;
import io.gpuchassis.agent.ethernet.RoundTrip;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * {@code show data-ports}: the chassis's own Ethernet data ports (the 100 GbE variant), each as
 * {@code adapter/port} with its interface, as their Redfish Port and PortMetrics resources show
 * them: link, health, the conditions standing, and the last sampling period's rates of PFC pause
 * frames received and sent and of RoCE packets out of sequence (loss).
 */
public final class DataPortsView {

  public List<String> render(List<PortStatus> ports) {
    return render(ports, List.of());
  }

  /**
   * The ports, then, where the configuration gives ports a peer ({@code dataPorts.roundTrip}), each
   * probed port's last round trip: average and worst in microseconds, the echoes lost, and whether
   * it stands as a condition.
   */
  public List<String> render(List<PortStatus> ports, List<RoundTrip> roundTrips) {
    if (ports.isEmpty()) {
      return List.of("The board names no data-path ports (docs/BOARD.md, networkAdapters).");
    }
    List<String> lines = new ArrayList<>(ports(ports));
    if (!roundTrips.isEmpty()) {
      lines.add("");
      lines.addAll(roundTrips(roundTrips));
    }
    return lines;
  }

  private static List<String> roundTrips(List<RoundTrip> trips) {
    TextTable table =
        TextTable.of(
            Column.left("Port"),
            Column.flexible("Peer"),
            Column.right("Avg us"),
            Column.right("Max us"),
            Column.right("Loss %"),
            Column.left("Health"));
    for (RoundTrip trip : trips) {
      Optional<PingSummary.Rtt> rtt = trip.summary().flatMap(PingSummary::rtt);
      table.row(
          trip.port().adapter() + "/" + trip.port().port(),
          trip.peer(),
          rtt.map(r -> (Object) r.avgMicros()).orElse("-"),
          rtt.map(r -> (Object) r.maxMicros()).orElse("-"),
          trip.summary().map(s -> Cells.number(s.lossPercent(), 0)).orElse("-"),
          trip.summary().isEmpty() ? "Unknown" : trip.conditions().isEmpty() ? "OK" : "Warning");
    }
    return table.lines();
  }

  private static List<String> ports(List<PortStatus> ports) {
    TextTable table =
        TextTable.of(
            Column.left("Port"),
            Column.left("If"),
            Column.left("Link"),
            Column.left("Health"),
            Column.flexible("Conditions"),
            Column.right("RxPFC/s"),
            Column.right("TxPFC/s"),
            Column.right("OOS/s"));
    for (PortStatus status : ports) {
      Optional<PortRates> period = status.period();
      table.row(
          status.port().adapter() + "/" + status.port().port(),
          status.port().netdev(),
          link(status.reading()),
          status.reading().isEmpty() ? "Unknown" : status.conditions().isEmpty() ? "OK" : "Warning",
          status.conditions().isEmpty()
              ? "-"
              : status.conditions().stream()
                  .map(DataPortsView::condition)
                  .sorted()
                  .collect(Collectors.joining(",")),
          Cells.number(rate(period, CounterSource.ETHTOOL, PfcFrames::received), 0),
          Cells.number(rate(period, CounterSource.ETHTOOL, PfcFrames::sent), 0),
          Cells.number(rate(period, CounterSource.RDMA_HW, "out_of_sequence"::equals), 0));
    }
    return table.lines();
  }

  /**
   * {@code up 100G}, {@code down}, or {@code disabled} (no carrier file: administratively down).
   */
  private static String link(Optional<PortReading> reading) {
    if (reading.isEmpty()) {
      return "unknown";
    }
    PortReading r = reading.get();
    if (r.carrier().isEmpty()) {
      return "disabled";
    }
    if (!r.linkUp()) {
      return "down";
    }
    return r.speedMbps().isPresent() ? "up " + r.speedMbps().getAsInt() / 1000 + "G" : "up";
  }

  private static String condition(PortCondition c) {
    return c.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  private static OptionalDouble rate(
      Optional<PortRates> period, CounterSource source, Predicate<String> names) {
    return period.map(p -> p.perSecond(source, names)).orElse(OptionalDouble.empty());
  }
}

package io.gpuchassis.agent.ethernet;

import io.gpuchassis.redfish.message.MessageInstance;
import io.gpuchassis.redfish.message.NetworkDeviceMessages;
import io.gpuchassis.redfish.message.ResourceEventMessages;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Judges a data-path port period by period and says what changed, as registry messages:
 *
 * <ul>
 *   <li>the link dropping or coming up: NetworkDevice ConnectionDropped, ConnectionEstablished, or
 *       DegradedConnectionEstablished when it comes up slower than the port can (the registry's own
 *       pairs: an establishment clears a drop);
 *   <li>a flapping link: NetworkDevice LinkFlapDetected;
 *   <li>a link running slower than the port can: NetworkDevice ConnectionSpeedLow;
 *   <li>a pause storm, packet loss or symbol errors the FEC could not correct: ResourceEvent
 *       ResourceWarningThresholdExceeded, as DMTF has no network message for any of them.
 * </ul>
 *
 * LinkFlapDetected and ConnectionSpeedLow have no clearing message in the NetworkDevice registry;
 * every condition ends, as the agent ends its other threshold conditions (the certificate's
 * expiry), with ResourceEvent ResourceWarningThresholdCleared naming the condition's property and
 * level ({@link PortCondition#property()}).
 */
public final class PortHealthEvaluator {

  private final DataPort port;
  private final PortThresholds thresholds;
  private final FlapWindow flaps;
  private final LinkTransitions links;
  private final Set<PortCondition> active = EnumSet.noneOf(PortCondition.class);

  public PortHealthEvaluator(DataPort port, PortThresholds thresholds) {
    this.port = port;
    this.thresholds = thresholds;
    this.flaps = new FlapWindow(thresholds.flapWindow());
    this.links = new LinkTransitions(port);
  }

  /** The conditions raised and not cleared since. */
  public Set<PortCondition> active() {
    return EnumSet.copyOf(active);
  }

  /** What changed with this period, in the order it is best told. */
  public List<MessageInstance> evaluate(PortRates period) {
    List<MessageInstance> out = new ArrayList<>();
    links.next(period.reading()).ifPresent(out::add);
    flapping(period, out);
    speed(period.reading(), out);
    rate(
        PortCondition.RX_PAUSE_STORM,
        period.perSecond(CounterSource.ETHTOOL, PfcFrames::received),
        thresholds.pauseFramesPerSecond(),
        out);
    rate(PortCondition.TX_PAUSE_STORM, sentPauses(period), thresholds.pauseFramesPerSecond(), out);
    rate(
        PortCondition.PACKET_LOSS,
        period.perSecond(
            CounterSource.RDMA_HW, n -> n.equals("out_of_sequence") || n.equals("packet_seq_err")),
        thresholds.lossPacketsPerSecond(),
        out);
    rate(
        PortCondition.FEC_UNCORRECTABLE,
        period.perSecond(CounterSource.ETHTOOL, "rx_pcs_symbol_err_phy"),
        thresholds.uncorrectableSymbolErrorsPerSecond(),
        out);
    return out;
  }

  /**
   * The rate of PFC pause frames sent; at least the storm level in a period in which the NIC's own
   * stall watch counted (mlx5's tx_pause_storm_warning_events and _error_events): past its critical
   * watermark the NIC stops sending pauses, so the frame rate alone would miss the worst storm.
   */
  private static OptionalDouble sentPauses(PortRates period) {
    OptionalDouble sent = period.perSecond(CounterSource.ETHTOOL, PfcFrames::sent);
    OptionalDouble stalls =
        period.perSecond(CounterSource.ETHTOOL, n -> n.startsWith("tx_pause_storm_"));
    if (stalls.isPresent() && stalls.getAsDouble() > 0) {
      return OptionalDouble.of(Double.POSITIVE_INFINITY);
    }
    return sent;
  }

  private void flapping(PortRates period, List<MessageInstance> out) {
    long inWindow = flaps.add(period.reading().at(), period.carrierChanges());
    long minutes = thresholds.flapWindow().toMinutes();
    if (inWindow >= thresholds.flaps() && active.add(PortCondition.LINK_FLAP)) {
      out.add(
          NetworkDeviceMessages.LINK_FLAP_DETECTED.with(
              port.adapter(), port.port(), port.function(), inWindow, minutes));
    } else if (inWindow < thresholds.flaps() && active.remove(PortCondition.LINK_FLAP)) {
      // the level in the property's own unit: transitions, two per flap
      out.add(cleared(PortCondition.LINK_FLAP, 2L * thresholds.flaps()));
    }
  }

  private void speed(PortReading now, List<MessageInstance> out) {
    if (!now.linkUp() || now.speedMbps().isEmpty()) {
      return; // a link without speed is neither slow nor back to full speed
    }
    String capable = gbps(port.capableSpeedMbps());
    if (slow(now) && active.add(PortCondition.SPEED_LOW)) {
      out.add(
          NetworkDeviceMessages.CONNECTION_SPEED_LOW.with(
              port.adapter(),
              port.port(),
              port.function(),
              gbps(now.speedMbps().getAsInt()),
              capable));
    } else if (!slow(now) && active.remove(PortCondition.SPEED_LOW)) {
      out.add(cleared(PortCondition.SPEED_LOW, capable));
    }
  }

  private void rate(
      PortCondition condition, OptionalDouble rate, double level, List<MessageInstance> out) {
    if (rate.isEmpty()) {
      return; // counters not read this time: the condition stands as it was
    }
    if (rate.getAsDouble() >= level && active.add(condition)) {
      out.add(
          ResourceEventMessages.RESOURCE_WARNING_THRESHOLD_EXCEEDED.with(
              condition.property(), number(level)));
    } else if (rate.getAsDouble() < level / 2 && active.remove(condition)) {
      out.add(cleared(condition, number(level)));
    }
  }

  private boolean slow(PortReading now) {
    return now.speedMbps().isPresent() && now.speedMbps().getAsInt() < port.capableSpeedMbps();
  }

  private static MessageInstance cleared(PortCondition condition, Object level) {
    return ResourceEventMessages.RESOURCE_WARNING_THRESHOLD_CLEARED.with(
        condition.property(), level);
  }

  private static String gbps(int mbps) {
    return number(mbps / 1000.0);
  }

  /** 1000 rather than 1000.0; 2.5 stays 2.5. */
  private static String number(double value) {
    return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }
}

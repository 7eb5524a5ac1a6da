package io.gpuchassis.agent.chassis;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Judges a wired port from the last observation of its switch. Unknown is never healthy: a port of
 * a switch that does not answer, or whose observation is stale, is reported with a warning and no
 * link values.
 */
public final class PortHealth {

  /** How a port is doing. */
  public enum Verdict {
    /** Link as expected (up at full width and speed, or no link where none is expected). */
    OK,
    /**
     * Up but degraded or logging correctable errors at a high rate, training, a host cable without
     * link, or not known (switch unreachable, data stale).
     */
    WARNING,
    /**
     * No link where a GPU or an inter-switch link should have one, or uncorrectable errors on the
     * link.
     */
    CRITICAL
  }

  /**
   * Correctable AER errors per second above which a link is worth a look: a healthy PCIe link logs
   * a handful a day; a steady stream means a marginal cable, retimer or slot, and usually precedes
   * link retraining.
   */
  public static final double CORRECTABLE_ERRORS_PER_SECOND = 10;

  private PortHealth() {}

  /**
   * @param observation the port's switch's last observation, if any
   * @param staleAfter observations older than this are not trusted
   */
  public static Verdict judge(
      WiredPort port, Optional<SwitchObservation> observation, Instant now, Duration staleAfter) {
    Optional<PortLink> link = trustedLink(port, observation, now, staleAfter);
    if (link.isEmpty()) {
      return Verdict.WARNING;
    }
    PortLink l = link.get();
    if (!linkExpected(port, l)) {
      return Verdict.OK;
    }
    if (l.up()) {
      if (l.errorRates().uncorrectablePerSecond() > 0) {
        return Verdict.CRITICAL;
      }
      boolean noisy = l.errorRates().correctablePerSecond() > CORRECTABLE_ERRORS_PER_SECOND;
      return port.degraded(l) || noisy ? Verdict.WARNING : Verdict.OK;
    }
    if (l.training() || port.role() == WiredPort.Role.HOST) {
      // A host that is powered off or rebooting has no link: worth a look, not an alarm.
      return Verdict.WARNING;
    }
    return Verdict.CRITICAL;
  }

  /**
   * Whether a link should be up: a slot only when a GPU is in it and it is bound into a host's
   * partition (an unbound downstream port is held down by the switch); a host port or inter-switch
   * link always.
   */
  public static boolean linkExpected(WiredPort port, PortLink link) {
    return port.linkExpected()
        && (port.role() != WiredPort.Role.SLOT || link.partition().isPresent());
  }

  /** The port's link values, only when they come from a recent successful poll. */
  public static Optional<PortLink> trustedLink(
      WiredPort port, Optional<SwitchObservation> observation, Instant now, Duration staleAfter) {
    return observation
        .filter(SwitchObservation::reachable)
        .filter(o -> !o.observedAt().plus(staleAfter).isBefore(now))
        .flatMap(o -> o.port(port.port()));
  }
}

package io.gpuchassis.agent.ethernet;

import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/**
 * A data-path port's latest round-trip probe, as the views read it.
 *
 * @param port the port probed
 * @param peer the address pinged through it
 * @param thresholdMicros the average round trip above which the port is warned about
 * @param summary the last probe's statistics; empty until a probe ran
 * @param probedAt when the last probe ended; empty until a probe ran
 * @param conditions what the probes raised and have not cleared
 */
public record RoundTrip(
    DataPort port,
    String peer,
    long thresholdMicros,
    Optional<PingSummary> summary,
    Optional<Instant> probedAt,
    Set<Condition> conditions) {

  /** What a probe can find wrong, each with the property its threshold messages name. */
  public enum Condition {
    /** The average round trip is above the threshold. */
    SLOW("AverageMicroseconds"),
    /** Half the echoes or more went unanswered. */
    LOSS("LossPercent");

    private final String property;

    Condition(String property) {
      this.property = property;
    }

    public String property() {
      return property;
    }
  }

  public RoundTrip {
    conditions = Set.copyOf(conditions);
  }

  /** Before the first probe. */
  static RoundTrip unprobed(DataPort port, String peer, long thresholdMicros) {
    return new RoundTrip(port, peer, thresholdMicros, Optional.empty(), Optional.empty(), Set.of());
  }

  /** Whether a condition stands: the port's health is then a warning. */
  public boolean warning() {
    return !conditions.isEmpty();
  }
}

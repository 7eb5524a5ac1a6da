package io.gpuchassis.agent.compose;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * A lease on a GPU's assignment: the GPU in {@code slot}, bound to {@code host}, belongs to {@code
 * owner} until {@code expires}; with {@code idleReleaseAfter}, it is also released once its switch
 * port has moved no data for that long. The {@link LeaseKeeper} releases it through the binding
 * engine, whose release policy still decides; a lease ends when its GPU leaves the host, whoever
 * released it ({@link Leases}).
 *
 * @param setBy the account that set the lease
 * @param set when it was set
 */
public record Lease(
    int slot,
    String host,
    String owner,
    String setBy,
    Instant expires,
    Optional<Duration> idleReleaseAfter,
    Instant set) {

  public Lease {
    if (owner.isBlank()) {
      throw new IllegalArgumentException("a lease has an owner");
    }
    idleReleaseAfter.ifPresent(
        d -> {
          if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException("an idle time must be positive, not " + d);
          }
        });
  }

  /** Whether the lease has run out at {@code now}. */
  public boolean expiredAt(Instant now) {
    return !now.isBefore(expires);
  }
}

package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.HostSight;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The wait for a host's word that it sees a GPU just attached to it, the same on both fabrics: none
 * when the host has no helper to say so, else bounded by the wait {@link BindingEngine#confirmWith}
 * was given. It never fails: a host that does not answer in time is a {@link HostSight#NOT_SEEN},
 * and the GPU stays attached.
 */
final class HostSightWait {

  /** Who confirms that a host sees its GPU, and how long a bind waits for it: set together. */
  private record Confirmation(HostConfirmation by, Duration within) {}

  private volatile Confirmation confirmation =
      new Confirmation(HostConfirmation.NONE, Duration.ZERO);

  /** See {@link BindingEngine#confirmWith}. */
  void confirmWith(HostConfirmation by, Duration within) {
    this.confirmation = new Confirmation(by, within);
  }

  /**
   * What {@code host} says of the GPU in {@code slot}, reported at {@code since} or later: at once
   * {@link HostSight#NOT_EXPECTED} when it has no helper, else once it reports it or the wait ends.
   * The wait blocks no thread.
   */
  CompletableFuture<HostSight> await(int slot, String host, Instant since) {
    Confirmation confirm = confirmation;
    Optional<CompletableFuture<String>> seen = confirm.by().whenSeen(slot, host, since);
    if (seen.isEmpty()) {
      return CompletableFuture.completedFuture(HostSight.NOT_EXPECTED);
    }
    return seen.get()
        .orTimeout(confirm.within().toMillis(), TimeUnit.MILLISECONDS)
        .handle((address, error) -> error == null ? HostSight.seenAt(address) : HostSight.NOT_SEEN);
  }
}

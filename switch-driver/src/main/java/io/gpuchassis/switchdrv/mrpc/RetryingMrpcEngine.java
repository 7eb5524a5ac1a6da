package io.gpuchassis.switchdrv.mrpc;

import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.wire.Deadline;
import java.time.Duration;

/**
 * Re-submits a command the firmware answered "busy" (handler busy, bind in progress), with
 * exponential back-off, until the deadline. A busy answer means the command did not run, but
 * non-idempotent commands ({@link MrpcRequest#retrySafe()} false) are still never re-submitted:
 * their busy answer goes straight back to the caller.
 *
 * <p>A retry that the deadline cuts short (over MoE and the in-band node every exchange is bounded
 * by it) ends with the switch's last answer, busy, not with TIMEOUT: the switch answered every
 * attempt there was time for, and TIMEOUT would tell the caller that its answer was lost (the agent
 * then marks a slot's state unknown) when the switch was only busy. A retried command is
 * retry-safe; should the cut-short attempt have run after all, a caller that acts on BUSY settles
 * it as it would a busy bind that completes late.
 */
public final class RetryingMrpcEngine implements MrpcEngine {

  private final MrpcEngine delegate;
  private final Duration initialBackoff;
  private final Duration maxBackoff;

  public RetryingMrpcEngine(MrpcEngine delegate, Duration initialBackoff, Duration maxBackoff) {
    this.delegate = delegate;
    this.initialBackoff = initialBackoff;
    this.maxBackoff = maxBackoff;
  }

  @Override
  public MrpcResult execute(MrpcRequest request, Deadline deadline) {
    Duration backoff = initialBackoff;
    MrpcResult busy = null;
    while (true) {
      MrpcResult result;
      try {
        result = delegate.execute(request, deadline);
      } catch (SwitchException e) {
        if (busy != null && e.kind() == SwitchException.Kind.TIMEOUT && deadline.expired()) {
          return busy;
        }
        throw e;
      }
      if (!request.retrySafe()
          || !FirmwareErrors.isBusy(request.commandId(), result)
          || deadline.remainingNanos() <= backoff.toNanos()) {
        return result;
      }
      busy = result;
      deadline.sleepAtMost(backoff);
      backoff =
          backoff.multipliedBy(2).compareTo(maxBackoff) > 0 ? maxBackoff : backoff.multipliedBy(2);
    }
  }
}

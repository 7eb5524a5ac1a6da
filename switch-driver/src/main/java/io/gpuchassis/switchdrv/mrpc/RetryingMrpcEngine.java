package io.gpuchassis.switchdrv.mrpc;

import io.gpuchassis.switchdrv.wire.Deadline;
import java.time.Duration;

/**
 * Re-submits a command the firmware answered "busy" (handler busy, bind in progress), with
 * exponential back-off, until the deadline. A busy answer means the command did not run, but
 * non-idempotent commands ({@link MrpcRequest#retrySafe()} false) are still never re-submitted:
 * their busy answer goes straight back to the caller.
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
    while (true) {
      MrpcResult result = delegate.execute(request, deadline);
      if (!request.retrySafe()
          || !FirmwareErrors.isBusy(request.commandId(), result)
          || deadline.remainingNanos() <= backoff.toNanos()) {
        return result;
      }
      deadline.sleepAtMost(backoff);
      backoff =
          backoff.multipliedBy(2).compareTo(maxBackoff) > 0 ? maxBackoff : backoff.multipliedBy(2);
    }
  }
}

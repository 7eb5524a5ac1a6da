package io.gpuchassis.switchdrv.mrpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.wire.Deadline;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Busy answers: retried until the switch answers, never for a command that is not retry-safe. */
class RetryingMrpcEngineTest {

  private static final MrpcRequest READ =
      new MrpcRequest(CommandIds.DIETEMP, new byte[0], 4, true, true);

  /** Answers every attempt with busy. */
  private static final class BusySwitch implements MrpcEngine {
    int attempts;

    @Override
    public MrpcResult execute(MrpcRequest request, Deadline deadline) {
      attempts++;
      return new MrpcResult(
          MailboxRegisters.STATUS_ERROR, FirmwareErrors.ERR_HANDLER_NOT_IDLE, new byte[0]);
    }
  }

  @Test
  void a_switch_busy_for_a_while_is_retried_until_it_answers() {
    MrpcEngine busyTwice =
        new MrpcEngine() {
          int attempts;

          @Override
          public MrpcResult execute(MrpcRequest request, Deadline deadline) {
            return ++attempts <= 2
                ? new MrpcResult(
                    MailboxRegisters.STATUS_ERROR, FirmwareErrors.ERR_HANDLER_NOT_IDLE, new byte[0])
                : new MrpcResult(MailboxRegisters.STATUS_DONE, 0, new byte[] {45, 0, 0, 0});
          }
        };
    RetryingMrpcEngine engine =
        new RetryingMrpcEngine(busyTwice, Duration.ofMillis(1), Duration.ofMillis(4));

    MrpcResult result = engine.execute(READ, Deadline.in(Duration.ofSeconds(10)));

    assertTrue(result.succeeded());
    assertEquals(45, result.output()[0]);
  }

  @Test
  void a_retry_cut_short_by_the_deadline_ends_with_the_busy_answer_not_timeout() {
    // Like MoE or the in-band node, whose exchange the deadline bounds: busy, then a retry that
    // runs out of time with its answer unread.
    MrpcEngine busyThenCut =
        new MrpcEngine() {
          int attempts;

          @Override
          public MrpcResult execute(MrpcRequest request, Deadline deadline) {
            if (++attempts == 1) {
              return new MrpcResult(
                  MailboxRegisters.STATUS_ERROR, FirmwareErrors.ERR_HANDLER_NOT_IDLE, new byte[0]);
            }
            deadline.sleepAtMost(Duration.ofSeconds(1));
            throw new SwitchException(SwitchException.Kind.TIMEOUT, "no answer by the deadline");
          }
        };
    RetryingMrpcEngine engine =
        new RetryingMrpcEngine(busyThenCut, Duration.ofMillis(1), Duration.ofMillis(1));

    MrpcResult result = engine.execute(READ, Deadline.in(Duration.ofMillis(50)));

    assertTrue(FirmwareErrors.isBusy(READ.commandId(), result), "busy answer " + result);
  }

  @Test
  void a_first_attempt_without_an_answer_is_still_a_timeout() {
    MrpcEngine silent =
        (request, deadline) -> {
          deadline.sleepAtMost(Duration.ofSeconds(1));
          throw new SwitchException(SwitchException.Kind.TIMEOUT, "no answer by the deadline");
        };
    RetryingMrpcEngine engine =
        new RetryingMrpcEngine(silent, Duration.ofMillis(1), Duration.ofMillis(1));

    SwitchException e =
        assertThrows(
            SwitchException.class, () -> engine.execute(READ, Deadline.in(Duration.ofMillis(20))));
    assertEquals(SwitchException.Kind.TIMEOUT, e.kind());
  }

  @Test
  void a_command_that_is_not_retry_safe_is_submitted_once_even_when_busy() {
    BusySwitch busy = new BusySwitch();
    RetryingMrpcEngine engine =
        new RetryingMrpcEngine(busy, Duration.ofMillis(1), Duration.ofMillis(1));
    MrpcRequest toggle = new MrpcRequest(CommandIds.DIETEMP, new byte[0], 0, false, true);

    MrpcResult result = engine.execute(toggle, Deadline.in(Duration.ofSeconds(10)));

    assertTrue(FirmwareErrors.isBusy(toggle.commandId(), result));
    assertEquals(1, busy.attempts);
  }
}

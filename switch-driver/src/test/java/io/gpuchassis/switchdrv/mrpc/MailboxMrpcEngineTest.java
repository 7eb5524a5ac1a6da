package io.gpuchassis.switchdrv.mrpc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.transport.SwitchTransport;
import io.gpuchassis.switchdrv.transport.WriteMode;
import io.gpuchassis.switchdrv.wire.Deadline;
import io.gpuchassis.switchdrv.wire.LeWriter;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The mailbox algorithm of the reference §1.1, checked against a scripted GAS. */
class MailboxMrpcEngineTest {

  /** A GAS whose status register answers from a script; records every access. */
  static final class ScriptedGas implements SwitchTransport {
    final List<String> log = new ArrayList<>();
    final Deque<int[]> statusScript = new ArrayDeque<>(); // {status, ret}
    byte[] output = new byte[1024];

    @Override
    public byte[] read(int offset, int length) {
      log.add(String.format("R %04x %d", offset, length));
      if (offset == MailboxRegisters.STATUS) {
        int[] s = statusScript.size() > 1 ? statusScript.poll() : statusScript.peek();
        byte[] b = new byte[length];
        LeWriter.putU32(b, 0, s[0]);
        if (length >= 8) {
          LeWriter.putU32(b, 4, s[1]);
        }
        return b;
      }
      return java.util.Arrays.copyOf(output, length);
    }

    @Override
    public void write(int offset, byte[] data, WriteMode mode) {
      log.add(String.format("W %04x %d %s", offset, data.length, mode));
    }

    @Override
    public String description() {
      return "scripted";
    }

    @Override
    public void close() {}
  }

  private static MrpcRequest req(boolean retrySafe) {
    return new MrpcRequest(0x41, new byte[] {1, 2, 3, 4}, 4, retrySafe, true);
  }

  @Test
  void submits_payload_then_command_then_polls_then_reads_output() {
    ScriptedGas gas = new ScriptedGas();
    gas.statusScript.add(new int[] {0, 0}); // idle check of a fresh engine
    gas.statusScript.add(new int[] {1, 0}); // in progress
    gas.statusScript.add(new int[] {-1, -1}); // all-ones: endpoint busy, keep polling
    gas.statusScript.add(new int[] {2, 0}); // done
    gas.output = new byte[] {9, 8, 7, 6};
    MrpcResult r =
        new MailboxMrpcEngine(gas, Duration.ofMillis(1))
            .execute(req(true), Deadline.in(Duration.ofSeconds(1)));
    assertTrue(r.succeeded());
    assertArrayEquals(new byte[] {9, 8, 7, 6}, r.output());
    assertEquals(
        List.of(
            "R 0804 4",
            "W 0000 4 RETRY_ALLOWED",
            "W 0800 4 RETRY_ALLOWED",
            "R 0804 8",
            "R 0804 8",
            "R 0804 8",
            "R 0400 4"),
        gas.log);
  }

  @Test
  void non_idempotent_command_word_is_written_without_retry() {
    ScriptedGas gas = new ScriptedGas();
    gas.statusScript.add(new int[] {2, 0});
    new MailboxMrpcEngine(gas, Duration.ofMillis(1))
        .execute(req(false), Deadline.in(Duration.ofSeconds(1)));
    assertTrue(gas.log.contains("W 0800 4 NO_RETRY"));
    assertTrue(gas.log.contains("W 0000 4 RETRY_ALLOWED"));
  }

  @Test
  void firmware_error_is_a_value() {
    ScriptedGas gas = new ScriptedGas();
    gas.statusScript.add(new int[] {0xFF, 0x64005});
    MrpcResult r =
        new MailboxMrpcEngine(gas, Duration.ofMillis(1))
            .execute(req(true), Deadline.in(Duration.ofSeconds(1)));
    assertEquals(0xFF, r.status());
    assertEquals(0x64005, r.returnValue());
    assertEquals(SwitchException.Kind.DEVICE_ERROR, FirmwareErrors.toException(0x41, r).kind());
  }

  @Test
  void stuck_in_progress_times_out_and_the_next_call_waits_for_idle() {
    ScriptedGas gas = new ScriptedGas();
    gas.statusScript.add(new int[] {1, 0});
    MailboxMrpcEngine engine = new MailboxMrpcEngine(gas, Duration.ofMillis(1));
    // the fresh engine's idle check sees "in progress" until the deadline: BUSY, nothing submitted
    assertEquals(
        SwitchException.Kind.BUSY,
        assertThrows(
                SwitchException.class,
                () -> engine.execute(req(true), Deadline.in(Duration.ofMillis(20))))
            .kind());
    assertTrue(gas.log.stream().noneMatch(l -> l.startsWith("W")));
    gas.statusScript.clear();
    gas.statusScript.add(new int[] {0, 0});
    gas.statusScript.add(new int[] {1, 0});
    long t0 = System.nanoTime();
    assertEquals(
        SwitchException.Kind.TIMEOUT,
        assertThrows(
                SwitchException.class,
                () -> engine.execute(req(true), Deadline.in(Duration.ofMillis(30))))
            .kind());
    assertTrue(System.nanoTime() - t0 < 500_000_000L);
  }

  @Test
  void status_back_to_idle_under_a_command_is_io() {
    ScriptedGas gas = new ScriptedGas();
    gas.statusScript.add(new int[] {0, 0});
    gas.statusScript.add(new int[] {1, 0});
    gas.statusScript.add(new int[] {0, 0}); // the chip restarted
    assertEquals(
        SwitchException.Kind.IO,
        assertThrows(
                SwitchException.class,
                () ->
                    new MailboxMrpcEngine(gas, Duration.ofMillis(1))
                        .execute(req(true), Deadline.in(Duration.ofSeconds(1))))
            .kind());
  }

  @Test
  void busy_answers_are_retried_only_for_retry_safe_commands() {
    int[] calls = {0};
    MrpcEngine busyTwice =
        (r, d) ->
            ++calls[0] <= 2
                ? new MrpcResult(0xFF, FirmwareErrors.ERR_HANDLER_NOT_IDLE, new byte[0])
                : new MrpcResult(2, 0, new byte[4]);
    RetryingMrpcEngine retrying =
        new RetryingMrpcEngine(busyTwice, Duration.ofMillis(1), Duration.ofMillis(4));
    assertTrue(retrying.execute(req(true), Deadline.in(Duration.ofSeconds(1))).succeeded());
    assertEquals(3, calls[0]);
    calls[0] = 0;
    MrpcResult r = retrying.execute(req(false), Deadline.in(Duration.ofSeconds(1)));
    assertEquals(1, calls[0]);
    assertEquals(SwitchException.Kind.BUSY, FirmwareErrors.toException(0x41, r).kind());
  }

  @Test
  void firmware_codes_map_once() {
    MrpcResult bindBusy = new MrpcResult(0xFF, FirmwareErrors.BIND_IN_PROGRESS, new byte[0]);
    assertEquals(
        SwitchException.Kind.BUSY,
        FirmwareErrors.toException(CommandIds.PORTPARTP2P, bindBusy).kind());
    MrpcResult taken = new MrpcResult(0xFF, FirmwareErrors.BIND_PHYS_ALREADY_BOUND, new byte[0]);
    SwitchException e = FirmwareErrors.toException(CommandIds.PORTPARTP2P, taken);
    assertEquals(SwitchException.Kind.DEVICE_ERROR, e.kind());
    assertEquals(1, e.firmwareCode().getAsLong());
    assertTrue(e.getMessage().contains("already bound"));
    assertEquals(
        SwitchException.Kind.IO,
        FirmwareErrors.toException(4, new MrpcResult(0x100, 0, new byte[0])).kind());
  }
}

package io.gpuchassis.sensor.policy;

import io.gpuchassis.sensor.threshold.Health;
import java.time.Instant;

/**
 * Something the over-temperature policy wants done for a slot. Execute in the order given. Each
 * slot holds at most one fan override: {@link RaiseFans}, {@link FansToFull} and {@link
 * ReleaseFans} replace that slot's previous one (see {@link FanOverrides}).
 */
public sealed interface PolicyAction {

  int slot();

  /** Severity of a log line. */
  enum LogLevel {
    INFO,
    WARN,
    ERROR
  }

  /** Write a line to the agent's log (and the persistent event log). */
  record LogEntry(int slot, LogLevel level, String message) implements PolicyAction {}

  /**
   * Publish an event to subscribers (Redfish EventService) and record it on the slot's conditions.
   */
  record Event(int slot, Health severity, String messageId, String message)
      implements PolicyAction {}

  /** Keep the fan zone at or above {@code floorPercent} while this slot is hot. */
  record RaiseFans(int slot, double floorPercent) implements PolicyAction {}

  /** Run the fans at full duty because of this slot. */
  record FansToFull(int slot) implements PolicyAction {}

  /** Withdraw this slot's fan override. */
  record ReleaseFans(int slot) implements PolicyAction {}

  /** Ask the orchestrator to release the GPU from its host before {@code deadline}. */
  record RequestDrain(int slot, Instant deadline) implements PolicyAction {}

  /** Switch slot power off (PERST# asserted first, then power enable low). */
  record PowerOffSlot(int slot) implements PolicyAction {}

  /** Mark the slot's thermal fault latched: it stays off until an operator clears it. */
  record Latch(int slot) implements PolicyAction {}

  /**
   * The latch is cleared; the slot may be powered on again by an explicit request (never
   * automatically).
   */
  record ClearLatch(int slot) implements PolicyAction {}
}

package io.gpuchassis.sensor.policy;

import io.gpuchassis.sensor.policy.PolicyAction.ClearLatch;
import io.gpuchassis.sensor.policy.PolicyAction.Event;
import io.gpuchassis.sensor.policy.PolicyAction.FansToFull;
import io.gpuchassis.sensor.policy.PolicyAction.Latch;
import io.gpuchassis.sensor.policy.PolicyAction.LogEntry;
import io.gpuchassis.sensor.policy.PolicyAction.LogLevel;
import io.gpuchassis.sensor.policy.PolicyAction.PowerOffSlot;
import io.gpuchassis.sensor.policy.PolicyAction.RaiseFans;
import io.gpuchassis.sensor.policy.PolicyAction.ReleaseFans;
import io.gpuchassis.sensor.policy.PolicyAction.RequestDrain;
import io.gpuchassis.sensor.threshold.Health;
import io.gpuchassis.sensor.threshold.Severity;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.IntPredicate;

/**
 * Escalation for GPU over-temperature (reference §5.4), as pure logic:
 *
 * <ol>
 *   <li>caution: log, Warning event, raise the fan floor;
 *   <li>critical: log, Critical event, fans to full; then, if the GPU is not bound to a host,
 *       announce and power off the slot and latch; if it is bound, request a drain and power off
 *       when the grace period ends with the GPU still critical (or as soon as it is no longer
 *       bound);
 *   <li>fatal: as critical, but power off at once even if bound;
 *   <li>a latched slot stays off until {@link #clearLatch}; the policy never powers a slot on.
 * </ol>
 *
 * Every power-off is preceded, in the returned list, by a log entry and an event for that slot.
 * Which GPUs are bound is the caller's knowledge, asked through the predicate at decision time.
 *
 * <p>Not thread-safe: one owner (the chassis state writer) feeds it.
 */
public final class OverTempPolicy {

  public static final String MESSAGE_CAUTION = "ReadingAboveUpperCautionThreshold";
  public static final String MESSAGE_CRITICAL = "ReadingAboveUpperCriticalThreshold";
  public static final String MESSAGE_FATAL = "ReadingAboveUpperFatalThreshold";
  public static final String MESSAGE_NORMAL = "SensorReadingNormalRange";
  public static final String MESSAGE_DRAIN_REQUESTED = "OverTemperatureDrainRequested";
  public static final String MESSAGE_POWER_OFF = "OverTemperatureSlotPowerOff";
  public static final String MESSAGE_LATCH_CLEARED = "OverTemperatureLatchCleared";

  private static final class Slot {
    SlotThermalState state = SlotThermalState.NORMAL;
    Severity severity = Severity.OK;
    double celsius;
    Instant drainDeadline;
  }

  private final OverTempSettings settings;
  private final IntPredicate boundToHost;
  private final Map<Integer, Slot> slots = new HashMap<>();

  public OverTempPolicy(OverTempSettings settings, IntPredicate boundToHost) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.boundToHost = Objects.requireNonNull(boundToHost, "boundToHost");
  }

  public SlotThermalState state(int slot) {
    return slot(slot).state;
  }

  public boolean isLatched(int slot) {
    return slot(slot).state == SlotThermalState.TRIPPED;
  }

  /**
   * The temperature severity of the GPU in {@code slot} changed (typically a {@code ThresholdEvent}
   * of its temperature sensor).
   */
  public List<PolicyAction> onSeverity(int slot, Severity severity, double celsius, Instant now) {
    Slot s = slot(slot);
    Severity before = s.severity;
    s.severity = severity;
    s.celsius = celsius;
    List<PolicyAction> actions = new ArrayList<>();
    if (s.state == SlotThermalState.TRIPPED) {
      actions.add(
          new LogEntry(
              slot,
              LogLevel.INFO,
              String.format(
                  "slot %d is latched off for over-temperature; GPU now %s at %.1f °C",
                  slot, severity, celsius)));
      return actions;
    }
    switch (severity) {
      case FATAL:
        alarm(actions, slot, severity, celsius);
        powerOff(actions, slot, s, "fatal temperature");
        break;
      case CRITICAL:
        if (before.worseThan(Severity.CRITICAL)) {
          actions.add(
              new LogEntry(
                  slot,
                  LogLevel.WARN,
                  String.format(
                      "GPU in slot %d back below fatal at %.1f °C, still critical",
                      slot, celsius)));
          break;
        }
        alarm(actions, slot, severity, celsius);
        if (boundToHost.test(slot)) {
          requestDrain(actions, slot, s, now);
        } else {
          powerOff(actions, slot, s, "critical temperature, GPU not bound to a host");
        }
        break;
      case CAUTION:
        if (before.worseThan(Severity.CAUTION)) {
          recoveredToCaution(actions, slot, s, celsius);
        } else {
          s.state = SlotThermalState.WARNING;
          actions.add(
              new LogEntry(
                  slot,
                  LogLevel.WARN,
                  String.format(
                      "GPU in slot %d above its caution temperature at %.1f °C; raising fans",
                      slot, celsius)));
          actions.add(
              new Event(
                  slot,
                  Health.WARNING,
                  MESSAGE_CAUTION,
                  String.format(
                      "GPU in slot %d is at %.1f °C, above its caution threshold.",
                      slot, celsius)));
          actions.add(new RaiseFans(slot, settings.cautionFanFloorPercent()));
        }
        break;
      case OK:
      default:
        s.state = SlotThermalState.NORMAL;
        s.drainDeadline = null;
        actions.add(
            new LogEntry(
                slot,
                LogLevel.INFO,
                String.format(
                    "GPU in slot %d back to normal temperature at %.1f °C", slot, celsius)));
        actions.add(
            new Event(
                slot,
                Health.OK,
                MESSAGE_NORMAL,
                String.format(
                    "GPU in slot %d is at %.1f °C, within its normal range.", slot, celsius)));
        actions.add(new ReleaseFans(slot));
    }
    return actions;
  }

  /**
   * Advances time: a draining slot whose GPU is still critical is powered off when its grace period
   * has ended, or as soon as its GPU is no longer bound.
   */
  public List<PolicyAction> tick(Instant now) {
    List<PolicyAction> actions = new ArrayList<>();
    slots.entrySet().stream()
        .filter(e -> e.getValue().state == SlotThermalState.DRAINING)
        .sorted(Map.Entry.comparingByKey())
        .forEach(
            e -> {
              int slot = e.getKey();
              Slot s = e.getValue();
              if (!now.isBefore(s.drainDeadline)) {
                powerOff(
                    actions,
                    slot,
                    s,
                    "critical temperature persisted through the drain grace period");
              } else if (!boundToHost.test(slot)) {
                powerOff(actions, slot, s, "critical temperature, GPU released by its host");
              }
            });
    return actions;
  }

  /**
   * An operator (named in the log) clears the latch. The slot stays off; powering on is a separate
   * request.
   */
  public List<PolicyAction> clearLatch(int slot, String operator, Instant now) {
    Slot s = slot(slot);
    List<PolicyAction> actions = new ArrayList<>();
    if (s.state != SlotThermalState.TRIPPED) {
      return actions;
    }
    s.state = SlotThermalState.NORMAL;
    s.severity = Severity.OK;
    actions.add(
        new LogEntry(
            slot,
            LogLevel.INFO,
            "over-temperature latch of slot "
                + slot
                + " cleared by "
                + operator
                + "; slot stays off until powered on"));
    actions.add(
        new Event(
            slot,
            Health.OK,
            MESSAGE_LATCH_CLEARED,
            "The over-temperature latch of slot " + slot + " was cleared."));
    actions.add(new ClearLatch(slot));
    actions.add(new ReleaseFans(slot));
    return actions;
  }

  private void alarm(List<PolicyAction> actions, int slot, Severity severity, double celsius) {
    String level = severity == Severity.FATAL ? "fatal" : "critical";
    actions.add(
        new LogEntry(
            slot,
            LogLevel.ERROR,
            String.format(
                "GPU in slot %d above its %s temperature at %.1f °C; fans to full",
                slot, level, celsius)));
    actions.add(
        new Event(
            slot,
            Health.CRITICAL,
            severity == Severity.FATAL ? MESSAGE_FATAL : MESSAGE_CRITICAL,
            String.format(
                "GPU in slot %d is at %.1f °C, above its %s threshold.", slot, celsius, level)));
    actions.add(new FansToFull(slot));
  }

  private void requestDrain(List<PolicyAction> actions, int slot, Slot s, Instant now) {
    if (s.state == SlotThermalState.DRAINING) {
      return;
    }
    s.state = SlotThermalState.DRAINING;
    s.drainDeadline = now.plus(settings.drainGrace());
    actions.add(
        new LogEntry(
            slot,
            LogLevel.ERROR,
            "GPU in slot "
                + slot
                + " is bound to a host; requesting its release, slot power-off at "
                + s.drainDeadline));
    actions.add(
        new Event(
            slot,
            Health.CRITICAL,
            MESSAGE_DRAIN_REQUESTED,
            "GPU in slot "
                + slot
                + " must be released by its host: the slot will be powered off for over-temperature at "
                + s.drainDeadline
                + "."));
    actions.add(new RequestDrain(slot, s.drainDeadline));
  }

  /** The only place a {@link PowerOffSlot} is produced: always after its log entry and event. */
  private void powerOff(List<PolicyAction> actions, int slot, Slot s, String reason) {
    s.state = SlotThermalState.TRIPPED;
    s.drainDeadline = null;
    String temperature = String.format("%.1f °C", s.celsius);
    actions.add(
        new LogEntry(
            slot,
            LogLevel.ERROR,
            "powering off slot "
                + slot
                + " ("
                + reason
                + ", "
                + temperature
                + "); latched until cleared"));
    actions.add(
        new Event(
            slot,
            Health.CRITICAL,
            MESSAGE_POWER_OFF,
            "Slot " + slot + " is being powered off: " + reason + " (" + temperature + ")."));
    actions.add(new PowerOffSlot(slot));
    actions.add(new Latch(slot));
  }

  private void recoveredToCaution(List<PolicyAction> actions, int slot, Slot s, double celsius) {
    boolean cancelled = s.state == SlotThermalState.DRAINING;
    s.state = SlotThermalState.WARNING;
    s.drainDeadline = null;
    actions.add(
        new LogEntry(
            slot,
            LogLevel.WARN,
            String.format(
                "GPU in slot %d back below critical at %.1f °C%s",
                slot, celsius, cancelled ? "; power-off cancelled" : "")));
    actions.add(
        new Event(
            slot,
            Health.WARNING,
            "ReadingBelowUpperCriticalThreshold",
            String.format(
                "GPU in slot %d is at %.1f °C, below critical but above caution.", slot, celsius)));
    actions.add(new RaiseFans(slot, settings.cautionFanFloorPercent()));
  }

  private Slot slot(int slot) {
    return slots.computeIfAbsent(slot, n -> new Slot());
  }
}

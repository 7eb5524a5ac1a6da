package io.gpuchassis.switchdrv.expether.sim;

import java.time.Instant;

/**
 * One engine's changing state inside the simulated manager. Guarded by {@link EemManagerState}'s
 * lock; never handed out.
 */
final class SimEngine {

  final EngineSpec spec;

  /** The group the engine reports. */
  int group;

  /** Where a group change under way goes, or -1; it lands at {@link #due}. */
  int pendingGroup = -1;

  Instant due;

  /** False while the engine is off the network: its ports report down, changes fail. */
  boolean reachable = true;

  Instant updateTime;

  SimEngine(EngineSpec spec, Instant now) {
    this.spec = spec;
    this.group = spec.groupId();
    this.updateTime = now;
  }

  String id() {
    return spec.id();
  }

  boolean changing() {
    return pendingGroup >= 0;
  }

  /** The group the engine is in or going to: what limits and allocations count. */
  int effectiveGroup() {
    return changing() ? pendingGroup : group;
  }

  /** Lands a change whose hot-plug is over. An engine off the network finishes nothing. */
  void settle(Instant now) {
    if (changing() && reachable && !now.isBefore(due)) {
      group = pendingGroup;
      pendingGroup = -1;
      due = null;
      updateTime = now;
    }
  }
}

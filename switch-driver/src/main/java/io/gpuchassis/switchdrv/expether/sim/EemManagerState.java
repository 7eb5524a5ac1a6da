package io.gpuchassis.switchdrv.expether.sim;

import io.gpuchassis.switchdrv.expether.EemGroups;
import io.gpuchassis.switchdrv.expether.EemRole;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What the simulated manager knows and the rules it keeps: groups, the free pool, the per-host
 * limit, hot-plug delays, engines off the network. Every method takes the one lock, lands the
 * changes whose delay is over, and either does the whole request or refuses with an {@link
 * EemSimError} and changes nothing.
 */
final class EemManagerState {

  private final Map<String, SimEngine> engines = new LinkedHashMap<>();
  private final InstantSource clock;
  private final Duration hotPlugDelay;

  EemManagerState(List<EngineSpec> specs, InstantSource clock, Duration hotPlugDelay) {
    this.clock = clock;
    this.hotPlugDelay = hotPlugDelay;
    Instant now = clock.instant();
    for (EngineSpec spec : specs) {
      if (engines.putIfAbsent(spec.id(), new SimEngine(spec, now)) != null) {
        throw new IllegalArgumentException("two engines with ID " + spec.id());
      }
    }
  }

  Instant now() {
    return clock.instant();
  }

  /** Snapshots of the engines of a role (all when empty), in one group when one is given. */
  synchronized List<EngineView> list(Optional<EemRole> role, OptionalInt group) {
    settle();
    List<EngineView> views = new ArrayList<>();
    for (SimEngine e : engines.values()) {
      if (role.map(r -> r == e.spec.role()).orElse(true)
          && (group.isEmpty() || e.group == group.getAsInt())) {
        views.add(view(e));
      }
    }
    return views;
  }

  synchronized EngineView get(String id) {
    settle();
    return view(engine(id));
  }

  /**
   * Starts moving engine {@code id} into {@code group}; null on a host asks for an unused group.
   *
   * @return the group it is going to, and when
   */
  synchronized Accepted setGroup(String id, Integer group) {
    settle();
    SimEngine e = changeable(id);
    int target;
    if (group == null) {
      if (e.spec.role() != EemRole.EESV) {
        throw EemSimError.badRequest("only a host engine (eesv) is given a new group");
      }
      target = unusedGroup();
    } else {
      if (!EemGroups.assignable(group)) {
        throw EemSimError.badRequest(
            "group_id must be "
                + EemGroups.FIRST_ASSIGNABLE
                + "-"
                + EemGroups.LAST_ASSIGNABLE
                + ", got "
                + group);
      }
      target = group;
      if (e.spec.role() == EemRole.EESV) {
        requireNoOtherHost(e, target);
      } else {
        requireRoomFor(e, target);
      }
    }
    begin(e, target);
    return new Accepted(target, e.updateTime);
  }

  /** Takes engine {@code id} out of its group: an I/O engine to 4093, a host to 4094. */
  synchronized Accepted deleteGroup(String id) {
    settle();
    SimEngine e = changeable(id);
    int target = e.spec.role() == EemRole.EEIO ? EemGroups.FREE_IO : EemGroups.UNASSIGNED_HOST;
    if (e.group != target) { // already there: nothing to hot-plug
      begin(e, target);
    }
    return new Accepted(target, e.updateTime);
  }

  /** The engine drops off the network: its ports report down and it completes no change. */
  synchronized void dropOff(String id) {
    settle();
    SimEngine e = engine(id);
    e.reachable = false;
    e.updateTime = clock.instant();
  }

  /** The engine is back; a change it had not finished runs its whole hot-plug delay again. */
  synchronized void reconnect(String id) {
    SimEngine e = engine(id);
    e.reachable = true;
    Instant now = clock.instant();
    e.updateTime = now;
    if (e.changing()) {
      e.due = now.plus(hotPlugDelay);
    }
  }

  /**
   * An I/O engine's change is a hot-plug and lands after the delay. A host's lands at once: what
   * changes for the host (it may need a reboot, Valence warns) happens outside the manager, and
   * Valence attaches several devices to a fresh host back to back, reading the host's group anew
   * before each, which works only if the manager reports the allocated group right away.
   */
  private void begin(SimEngine e, int target) {
    Instant now = clock.instant();
    e.pendingGroup = target;
    e.due = e.spec.role() == EemRole.EEIO ? now.plus(hotPlugDelay) : now;
    e.updateTime = now;
    e.settle(now);
  }

  private SimEngine changeable(String id) {
    SimEngine e = engine(id);
    if (!e.reachable) {
      throw EemSimError.conflict("40901", "device " + id + " does not respond");
    }
    if (e.changing()) {
      throw EemSimError.conflict("40902", "device " + id + " is changing group");
    }
    return e;
  }

  /** The host of a group counts every I/O engine in it or on its way into it. */
  private void requireRoomFor(SimEngine io, int group) {
    SimEngine host = null;
    int held = 0;
    for (SimEngine e : engines.values()) {
      if (e.effectiveGroup() != group) {
        continue;
      }
      if (e.spec.role() == EemRole.EESV) {
        host = e;
      } else if (e != io) {
        held++;
      }
    }
    if (host != null && held >= host.spec.board().maxEeioCount()) {
      throw EemSimError.conflict(
          "40903",
          "group "
              + group
              + " already holds "
              + held
              + " devices, the most host "
              + host.id()
              + " takes");
    }
  }

  private void requireNoOtherHost(SimEngine host, int group) {
    for (SimEngine e : engines.values()) {
      if (e != host && e.spec.role() == EemRole.EESV && e.effectiveGroup() == group) {
        throw EemSimError.conflict("40904", "group " + group + " belongs to host " + e.id());
      }
    }
  }

  private int unusedGroup() {
    for (int g = EemGroups.FIRST_ASSIGNABLE; g <= EemGroups.LAST_ASSIGNABLE; g++) {
      int candidate = g;
      if (engines.values().stream().noneMatch(e -> e.effectiveGroup() == candidate)) {
        return g;
      }
    }
    throw EemSimError.conflict("40905", "no unused group left");
  }

  private SimEngine engine(String id) {
    SimEngine e = engines.get(id);
    if (e == null) {
      throw EemSimError.notFound("no device " + id);
    }
    return e;
  }

  private void settle() {
    Instant now = clock.instant();
    engines.values().forEach(e -> e.settle(now));
  }

  private static EngineView view(SimEngine e) {
    return new EngineView(e.spec, e.group, e.reachable, e.updateTime);
  }

  /** A group change the manager took on: where the engine goes, and the time of the change. */
  record Accepted(int group, Instant updateTime) {}

  /** An engine as a request sees it, taken under the lock. */
  record EngineView(EngineSpec spec, int group, boolean reachable, Instant updateTime) {}
}

package io.gpuchassis.agent.fault;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The simulation's fault switchboard: the kinds the simulated hardware supports, and the faults now
 * in effect. Kinds are registered by the simulators that implement them.
 */
public final class FaultInjector {

  private final Clock clock;
  private final Map<String, FaultKind> kinds = new LinkedHashMap<>();
  private final Map<String, Injected> active = new LinkedHashMap<>();
  private final AtomicLong nextId = new AtomicLong(1);

  public FaultInjector(Clock clock) {
    this.clock = clock;
  }

  public synchronized void register(FaultKind kind) {
    if (kinds.putIfAbsent(kind.name(), kind) != null) {
      throw new IllegalArgumentException("fault kind " + kind.name() + " is registered twice");
    }
  }

  public synchronized Collection<FaultKind> kinds() {
    return List.copyOf(kinds.values());
  }

  public synchronized List<ActiveFault> active() {
    return active.values().stream().map(Injected::fault).toList();
  }

  /** Starts a fault of {@code kindName} on {@code target}; returns it with its new id. */
  public synchronized ActiveFault inject(String kindName, String target) {
    FaultKind kind = kinds.get(kindName);
    if (kind == null) {
      throw new FaultException(
          FaultException.Reason.UNKNOWN_KIND,
          "unknown fault kind '" + kindName + "'; supported: " + String.join(", ", kinds.keySet()));
    }
    FaultKind.ActiveEffect effect = kind.inject(target);
    ActiveFault fault =
        new ActiveFault(Long.toString(nextId.getAndIncrement()), kindName, target, clock.instant());
    active.put(fault.id(), new Injected(fault, effect));
    return fault;
  }

  /** Ends the fault {@code id}. */
  public synchronized ActiveFault clear(String id) {
    Injected injected = active.remove(id);
    if (injected == null) {
      throw new FaultException(
          FaultException.Reason.UNKNOWN_FAULT, "no active fault with id '" + id + "'");
    }
    injected.effect().clear();
    return injected.fault();
  }

  /** Ends every active fault (at shutdown, or between tests). */
  public synchronized void clearAll() {
    for (String id : new ArrayList<>(active.keySet())) {
      clear(id);
    }
  }

  private record Injected(ActiveFault fault, FaultKind.ActiveEffect effect) {}
}

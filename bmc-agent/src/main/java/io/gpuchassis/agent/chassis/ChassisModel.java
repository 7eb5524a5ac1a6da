package io.gpuchassis.agent.chassis;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * The single source of truth: holds the current {@link ChassisState} and is its only writer.
 * Observations are applied one at a time, in order; each produces a new snapshot with the next
 * generation and is published to listeners. Reading is a volatile load, free for any thread.
 */
public final class ChassisModel {

  private volatile ChassisState current;
  private final List<Consumer<ChassisState>> listeners = new CopyOnWriteArrayList<>();

  public ChassisModel(ChassisState initial) {
    this.current = initial;
  }

  public ChassisState current() {
    return current;
  }

  /** Applies {@code change} to the current snapshot; the result gets the next generation. */
  public synchronized ChassisState apply(UnaryOperator<ChassisState> change) {
    ChassisState before = current;
    ChassisState changed = change.apply(before);
    ChassisState next = changed.withGeneration(before.generation() + 1);
    current = next;
    listeners.forEach(l -> l.accept(next));
    return next;
  }

  public void onChange(Consumer<ChassisState> listener) {
    listeners.add(listener);
  }
}

package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.SlotBinding;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The binding engine's operations from the moment they are accepted until they end, so that a
 * stopping agent can say what it waits for and wait for exactly that.
 */
final class OperationsInFlight {

  private final Map<Long, BindingEngine.Operation> running = new ConcurrentHashMap<>();
  private final AtomicLong ids = new AtomicLong();
  private volatile BindingObserver observer = BindingObserver.NONE;

  void observe(BindingObserver observer) {
    this.observer = observer;
  }

  /** Records {@code done} as running until it completes; returns it. */
  CompletableFuture<SlotBinding> track(
      int slot,
      BindingObserver.Kind kind,
      String description,
      CompletableFuture<SlotBinding> done) {
    long id = ids.incrementAndGet();
    long started = System.nanoTime();
    running.put(id, new BindingEngine.Operation(slot, description, done));
    // Registered before the removal can run: an operation that already ended is removed at once.
    done.whenComplete(
        (ok, error) -> {
          running.remove(id);
          observer.ended(kind, Duration.ofNanos(System.nanoTime() - started), error == null);
        });
    return done;
  }

  /** The operations running now, oldest first. */
  List<BindingEngine.Operation> snapshot() {
    return running.entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .map(Map.Entry::getValue)
        .toList();
  }
}

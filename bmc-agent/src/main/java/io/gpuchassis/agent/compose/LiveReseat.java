package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Gpu;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.config.CompositionSettings.Reseat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A card pulled out, pushed in or powered on while the agent runs, handled as the start-up
 * reconciliation handles one found at start: the card is read again, the model takes it, and a
 * binding the journal keeps for the slot is judged by {@link ReseatCheck} and put right through the
 * {@link BindingEngine} ({@link ReseatStep}): the same card stays or is bound again, another is
 * never given to the old host (held or released by the slot's policy), an empty slot is taken off
 * the switch before another card can train into the host's partition. Every correction goes to the
 * same report as the start-up ones (an event and a security-log entry).
 *
 * <p>Looks run one at a time, in the order asked, on a thread of their own: each reads the card (on
 * its bus's poller), waits for an operation under way on the slot to end, then acts.
 */
public final class LiveReseat implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(LiveReseat.class);

  /** Reads a slot's card again, on the poller that owns its sideband. */
  @FunctionalInterface
  public interface CardReader {
    CompletableFuture<Card> read(int slot);
  }

  private final ChassisModel model;
  private final BindingEngine engine;
  private final BindingJournal journal;
  private final IntFunction<Reseat> reseatOf;
  private final CardReader cards;
  private final Consumer<List<Mismatch>> report;
  private final ExecutorService looks =
      Executors.newSingleThreadExecutor(
          r -> {
            Thread t = new Thread(r, "card-reseat");
            t.setDaemon(true);
            return t;
          });

  /**
   * @param reseatOf each slot's re-seat policy
   * @param report where every correction goes, as the start-up reconciliation's do
   */
  public LiveReseat(
      ChassisModel model,
      BindingEngine engine,
      BindingJournal journal,
      IntFunction<Reseat> reseatOf,
      CardReader cards,
      Consumer<List<Mismatch>> report) {
    this.model = model;
    this.engine = engine;
    this.journal = journal;
    this.reseatOf = reseatOf;
    this.cards = cards;
    this.report = report;
  }

  /** The card in {@code slot} may have changed: looks at it again, after the looks asked before. */
  public void look(int slot) {
    looks.execute(
        () -> {
          try {
            List<Mismatch> corrections = lookNow(slot);
            if (!corrections.isEmpty()) {
              corrections.forEach(m -> LOG.warn("Card re-seated: {}", m));
              report.accept(corrections);
            }
          } catch (RuntimeException e) {
            LOG.error("Slot {}: its card could not be looked at again", slot, e);
          }
        });
  }

  /** One look, blocking: the corrections made. */
  List<Mismatch> lookNow(int slot) {
    Card card = cards.read(slot).join();
    // An operation under way ends first: a bind journals the card it was made with
    engine.settled(slot).join();
    seat(slot, card);
    if (card.state() == Card.State.UNPOWERED) {
      return List.of(); // it cannot say who it is: judged when its slot is powered on
    }
    String host = journal.desired().get(slot);
    if (host == null) {
      return List.of(); // the slot is free: nobody's binding to keep or protect
    }
    String serial = journal.desiredSerials().get(slot);
    ChassisState state = model.current();
    Optional<ReseatCheck.Decision> decision =
        ReseatCheck.decide(
                state,
                Map.of(slot, host),
                serial == null ? Map.of() : Map.of(slot, serial),
                reseatOf)
            .stream()
            .findFirst();
    SlotBinding now = state.binding(slot);
    ReseatStep step = ReseatStep.of(decision, now);
    LOG.info("Slot {} ({}, bound with card {}): {}", slot, now.state(), serial, step);
    return switch (step) {
      case NONE -> List.of();
      case RESTORE ->
          List.of(
              act(
                  slot,
                  () -> engine.restore(slot, host),
                  "card "
                      + BindingEngine.cardSerial(state, slot)
                      + " is back in its slot; bound to "
                      + host
                      + " again",
                  "the binding to " + host + " could not be restored"));
      case DETACH, HOLD ->
          List.of(
              act(
                  slot,
                  () ->
                      engine.detach(
                          slot,
                          host,
                          step == ReseatStep.HOLD
                              ? Optional.of(decision.orElseThrow().description())
                              : Optional.empty()),
                  decision.orElseThrow().description(),
                  "slot " + slot + " could not be taken off the switch"));
      case RELEASE ->
          List.of(
              act(
                  slot,
                  () -> engine.unbind(slot, true),
                  decision.orElseThrow().description(),
                  "the binding to " + host + " could not be released"));
      case FORGET -> {
        long op = journal.start(slot, host, BindingJournal.Kind.UNBIND);
        journal.succeeded(op, slot, host, BindingJournal.Kind.UNBIND);
        yield List.of(Mismatch.ofSlot(slot, decision.orElseThrow().description(), true));
      }
    };
  }

  /** The model's slot holds what the look found, when that differs from what it held. */
  private void seat(int slot, Card card) {
    Slot before = model.current().slot(slot).orElseThrow();
    Optional<Gpu> now =
        switch (card.state()) {
          case EMPTY -> Optional.empty();
          case UNPOWERED -> before.gpu().or(() -> Optional.of(Gpu.unidentified(before)));
          case SEATED -> card.gpu();
        };
    if (now.equals(before.gpu())) {
      return;
    }
    LOG.info(
        "Slot {}: {}",
        slot,
        (card.state() == Card.State.UNPOWERED
                ? "holds a card its slot does not power, which cannot say who it is"
                : now.map(g -> "holds " + describe(g)).orElse("is empty"))
            + before.gpu().map(g -> "; it held " + describe(g)).orElse(""));
    model.apply(
        s ->
            s.withInventory(
                s.identity(),
                s.slots().stream().map(x -> x.number() == slot ? x.withGpu(now) : x).toList(),
                s.powerSupplies(),
                s.programmableParts()));
  }

  private static String describe(Gpu gpu) {
    return gpu.serialNumber().isBlank()
        ? "a card that does not say its serial number"
        : "card " + gpu.serialNumber();
  }

  /** Runs one engine operation to its end: the correction made, or why it could not be. */
  private static Mismatch act(
      int slot,
      java.util.function.Supplier<CompletableFuture<SlotBinding>> operation,
      String done,
      String failed) {
    try {
      operation.get().join();
      return Mismatch.ofSlot(slot, done, true);
    } catch (RuntimeException e) {
      Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
      return Mismatch.ofSlot(slot, done + "; but " + failed + ": " + cause.getMessage(), false);
    }
  }

  @Override
  public void close() {
    looks.shutdownNow();
  }
}

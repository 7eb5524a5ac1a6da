package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.compose.BindingException.Reason;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs several changes of the binding engine all or nothing: checked together against one snapshot
 * before anything starts, then made one after another; when one fails, the ones made are undone in
 * reverse order (a bind released with force, a release bound again) and the whole set fails with
 * the reason of the change that failed.
 */
public final class ChangeSet {

  private static final Logger LOG = LoggerFactory.getLogger(ChangeSet.class);

  private final ChassisModel model;
  private final BindingEngine engine;

  public ChangeSet(ChassisModel model, BindingEngine engine) {
    this.model = model;
    this.engine = engine;
  }

  /**
   * Refuses, before any work, a set the engine would refuse in part: an unknown or empty slot, a
   * slot in use, one the host cannot reach, one listed twice, a release of a GPU its host has not
   * let go of.
   *
   * @throws ChangeException naming the first change that cannot be made
   */
  public static void check(ChassisState state, List<Change> changes) {
    check(state, changes, ReleaseRule.REQUIRE_RELEASE, new Admission(PowerBudget.NONE));
  }

  /**
   * As above, with {@code rule} saying which GPUs their hosts still hold, and the binds checked
   * together by {@code admission} against the snapshot with the set's releases done.
   */
  public static void check(
      ChassisState state, List<Change> changes, ReleaseRule rule, Admission admission) {
    Set<Integer> seen = new HashSet<>();
    for (Change change : changes) {
      if (!seen.add(change.slot())) {
        throw refused(change, Reason.IN_USE, "slot " + change.slot() + " is named twice");
      }
      Optional<BindingException> problem =
          change instanceof Change.Bind b
              ? bindProblem(state, b)
              : releaseProblem(state, (Change.Release) change, rule);
      if (problem.isPresent()) {
        throw new ChangeException(change, problem.get());
      }
    }
    List<Change.Bind> binds =
        changes.stream().filter(c -> c instanceof Change.Bind).map(c -> (Change.Bind) c).toList();
    if (!binds.isEmpty()) {
      ChassisState released = state;
      for (Change change : changes) {
        if (change instanceof Change.Release r) {
          released =
              released.withBinding(SlotBinding.unbound(r.slot(), state.binding(r.slot()).since()));
        }
      }
      Optional<BindingException> full = admission.refusal(released, binds);
      if (full.isPresent()) {
        throw new ChangeException(binds.get(0), full.get());
      }
    }
  }

  /**
   * Checks and makes {@code changes}; completes when all are made, or fails with a {@link
   * ChangeException}.
   */
  public CompletableFuture<Void> apply(List<Change> changes) {
    check(model.current(), changes, engine.releaseRule(), engine.admission());
    return next(changes, 0, new ArrayList<>());
  }

  private CompletableFuture<Void> next(List<Change> changes, int index, List<Change> done) {
    if (index == changes.size()) {
      return CompletableFuture.completedFuture(null);
    }
    Change change = changes.get(index);
    CompletableFuture<SlotBinding> step;
    try {
      step = start(change);
    } catch (BindingException e) {
      return undo(done)
          .thenCompose(v -> CompletableFuture.failedFuture(new ChangeException(change, e)));
    }
    return step.handle((ok, error) -> Optional.ofNullable(error))
        .thenCompose(
            error -> {
              if (error.isEmpty()) {
                done.add(change);
                return next(changes, index + 1, done);
              }
              Throwable cause =
                  error.get() instanceof CompletionException c && c.getCause() != null
                      ? c.getCause()
                      : error.get();
              BindingException reason =
                  cause instanceof BindingException b
                      ? b
                      : new BindingException(
                          Reason.SWITCH_STATE_UNKNOWN, String.valueOf(cause.getMessage()));
              return undo(done)
                  .thenCompose(
                      v -> CompletableFuture.failedFuture(new ChangeException(change, reason)));
            });
  }

  private CompletableFuture<SlotBinding> start(Change change) {
    // A release was checked: the host let go of the GPU (ReadyToRemove), so no force is needed.
    return change instanceof Change.Bind
        ? engine.bind(change.slot(), change.hostId())
        : engine.unbind(change.slot(), false);
  }

  /**
   * Undoes the changes made, newest first; an undo that fails is logged and the others still run.
   */
  private CompletableFuture<Void> undo(List<Change> done) {
    CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
    List<Change> newestFirst = new ArrayList<>(done);
    java.util.Collections.reverse(newestFirst);
    for (Change change : newestFirst) {
      chain =
          chain.thenCompose(
              v -> {
                try {
                  CompletableFuture<SlotBinding> inverse =
                      change instanceof Change.Bind
                          ? engine.unbind(change.slot(), true)
                          : engine.bind(change.slot(), change.hostId());
                  return inverse.handle((ok, error) -> logged(change, error));
                } catch (BindingException e) {
                  return CompletableFuture.completedFuture(logged(change, e));
                }
              });
    }
    return chain;
  }

  private static Void logged(Change change, Throwable error) {
    if (error != null) {
      LOG.warn("Could not undo {} after a failed composition: {}", change, error.getMessage());
    }
    return null;
  }

  private static Optional<BindingException> bindProblem(ChassisState state, Change.Bind b) {
    var slot = state.slot(b.slot());
    if (slot.isEmpty()) {
      return problem(Reason.UNKNOWN_SLOT, "there is no slot " + b.slot());
    }
    if (!slot.get().occupied()) {
      return problem(Reason.EMPTY_SLOT, "slot " + b.slot() + " holds no GPU");
    }
    if (state.hosts().stream().noneMatch(h -> h.id().equals(b.hostId()))) {
      return problem(Reason.UNKNOWN_HOST, "there is no host port " + b.hostId());
    }
    SlotBinding current = state.binding(b.slot());
    if (current.state() != SlotBinding.State.UNBOUND) {
      return problem(
          Reason.IN_USE,
          "slot "
              + b.slot()
              + " is "
              + current.state().name().toLowerCase()
              + current.host().map(h -> " (" + h + ")").orElse(""));
    }
    if (!FabricReach.canBind(state, b.slot(), b.hostId())) {
      return problem(
          Reason.NOT_REACHABLE,
          "slot "
              + b.slot()
              + " (switch "
              + slot.get().switchId()
              + ") cannot be bound into "
              + b.hostId());
    }
    return Optional.empty();
  }

  private static Optional<BindingException> releaseProblem(
      ChassisState state, Change.Release r, ReleaseRule rule) {
    SlotBinding current = state.binding(r.slot());
    if (current.inTransition()) {
      return problem(Reason.IN_USE, "an operation is under way on slot " + r.slot());
    }
    if (current.state() != SlotBinding.State.BOUND
        || !current.host().equals(Optional.of(r.hostId()))) {
      return problem(Reason.NOT_BOUND, "slot " + r.slot() + " is not bound to " + r.hostId());
    }
    Optional<String> held = rule.holds(state, r.slot(), current);
    if (held.isPresent()) {
      return problem(Reason.HOST_STILL_USING, held.get());
    }
    return Optional.empty();
  }

  private static Optional<BindingException> problem(Reason reason, String message) {
    return Optional.of(new BindingException(reason, message));
  }

  private static ChangeException refused(Change change, Reason reason, String message) {
    return new ChangeException(change, new BindingException(reason, message));
  }
}

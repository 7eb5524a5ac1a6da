package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.compose.BindingException.Reason;
import io.gpuchassis.agent.compose.BindingException.Shortfall;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Whether the chassis has room for GPUs about to be bound, checked against a snapshot before the
 * switch is touched: free logical bridges in each partition the binds need, the power the supplies
 * carry with their redundancy ({@link PowerCheck}), and each host port's hot-plug memory window
 * ({@link WindowCheck}). A GPU counts against all three from the moment its bind starts until its
 * release ends. Pure: the caller holds whatever lock makes the snapshot current.
 */
public final class Admission {

  private final PowerBudget power;
  private final PowerCheck watts;
  private final WindowCheck windows;

  /** Checks with the board's windows alone (until the hosts' reports are known). */
  public Admission(PowerBudget power) {
    this(power, ReportedWindows.NONE);
  }

  /**
   * @param reported the windows the hosts' companions reported, taken over the board's
   */
  public Admission(PowerBudget power, ReportedWindows reported) {
    this.power = power;
    this.watts = new PowerCheck(power);
    this.windows = new WindowCheck(reported);
  }

  /** These checks, with the windows the hosts reported taken over the board's. */
  public Admission withReportedWindows(ReportedWindows reported) {
    return new Admission(power, reported);
  }

  /** The first check that {@code binds} (on top of what {@code state} holds) fail, if any. */
  public Optional<BindingException> refusal(ChassisState state, List<Change.Bind> binds) {
    Optional<BindingException> bridges = bridges(state, binds);
    if (bridges.isPresent()) {
      return bridges;
    }
    Optional<BindingException> power = watts.refusal(state, binds);
    return power.isPresent() ? power : windows.refusal(state, binds);
  }

  /** Every partition a bind needs a bridge of: the slot's; the links on the way take their own. */
  private static Optional<BindingException> bridges(ChassisState state, List<Change.Bind> binds) {
    Map<String, Integer> used = new HashMap<>();
    for (SlotBinding b : state.bindings().values()) {
      if (b.state() != SlotBinding.State.UNBOUND && b.host().isPresent()) {
        BindingPlan.route(state, b.slot(), b.host().get())
            .ifPresent(p -> used.merge(partitionKey(p), 1, Integer::sum));
      }
    }
    Map<String, Integer> wanted = new HashMap<>();
    Map<String, BindingPlan> plans = new HashMap<>();
    for (Change.Bind bind : binds) {
      Optional<BindingPlan> plan = BindingPlan.route(state, bind.slot(), bind.hostId());
      if (plan.isPresent()) {
        wanted.merge(partitionKey(plan.get()), 1, Integer::sum);
        plans.putIfAbsent(partitionKey(plan.get()), plan.get());
      }
    }
    for (var entry : wanted.entrySet()) {
      BindingPlan plan = plans.get(entry.getKey());
      int free = plan.gpuBridges() - used.getOrDefault(entry.getKey(), 0);
      if (entry.getValue() > free) {
        return Optional.of(
            new BindingException(
                Reason.NO_LOGICAL_BRIDGE,
                "partition "
                    + plan.partition()
                    + " of switch "
                    + plan.switchId()
                    + " needs "
                    + entry.getValue()
                    + " logical bridges for the GPUs requested for "
                    + plan.hostId()
                    + ", but "
                    + Math.max(0, free)
                    + " of the "
                    + plan.gpuBridges()
                    + " GPUs may take are free",
                new Shortfall(plan.hostId(), entry.getValue(), Math.max(0, free))));
      }
    }
    return Optional.empty();
  }

  private static String partitionKey(BindingPlan plan) {
    return plan.switchId() + "/" + plan.partition();
  }
}

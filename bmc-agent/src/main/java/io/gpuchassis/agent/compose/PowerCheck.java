package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.compose.BindingException.Reason;
import io.gpuchassis.agent.compose.BindingException.Shortfall;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The admission check of the supplies' power ({@link PowerBudget}) against every GPU composed and
 * those requested, all hosts of a request together; its refusal names each host concerned with its
 * watts, and each GPU counted at its slot's ceiling for want of its own figure. Pure.
 */
final class PowerCheck {

  private final PowerBudget budget;

  PowerCheck(PowerBudget budget) {
    this.budget = budget;
  }

  Optional<BindingException> refusal(ChassisState state, List<Change.Bind> binds) {
    if (!budget.enforced()) {
      return Optional.empty();
    }
    Map<String, List<Integer>> byHost = new LinkedHashMap<>();
    binds.forEach(b -> byHost.computeIfAbsent(b.hostId(), h -> new ArrayList<>()).add(b.slot()));
    List<Integer> slots = binds.stream().map(Change.Bind::slot).distinct().toList();
    int requested = budget.wattsOf(state, slots);
    int capacity = budget.capacityWatts(state);
    int load = budget.loadWatts(state);
    int left = Math.max(0, capacity - load);
    if (requested <= left) {
      return Optional.empty();
    }
    String hosts = String.join(", ", byHost.keySet());
    return Optional.of(
        new BindingException(
            Reason.POWER_BUDGET,
            "the GPUs requested for "
                + perHost(state, byHost)
                + " may draw "
                + requested
                + " W, but "
                + left
                + " W are left of the "
                + capacity
                + " W the supplies carry with their redundancy ("
                + load
                + " W drawn by the chassis and the GPUs composed)"
                + unknown(state, slots),
            new Shortfall(hosts, requested, left)));
  }

  /** {@code Host5}, or {@code Host1 (1400 W) and Host5 (350 W)} when the request spans several. */
  private String perHost(ChassisState state, Map<String, List<Integer>> byHost) {
    if (byHost.size() == 1) {
      return byHost.keySet().iterator().next();
    }
    List<String> parts = new ArrayList<>();
    byHost.forEach((host, s) -> parts.add(host + " (" + budget.wattsOf(state, s) + " W)"));
    return String.join(", ", parts.subList(0, parts.size() - 1))
        + " and "
        + parts.get(parts.size() - 1);
  }

  /** Says which GPUs were counted at the slot's ceiling, and why. */
  private String unknown(ChassisState state, List<Integer> slots) {
    List<Integer> unknown = PowerBudget.unknown(state, slots);
    if (unknown.isEmpty()) {
      return "";
    }
    String named = String.join(", ", unknown.stream().map(String::valueOf).toList());
    String ceiling =
        " at the slot's power ceiling of "
            + budget.slotCeilingWatts()
            + " W (composition.slotPowerCeilingWatts)";
    return unknown.size() == 1
        ? "; the GPU in slot " + named + " does not report a power limit and counts" + ceiling
        : "; the GPUs in slots " + named + " do not report a power limit and each counts" + ceiling;
  }
}

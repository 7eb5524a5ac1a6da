package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Gpu;
import io.gpuchassis.agent.chassis.PowerSupply;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.SlotBinding;
import java.util.Collection;
import java.util.List;

/**
 * The power the chassis can give its GPUs while keeping its supplies' redundancy: what {@code
 * minNeeded} of its smallest supplies carry (so any of the others may fail), less what the chassis
 * itself draws. A GPU counts with its power limit (its total graphics power, as its sideband
 * reports it) from the moment a bind of it starts until it is released.
 *
 * @param minNeeded how many supplies must carry the chassis (the redundancy policy's N)
 * @param chassisLoadWatts what the chassis draws without its GPUs
 */
public record PowerBudget(int minNeeded, int chassisLoadWatts) {

  /** No supplies to budget: nothing is refused for power. */
  public static final PowerBudget NONE = new PowerBudget(0, 0);

  /** What {@code minNeeded} of the smallest of {@code supplies} carry, in watts. */
  public static int capacityWatts(List<PowerSupply> supplies, int minNeeded) {
    return supplies.stream().mapToInt(PowerSupply::ratedWatts).min().orElse(0) * minNeeded;
  }

  public boolean enforced() {
    return minNeeded > 0;
  }

  public int capacityWatts(ChassisState state) {
    return capacityWatts(state.powerSupplies(), minNeeded);
  }

  /** What the chassis and every GPU bound, being bound or released may draw, in watts. */
  public int loadWatts(ChassisState state) {
    int gpus = 0;
    for (Slot slot : state.slots()) {
      if (state.binding(slot.number()).state() != SlotBinding.State.UNBOUND) {
        gpus += watts(slot);
      }
    }
    return chassisLoadWatts + gpus;
  }

  /** What the GPUs in {@code slots} may draw, in watts. */
  public static int wattsOf(ChassisState state, Collection<Integer> slots) {
    return slots.stream().mapToInt(n -> state.slot(n).map(PowerBudget::watts).orElse(0)).sum();
  }

  private static int watts(Slot slot) {
    return slot.gpu().map(Gpu::tdpWatts).orElse(0);
  }
}

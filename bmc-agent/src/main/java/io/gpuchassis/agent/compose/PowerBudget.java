package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.PowerSupply;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.config.CompositionSettings;
import java.util.Collection;
import java.util.List;

/**
 * The power the chassis can give its GPUs while keeping its supplies' redundancy: what {@code
 * minNeeded} of its smallest supplies carry (so any of the others may fail), less what the chassis
 * itself draws. A GPU counts with its power limit (its total graphics power, as its sideband
 * reports it) from the moment a bind of it starts until it is released; a GPU that does not report
 * its limit counts at {@code slotCeilingWatts}, the most its slot can feed it, since it may draw
 * that much.
 *
 * @param minNeeded how many supplies must carry the chassis (the redundancy policy's N)
 * @param chassisLoadWatts what the chassis draws without its GPUs
 * @param slotCeilingWatts what a GPU of unknown power counts (composition.slotPowerCeilingWatts)
 */
public record PowerBudget(int minNeeded, int chassisLoadWatts, int slotCeilingWatts) {

  /** No supplies to budget: nothing is refused for power. */
  public static final PowerBudget NONE = new PowerBudget(0, 0);

  /** A budget counting a GPU of unknown power at the default slot ceiling. */
  public PowerBudget(int minNeeded, int chassisLoadWatts) {
    this(minNeeded, chassisLoadWatts, CompositionSettings.SLOT_POWER_CEILING_WATTS);
  }

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
  public int wattsOf(ChassisState state, Collection<Integer> slots) {
    return slots.stream().mapToInt(n -> state.slot(n).map(this::watts).orElse(0)).sum();
  }

  /** The slots among {@code slots} whose GPU does not report its power limit. */
  public static List<Integer> unknown(ChassisState state, Collection<Integer> slots) {
    return slots.stream()
        .filter(n -> state.slot(n).flatMap(Slot::gpu).filter(g -> g.tdpWatts() <= 0).isPresent())
        .toList();
  }

  private int watts(Slot slot) {
    return slot.gpu().map(g -> g.tdpWatts() > 0 ? g.tdpWatts() : slotCeilingWatts).orElse(0);
  }
}

package io.gpuchassis.sensor.policy;

import java.util.HashMap;
import java.util.Map;

/**
 * The fan overrides the policy asked for, per slot, folded into one floor for the fan zone: the
 * highest override wins, full speed is 100 %. Not thread-safe; lives with the policy.
 */
public final class FanOverrides {

  private final Map<Integer, Double> floors = new HashMap<>();

  /** Applies a fan action; other actions are ignored. */
  public void apply(PolicyAction action) {
    if (action instanceof PolicyAction.RaiseFans) {
      floors.put(action.slot(), ((PolicyAction.RaiseFans) action).floorPercent());
    } else if (action instanceof PolicyAction.FansToFull) {
      floors.put(action.slot(), 100.0);
    } else if (action instanceof PolicyAction.ReleaseFans) {
      floors.remove(action.slot());
    }
  }

  /** The duty floor the zone must respect, 0 when nobody asks for more. */
  public double floorPercent() {
    return floors.values().stream().mapToDouble(Double::doubleValue).max().orElse(0.0);
  }
}

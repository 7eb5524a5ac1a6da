package io.gpuchassis.agent.sim;

import io.gpuchassis.switchdrv.sim.FaultHandle;
import io.gpuchassis.switchdrv.sim.FaultSpecs;
import io.gpuchassis.switchdrv.sim.SimulatedSwitch;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The fault surface of {@code bmc-agent simulate}: one command per line on its standard input, one
 * answer line each, so a technician can make a served chip misbehave while a host tool watches it.
 *
 * <pre>
 * fault SW1 link-down port=3          -&gt; FAULT 1 SW1 link-down {port=3}
 * faults                              -&gt; one ACTIVE line per fault, then END
 * clear 1                             -&gt; CLEARED 1
 * </pre>
 *
 * Kinds and parameters are those of {@code /sim/v1/faults} ({@link FaultSpecs}); a bad line answers
 * {@code ERROR} and changes nothing.
 */
final class SimulatorControl {

  private final Map<String, SimulatedSwitch> chips;
  private final Map<Long, FaultHandle> faults = new LinkedHashMap<>();
  private final Map<Long, String> chipOf = new LinkedHashMap<>();

  SimulatorControl(Map<String, SimulatedSwitch> chips) {
    this.chips = chips;
  }

  /** Runs one line; returns the answer (several lines for {@code faults}). */
  synchronized String execute(String line) {
    String[] w = line.trim().split("\\s+");
    try {
      switch (w[0]) {
        case "fault":
          return inject(w);
        case "clear":
          return clear(w);
        case "faults":
          return list();
        default:
          return "ERROR unknown command '" + w[0] + "' (fault, clear, faults)";
      }
    } catch (IllegalArgumentException e) {
      return "ERROR " + e.getMessage();
    }
  }

  private String inject(String[] w) {
    if (w.length < 3) {
      throw new IllegalArgumentException("usage: fault CHIP KIND [name=value ...]");
    }
    SimulatedSwitch chip = chips.get(w[1]);
    if (chip == null) {
      throw new IllegalArgumentException("no chip '" + w[1] + "' (" + chips.keySet() + ")");
    }
    Map<String, String> params = new LinkedHashMap<>();
    for (int i = 3; i < w.length; i++) {
      int eq = w[i].indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("'" + w[i] + "' is not name=value");
      }
      params.put(w[i].substring(0, eq), w[i].substring(eq + 1));
    }
    FaultHandle f = chip.faults().inject(FaultSpecs.parse(w[2], params));
    faults.put(f.id(), f);
    chipOf.put(f.id(), w[1]);
    return "FAULT " + f.id() + " " + w[1] + " " + w[2] + " " + params;
  }

  private String clear(String[] w) {
    if (w.length != 2) {
      throw new IllegalArgumentException("usage: clear ID");
    }
    long id;
    try {
      id = Long.parseLong(w[1]);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + w[1] + "' is not a fault id");
    }
    FaultHandle f = faults.remove(id);
    if (f == null) {
      throw new IllegalArgumentException("no active fault " + id);
    }
    chipOf.remove(id);
    f.clear();
    return "CLEARED " + id;
  }

  private String list() {
    StringBuilder b = new StringBuilder();
    faults.values().removeIf(f -> !f.active());
    chipOf.keySet().retainAll(faults.keySet());
    for (FaultHandle f : faults.values()) {
      b.append("ACTIVE ")
          .append(f.id())
          .append(' ')
          .append(chipOf.get(f.id()))
          .append(' ')
          .append(f.fault().kind().wireName())
          .append(' ')
          .append(FaultSpecs.parameters(f.fault()))
          .append('\n');
    }
    return b.append("END").toString();
  }
}

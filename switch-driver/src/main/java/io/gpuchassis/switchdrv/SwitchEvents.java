package io.gpuchassis.switchdrv;

import java.util.Map;
import java.util.Set;

/**
 * What the chip's event summary flagged since the last read, already acknowledged on the chip.
 *
 * @param globalSummary the switch-wide summary bits (stack, firmware, MRPC completion events)
 * @param ports per physical port that had events: its PFF summary bits and link state count
 * @param bindingsCompleted partitions whose dynamic binding (bind or unbind) completed
 */
public record SwitchEvents(
    int globalSummary, Map<Integer, PortEvents> ports, Set<Integer> bindingsCompleted) {

  public static final SwitchEvents NONE = new SwitchEvents(0, Map.of(), Set.of());

  public SwitchEvents {
    ports = Map.copyOf(ports);
    bindingsCompleted = Set.copyOf(bindingsCompleted);
  }

  /** Whether a port or a partition changed (global firmware events do not change ports). */
  public boolean portsChanged() {
    return !ports.isEmpty() || !bindingsCompleted.isEmpty();
  }

  /**
   * The events of one port.
   *
   * @param summary PFF summary bits (0 AER in P2P, 2 DPC, 5 hot plug, 7 threshold, 12 link state,
   *     as switchtec-user's lib/events.c numbers them)
   * @param linkStateCount the 8-bit occurrence count of the link state header, which the kernel
   *     driver watches to tell link changes
   */
  public record PortEvents(int physicalPort, int summary, int linkStateCount) {

    public static final int AER = 1;
    public static final int HOTPLUG = 1 << 5;
    public static final int LINK_STATE = 1 << 12;

    public boolean linkChanged() {
      return (summary & (LINK_STATE | HOTPLUG)) != 0;
    }
  }
}

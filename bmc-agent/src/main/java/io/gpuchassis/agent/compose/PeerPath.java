package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.InterSwitchLink;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * How traffic between two devices of the chassis (two GPUs, or a GPU and a host port) travels: inside one switch chip,
 * or across inter-switch links, counted in hops along the shortest chain of links. Peer-to-peer transfers stay off the
 * hosts only inside one chip; every hop adds a shared link to the path.
 */
public sealed interface PeerPath permits PeerPath.SameSwitch, PeerPath.InterSwitch {

  /** The hop count: 0 inside one chip. */
  int hops();

  /** Both ends on one switch chip. */
  record SameSwitch(String switchId) implements PeerPath {
    @Override
    public int hops() {
      return 0;
    }
  }

  /** The ends are {@code hops} inter-switch links apart. */
  record InterSwitch(int hops) implements PeerPath {
    public InterSwitch {
      if (hops < 1) {
        throw new IllegalArgumentException("an inter-switch path has at least one hop, not " + hops);
      }
    }
  }

  /** The path between a device on {@code from} and one on {@code to}; empty when no chain of links joins them. */
  static Optional<PeerPath> between(ChassisState state, String from, String to) {
    if (from.equals(to)) {
      return Optional.of(new SameSwitch(from));
    }
    return hops(state, from).getOrDefault(to, Optional.empty()).map(InterSwitch::new);
  }

  /**
   * Breadth-first over the inter-switch links, each followed from its a end to its b end as the engine binds them: the
   * fewest hops from {@code from} (a host's chip) to every chip it can reach.
   */
  static Map<String, Optional<Integer>> hops(ChassisState state, String from) {
    Map<String, Optional<Integer>> distance = new HashMap<>();
    distance.put(from, Optional.of(0));
    Deque<String> queue = new ArrayDeque<>();
    queue.add(from);
    while (!queue.isEmpty()) {
      String chip = queue.poll();
      int next = distance.get(chip).orElseThrow() + 1;
      for (InterSwitchLink link : state.interSwitchLinks()) {
        // Cascaded chips: a link leads from its a end to its b end only (docs/TOPOLOGY.md, "Partitions").
        String other = link.switchA().equals(chip) ? link.switchB() : null;
        if (other != null && !distance.containsKey(other)) {
          distance.put(other, Optional.of(next));
          queue.add(other);
        }
      }
    }
    return distance;
  }

  /** The longer of two paths (the one that crosses more links). */
  static PeerPath worse(PeerPath a, PeerPath b) {
    return b.hops() > a.hops() ? b : a;
  }

  /** How an orchestrator reads it: {@code SameSwitch} or {@code InterSwitch}. */
  default String kind() {
    return this instanceof SameSwitch ? "SameSwitch" : "InterSwitch";
  }
}

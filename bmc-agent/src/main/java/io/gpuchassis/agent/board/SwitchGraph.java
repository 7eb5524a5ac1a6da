package io.gpuchassis.agent.board;

import io.gpuchassis.agent.board.BoardDocument.LinkEntry;
import io.gpuchassis.agent.chassis.InterSwitchLink;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Queue;
import java.util.Set;

/** Switch chips as nodes and inter-switch links as edges, for reachability and hop counts. */
final class SwitchGraph {

  private final Map<String, Set<String>> neighbours = new LinkedHashMap<>();

  private SwitchGraph(Collection<String> switchIds) {
    for (String id : switchIds) {
      neighbours.put(id, new LinkedHashSet<>());
    }
  }

  /** The graph of a board's model links. */
  static SwitchGraph ofModelLinks(Collection<String> switchIds, Collection<InterSwitchLink> links) {
    SwitchGraph graph = new SwitchGraph(switchIds);
    links.forEach(link -> graph.join(link.switchA(), link.switchB()));
    return graph;
  }

  /** The graph of the links as written in a file that may still be invalid. */
  static SwitchGraph ofWrittenLinks(List<String> switchIds, List<LinkEntry> links) {
    SwitchGraph graph = new SwitchGraph(switchIds);
    links.forEach(link -> graph.join(link.a().switchId(), link.b().switchId()));
    return graph;
  }

  /**
   * The fewest inter-switch links a transaction crosses from one switch to another: 0 on the same
   * switch, empty if either switch is unknown or there is no path.
   */
  OptionalInt hops(String from, String to) {
    Integer hops = distancesFrom(from).get(to);
    return hops == null ? OptionalInt.empty() : OptionalInt.of(hops);
  }

  /** The switches that can be reached from {@code start}, including itself; empty if unknown. */
  Set<String> reachableFrom(String start) {
    return distancesFrom(start).keySet();
  }

  private void join(String a, String b) {
    // links to unknown switches are reported by the validator; here they simply do not count
    if (neighbours.containsKey(a) && neighbours.containsKey(b)) {
      neighbours.get(a).add(b);
      neighbours.get(b).add(a);
    }
  }

  /** Breadth-first search: the first time a switch is seen is over the fewest links. */
  private Map<String, Integer> distancesFrom(String start) {
    Map<String, Integer> distance = new HashMap<>();
    if (!neighbours.containsKey(start)) {
      return distance;
    }
    Queue<String> queue = new ArrayDeque<>();
    distance.put(start, 0);
    queue.add(start);
    while (!queue.isEmpty()) {
      String current = queue.remove();
      for (String next : neighbours.get(current)) {
        if (!distance.containsKey(next)) {
          distance.put(next, distance.get(current) + 1);
          queue.add(next);
        }
      }
    }
    return distance;
  }
}

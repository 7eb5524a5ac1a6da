package io.gpuchassis.agent.board;

import io.gpuchassis.agent.board.BoardDocument.HostEntry;
import io.gpuchassis.agent.board.BoardDocument.LinkEntry;
import io.gpuchassis.agent.board.BoardDocument.Root;
import io.gpuchassis.agent.board.BoardDocument.SlotEntry;
import io.gpuchassis.agent.board.BoardDocument.SwitchEntry;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The PCIe wiring: every slot, host and link end uses a port that exists, once, at a real width and
 * generation the chip can do; the ports of a chip fit in its lanes; hosts and slots exist and are
 * numbered sanely; and the links join all chips into one fabric.
 */
final class WiringRules {

  /** The port keys of a slot, a host or a link end, wherever they are written. */
  private record Port(String switchId, int port, int width, int maxGen) {

    String label() {
      return switchId + ":" + port;
    }
  }

  private final Root root;
  private final DocumentIndex index;
  private final Checks checks;
  private final Map<String, KeyPath> portUsers = new HashMap<>();
  private final Map<String, Integer> lanesUsed = new HashMap<>();

  private WiringRules(Root root, DocumentIndex index, Checks checks) {
    this.root = root;
    this.index = index;
    this.checks = checks;
  }

  static void check(Root root, DocumentIndex index, Checks checks) {
    WiringRules rules = new WiringRules(root, index, checks);
    rules.checkPorts();
    rules.checkLaneBudgets();
    rules.checkSlots();
    rules.checkHosts();
    rules.checkFabricIsConnected();
  }

  /** Slots, hosts and link ends all use switch ports; check them together so reuse is caught. */
  private void checkPorts() {
    for (int i = 0; i < root.slots().size(); i++) {
      SlotEntry slot = root.slots().get(i);
      checkPort(
          new Port(slot.switchId(), slot.port(), slot.width(), slot.maxGen()),
          KeyPath.of("slots").index(i));
    }
    for (int i = 0; i < root.hosts().size(); i++) {
      HostEntry host = root.hosts().get(i);
      if (host.overEthernet() || !host.hasPort()) {
        continue; // no switch port: ExpEtherRules checks what the entry has instead
      }
      checkPort(
          new Port(host.switchId(), host.port(), host.width(), host.maxGen()),
          KeyPath.of("hosts").index(i));
    }
    for (int i = 0; i < root.links().size(); i++) {
      LinkEntry link = root.links().get(i);
      KeyPath at = KeyPath.of("interSwitchLinks").index(i);
      checkPort(
          new Port(link.a().switchId(), link.a().port(), link.a().width(), link.a().maxGen()),
          at.key("a"));
      checkPort(
          new Port(link.b().switchId(), link.b().port(), link.b().width(), link.b().maxGen()),
          at.key("b"));
      if (link.a().switchId().equals(link.b().switchId())) {
        checks.problem(
            at.key("b").key("switch"),
            "the link joins switch '" + link.a().switchId() + "' to itself");
      }
    }
  }

  /**
   * @param at the entry holding the port keys, e.g. {@code slots[3]} (keys are flat there) or
   *     {@code interSwitchLinks[0].a}
   */
  private void checkPort(Port port, KeyPath at) {
    boolean widthOk = checks.requireLinkWidth(port.width(), at.key("width"));
    boolean genOk = checks.requireGeneration(port.maxGen(), at.key("maxGen"));
    SwitchEntry chip = index.switchEntry(port.switchId()).orElse(null);
    if (chip == null) {
      checks.problem(
          at.key("switch"),
          "unknown switch '" + port.switchId() + "'; switches are: " + index.switchIds());
      return;
    }
    if (port.port() < 0 || port.port() >= chip.portCount()) {
      checks.problem(
          at.key("port"),
          "switch '"
              + chip.id()
              + "' has no port "
              + port.port()
              + " (its ports are 0.."
              + (chip.portCount() - 1)
              + ")");
      return;
    }
    KeyPath previousUser = portUsers.putIfAbsent(port.label(), at);
    if (previousUser != null) {
      checks.problem(
          at.key("port"), "switch port " + port.label() + " is already used by " + previousUser);
    }
    if (genOk && port.maxGen() > chip.maxGen()) {
      checks.problem(
          at.key("maxGen"),
          "Gen"
              + port.maxGen()
              + " is more than switch '"
              + chip.id()
              + "' supports (maxGen "
              + chip.maxGen()
              + ")");
    }
    if (widthOk) {
      lanesUsed.merge(chip.id(), port.width(), Integer::sum);
    }
  }

  private void checkLaneBudgets() {
    for (int i = 0; i < root.switches().size(); i++) {
      SwitchEntry chip = root.switches().get(i);
      int lanes = lanesUsed.getOrDefault(chip.id(), 0);
      // a duplicated id is reported once, at the duplicate; its lanes count for the first chip
      if (index.switchEntry(chip.id()).orElse(null) == chip && lanes > chip.laneCount()) {
        checks.problem(
            KeyPath.of("switches").index(i).key("laneCount"),
            "the ports wired to switch '"
                + chip.id()
                + "' use "
                + lanes
                + " lanes, more than its "
                + chip.laneCount());
      }
    }
  }

  private void checkSlots() {
    KeyPath listAt = KeyPath.of("slots");
    checks.requireNotEmpty(root.slots(), listAt, "slot");
    checks.requireUniqueIds(root.slots(), SlotEntry::id, listAt, "slot");
    for (int i = 0; i < root.slots().size(); i++) {
      int number = root.slots().get(i).id();
      if (number < 1) {
        checks.problem(listAt.index(i).key("id"), "slot numbers start at 1, got " + number);
      }
    }
  }

  private void checkHosts() {
    KeyPath listAt = KeyPath.of("hosts");
    checks.requireNotEmpty(root.hosts(), listAt, "host");
    checks.requireUniqueIds(root.hosts(), HostEntry::id, listAt, "host");
    for (int i = 0; i < root.hosts().size(); i++) {
      checks.requireText(root.hosts().get(i).id(), listAt.index(i).key("id"));
      Integer window = root.hosts().get(i).hotPlugWindowGiB();
      if (window != null && window < 1) {
        checks.problem(
            listAt.index(i).key("hotPlugWindowGiB"), "must be 1 GiB or more, got " + window);
      }
    }
  }

  /** A host must be able to reach every slot, so every switch must reach every other. */
  private void checkFabricIsConnected() {
    List<String> switchIds = root.switches().stream().map(SwitchEntry::id).distinct().toList();
    if (switchIds.size() < 2) {
      return;
    }
    SwitchGraph graph = SwitchGraph.ofWrittenLinks(switchIds, root.links());
    String first = switchIds.get(0);
    Set<String> reached = graph.reachableFrom(first);
    List<String> unreached = switchIds.stream().filter(id -> !reached.contains(id)).toList();
    if (unreached.isEmpty()) {
      return;
    }
    KeyPath at = KeyPath.of("interSwitchLinks");
    String detail =
        "no inter-switch link path from switch '"
            + first
            + "' to "
            + unreached.stream().map(id -> "'" + id + "'").collect(Collectors.joining(", "));
    if (root.interSwitchLinks() != null) {
      checks.problem(at, detail);
    } else {
      // no links at all: show the first switch that cannot be reached
      int unreachedIndex =
          root.switches().stream().map(SwitchEntry::id).toList().indexOf(unreached.get(0));
      checks.problemAtMissingKey(at, KeyPath.of("switches").index(unreachedIndex), detail);
    }
  }
}

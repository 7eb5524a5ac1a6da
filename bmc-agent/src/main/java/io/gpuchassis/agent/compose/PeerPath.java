package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.InterSwitchLink;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How traffic between two devices of the chassis (two GPUs, or a GPU and a host port) travels:
 * inside one switch chip, or across inter-switch links, counted in hops along the shortest chain of
 * links. Peer-to-peer transfers stay off the hosts only inside one chip; every hop adds a shared
 * link to the path.
 */
public sealed interface PeerPath
    permits PeerPath.SameSwitch, PeerPath.InterSwitch, PeerPath.OverEthernet {

  /** The hop count: 0 inside one chip. */
  int hops();

  /** Both ends on one switch chip. */
  record SameSwitch(String switchId) implements PeerPath {
    @Override
    public int hops() {
      return 0;
    }
  }

  /**
   * The ends meet over the Ethernet fabric, each through its own ExpEther engine: the GPUs of an
   * Ethernet host and that host. No switch chip of the chassis is on the path, so it has no hops.
   */
  record OverEthernet() implements PeerPath {
    @Override
    public int hops() {
      return 0;
    }
  }

  /** The ends are {@code hops} inter-switch links apart. */
  record InterSwitch(int hops) implements PeerPath {
    public InterSwitch {
      if (hops < 1) {
        throw new IllegalArgumentException(
            "an inter-switch path has at least one hop, not " + hops);
      }
    }
  }

  /**
   * The path from a device on {@code from} (a host's chip) to one on {@code to}, over the links the
   * engine would bind ({@link BindingPlan#path}); empty when no chain of links leads there.
   */
  static Optional<PeerPath> between(ChassisState state, String from, String to) {
    if (from.equals(to)) {
      return Optional.of(new SameSwitch(from));
    }
    return BindingPlan.path(state, from, to).map(links -> new InterSwitch(links.size()));
  }

  /**
   * The path between a GPU on chip {@code a} and one on chip {@code b} when both are bound into the
   * host on chip {@code hostSwitch}: inside that host's hierarchy the chips hang off the host's
   * chip by the chains of links the engine binds, so traffic climbs from one GPU to where the two
   * chains part and descends to the other. Empty when a chain is missing (the host cannot hold
   * both).
   */
  static Optional<PeerPath> inHost(ChassisState state, String hostSwitch, String a, String b) {
    return linksInHost(state, hostSwitch, a, b)
        .map(links -> links.isEmpty() ? new SameSwitch(a) : new InterSwitch(links.size()));
  }

  /**
   * The inter-switch links that traffic between chips {@code a} and {@code b} crosses inside the
   * hierarchy of the host on {@code hostSwitch}; empty list on one chip, empty when unreachable.
   */
  static Optional<List<InterSwitchLink>> linksInHost(
      ChassisState state, String hostSwitch, String a, String b) {
    Optional<List<InterSwitchLink>> toA = BindingPlan.path(state, hostSwitch, a);
    Optional<List<InterSwitchLink>> toB = BindingPlan.path(state, hostSwitch, b);
    if (toA.isEmpty() || toB.isEmpty()) {
      return Optional.empty();
    }
    int shared = 0;
    while (shared < toA.get().size()
        && shared < toB.get().size()
        && toA.get().get(shared).equals(toB.get().get(shared))) {
      shared++;
    }
    List<InterSwitchLink> links = new ArrayList<>(toA.get().subList(shared, toA.get().size()));
    links.addAll(toB.get().subList(shared, toB.get().size()));
    return Optional.of(List.copyOf(links));
  }

  /** The longer of two paths (the one that crosses more links). */
  static PeerPath worse(PeerPath a, PeerPath b) {
    return b.hops() > a.hops() ? b : a;
  }

  /** How an orchestrator reads it: {@code SameSwitch}, {@code InterSwitch} or {@code Ethernet}. */
  default String kind() {
    if (this instanceof OverEthernet) {
      return "Ethernet";
    }
    return this instanceof SameSwitch ? "SameSwitch" : "InterSwitch";
  }
}

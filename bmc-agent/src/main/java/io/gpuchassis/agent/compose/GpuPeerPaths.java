package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.chassis.InterSwitchLink;
import io.gpuchassis.agent.chassis.PortLink;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.chassis.WiredPort;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How every pair of GPUs of a snapshot can reach each other, as a pure function of it, from the
 * same {@link PeerPath} computation that {@link Placement} chooses GPUs by.
 *
 * <p>The hosts' bindings decide first: two GPUs bound to one host talk inside its hierarchy; two
 * bound to different hosts sit in isolated partitions and have no path. A pair not both bound is
 * described as it would be once composed into one host: through the host port that gives the
 * shortest path, or through a host's root complex when no single host port reaches both.
 */
public final class GpuPeerPaths {

  /** The class of path between two GPUs. */
  public enum Kind {
    /** Both behind one switch chip: peer-to-peer stays in that chip. */
    SAME_SWITCH,
    /** Across inter-switch links, inside one host's hierarchy. */
    INTER_SWITCH,
    /** No single host port reaches both: they meet only in a server cabled to two host ports. */
    THROUGH_HOST,
    /** Bound to different hosts: their partitions are isolated. */
    NONE,
    /**
     * Both given to one Ethernet host: traffic between them crosses the Ethernet fabric between
     * their ExpEther I/O engines, never the chassis's switch chips.
     */
    OVER_ETHERNET
  }

  /** Where the pair stands with the hosts. */
  public enum Composition {
    /** Both bound to one host. */
    SAME_HOST,
    /** Bound to two different hosts. */
    DIFFERENT_HOSTS,
    /** At least one of the two is not bound: the path is the one a composition would give. */
    NOT_COMPOSED
  }

  /**
   * The narrowest link traffic between the pair crosses: the one with the lowest raw speed, with
   * its negotiated width and generation when the link is up, else what it should train to.
   */
  public record LimitingLink(
      String switchId, int port, int width, int generation, boolean negotiated) {
    double speedGbps() {
      return WiredPort.speedGbps(generation, width);
    }
  }

  /**
   * One pair, lower slot first.
   *
   * @param hops inter-switch links crossed (0 unless {@code INTER_SWITCH})
   * @param host the host whose hierarchy the path runs in: the pair's own, or the one a composition
   *     would use; empty for {@code THROUGH_HOST} and {@code NONE}
   * @param limit empty where the path is not the chassis's to know
   */
  public record Pair(
      int slotA,
      int slotB,
      Kind kind,
      int hops,
      Composition composition,
      Optional<String> host,
      Optional<LimitingLink> limit) {

    /** Whether peer-to-peer DMA between the two can stay inside the switch fabric. */
    public boolean peerToPeer() {
      return kind == Kind.SAME_SWITCH || kind == Kind.INTER_SWITCH;
    }
  }

  private GpuPeerPaths() {}

  /** Every pair of occupied slots, in slot order. */
  public static List<Pair> of(ChassisState state) {
    List<Slot> gpus = state.slots().stream().filter(Slot::occupied).toList();
    List<Pair> pairs = new ArrayList<>();
    for (int i = 0; i < gpus.size(); i++) {
      for (int j = i + 1; j < gpus.size(); j++) {
        pairs.add(pair(state, gpus.get(i), gpus.get(j)));
      }
    }
    return List.copyOf(pairs);
  }

  static Pair pair(ChassisState state, Slot a, Slot b) {
    Optional<String> hostA = boundHost(state, a.number());
    Optional<String> hostB = boundHost(state, b.number());
    if (hostA.isPresent() && hostB.isPresent()) {
      if (!hostA.equals(hostB)) {
        return new Pair(
            a.number(),
            b.number(),
            Kind.NONE,
            0,
            Composition.DIFFERENT_HOSTS,
            Optional.empty(),
            Optional.empty());
      }
      Optional<HostPort> host = host(state, hostA.get());
      if (host.isPresent() && host.get().overEthernet()) {
        return new Pair(
            a.number(),
            b.number(),
            Kind.OVER_ETHERNET,
            0,
            Composition.SAME_HOST,
            host.map(HostPort::id),
            Optional.empty());
      }
      if (host.isPresent()) {
        Optional<Pair> inHost = inHost(state, a, b, host.get(), Composition.SAME_HOST);
        if (inHost.isPresent()) {
          return inHost.get();
        }
      }
    }
    // Not both in one host: the host port that would give them the shortest path, topology order
    // on a tie.
    Optional<Pair> best = Optional.empty();
    for (HostPort host : state.hosts()) {
      Optional<Pair> candidate = inHost(state, a, b, host, Composition.NOT_COMPOSED);
      if (candidate.isPresent() && (best.isEmpty() || candidate.get().hops() < best.get().hops())) {
        best = candidate;
      }
    }
    Composition composition =
        hostA.isPresent() && hostB.isPresent() ? Composition.SAME_HOST : Composition.NOT_COMPOSED;
    return best.orElse(
        new Pair(
            a.number(),
            b.number(),
            Kind.THROUGH_HOST,
            0,
            composition,
            Optional.empty(),
            Optional.empty()));
  }

  private static Optional<Pair> inHost(
      ChassisState state, Slot a, Slot b, HostPort host, Composition composition) {
    Optional<List<InterSwitchLink>> links =
        PeerPath.linksInHost(state, host.switchId(), a.switchId(), b.switchId());
    Optional<PeerPath> path = PeerPath.inHost(state, host.switchId(), a.switchId(), b.switchId());
    if (links.isEmpty() || path.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        new Pair(
            a.number(),
            b.number(),
            path.get() instanceof PeerPath.SameSwitch ? Kind.SAME_SWITCH : Kind.INTER_SWITCH,
            path.get().hops(),
            composition,
            Optional.of(host.id()),
            limit(state, a, b, links.get())));
  }

  /** The slowest of the two slots' links and the inter-switch links between them. */
  private static Optional<LimitingLink> limit(
      ChassisState state, Slot a, Slot b, List<InterSwitchLink> links) {
    List<LimitingLink> crossed = new ArrayList<>();
    link(state, a.switchId(), a.port()).ifPresent(crossed::add);
    link(state, b.switchId(), b.port()).ifPresent(crossed::add);
    for (InterSwitchLink l : links) {
      link(state, l.switchA(), l.portA()).ifPresent(crossed::add);
    }
    LimitingLink slowest = null;
    for (LimitingLink l : crossed) {
      if (slowest == null || l.speedGbps() < slowest.speedGbps()) {
        slowest = l;
      }
    }
    return Optional.ofNullable(slowest);
  }

  /** One port's link: as negotiated while up, else as it should train; empty when unknown. */
  private static Optional<LimitingLink> link(ChassisState state, String switchId, int port) {
    Optional<PortLink> observed =
        state
            .switchObservation(switchId)
            .filter(o -> o.reachable())
            .flatMap(o -> o.port(port))
            .filter(PortLink::up);
    if (observed.isPresent() && observed.get().width() > 0 && observed.get().generation() > 0) {
      return Optional.of(
          new LimitingLink(
              switchId, port, observed.get().width(), observed.get().generation(), true));
    }
    return WiredPort.find(state, switchId, port)
        .filter(p -> p.expectedWidth() > 0 && p.expectedGeneration() > 0)
        .map(
            p ->
                new LimitingLink(switchId, port, p.expectedWidth(), p.expectedGeneration(), false));
  }

  private static Optional<String> boundHost(ChassisState state, int slot) {
    SlotBinding binding = state.binding(slot);
    return binding.state() == SlotBinding.State.BOUND ? binding.host() : Optional.empty();
  }

  private static Optional<HostPort> host(ChassisState state, String id) {
    return state.hosts().stream().filter(h -> h.id().equals(id)).findFirst();
  }
}

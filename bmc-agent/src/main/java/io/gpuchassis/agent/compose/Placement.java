package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.SlotBinding;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Chooses the GPUs of a constrained composition, as a pure function of a snapshot. A candidate is a
 * free GPU: its slot is occupied, UNBOUND, not reserved, and the binding engine can reach the host
 * from it. Preferred: GPUs on one chip, that chip the host's, then the fewest inter-switch hops
 * between the GPUs and to the host, then the lowest slots. An Ethernet host's GPUs reach it and
 * each other over the Ethernet fabric, each through its own I/O engine, so no choice brings them
 * closer: the lowest slots are taken, and a request to keep them behind one switch chip is refused.
 */
public final class Placement {

  /** Whether the binding engine can bind a slot into a host. */
  @FunctionalInterface
  public interface Reachability {
    boolean canBind(ChassisState state, int slot, String hostId);

    /** The engine's own answer: it has a plan for the pair. */
    Reachability ENGINE = FabricReach::canBind;
  }

  /**
   * The chosen GPUs (slot order) and the expected paths: the longest between two of them, the
   * longest to the host.
   */
  public record Placed(List<Integer> slots, PeerPath betweenGpus, PeerPath toHost) {
    public Placed {
      slots = List.copyOf(slots);
    }
  }

  /** What an unreachable chip counts as: farther than any real path. */
  private static final PeerPath UNREACHABLE = new PeerPath.InterSwitch(Integer.MAX_VALUE / 2);

  private final Reachability reachability;

  public Placement(Reachability reachability) {
    this.reachability = reachability;
  }

  /** Placement as the binding engine can bind today. */
  public static Placement ofEngine() {
    return new Placement(Reachability.ENGINE);
  }

  /**
   * Places {@code request}; {@code reserved} are slots held by someone else's reservation.
   *
   * @throws PlacementException when no set of free GPUs satisfies the request
   */
  public Placed place(ChassisState state, GpuRequest request, Set<Integer> reserved) {
    HostPort host =
        state.hosts().stream()
            .filter(h -> h.id().equals(request.hostId()))
            .findFirst()
            .orElseThrow(
                () -> new IllegalArgumentException("there is no host port " + request.hostId()));
    List<Slot> free = candidates(state, request);
    if (host.overEthernet() && request.peerToPeer() == PeerToPeer.SAME_SWITCH) {
      throw new PlacementException(
          "the GPUs of Ethernet host "
              + host.id()
              + " reach it and each other over Ethernet, each through its own ExpEther I/O engine,"
              + " never inside one switch chip: peer-to-peer Any is what such a host can have",
          false);
    }
    List<Slot> available = free.stream().filter(s -> !reserved.contains(s.number())).toList();
    Optional<Placed> placed = choose(state, host, available, request);
    if (placed.isPresent()) {
      return placed.get();
    }
    boolean reservationsInTheWay = choose(state, host, free, request).isPresent();
    throw new PlacementException(why(state, host, available, request), reservationsInTheWay);
  }

  /**
   * The expected paths of GPUs already chosen (a specific composition, or a host's GPUs); empty
   * slots list = none.
   */
  public static Optional<Placed> describe(ChassisState state, String hostId, List<Integer> slots) {
    Optional<HostPort> host = state.hosts().stream().filter(h -> h.id().equals(hostId)).findFirst();
    List<Slot> chosen = slots.stream().map(state::slot).flatMap(Optional::stream).toList();
    if (host.isEmpty() || chosen.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(placed(state, host.get(), chosen));
  }

  /** Free GPUs the host can take, of the requested model, in slot order. */
  List<Slot> candidates(ChassisState state, GpuRequest request) {
    return state.slots().stream()
        .filter(Slot::occupied)
        .filter(
            s ->
                request.model().isEmpty()
                    || s.gpu().orElseThrow().model().equalsIgnoreCase(request.model().get()))
        .filter(s -> state.binding(s.number()).state() == SlotBinding.State.UNBOUND)
        .filter(s -> reachability.canBind(state, s.number(), request.hostId()))
        .toList();
  }

  private Optional<Placed> choose(
      ChassisState state, HostPort host, List<Slot> free, GpuRequest request) {
    if (free.size() < request.count()) {
      return Optional.empty();
    }
    if (host.overEthernet()) {
      return Optional.of(placed(state, host, free.subList(0, request.count())));
    }
    Map<String, List<Slot>> byChip = byChip(free);
    List<Placed> options = new ArrayList<>();
    for (Map.Entry<String, List<Slot>> chip : byChip.entrySet()) {
      if (request.peerToPeer() == PeerToPeer.SAME_SWITCH) {
        if (chip.getValue().size() >= request.count()) {
          options.add(placed(state, host, chip.getValue().subList(0, request.count())));
        }
      } else {
        // Grow the set outward from this chip: its own GPUs first, then the nearest chips'.
        String anchor = chip.getKey();
        List<Slot> nearest =
            free.stream()
                .sorted(
                    Comparator.<Slot>comparingInt(
                            s ->
                                Math.abs(
                                    hops(state, host.switchId(), anchor)
                                        - hops(state, host.switchId(), s.switchId())))
                        .thenComparingInt(s -> hops(state, host.switchId(), s.switchId()))
                        .thenComparingInt(Slot::number))
                .limit(request.count())
                .sorted(Comparator.comparingInt(Slot::number))
                .toList();
        options.add(placed(state, host, nearest));
      }
    }
    return options.stream()
        .min(
            Comparator.<Placed>comparingInt(p -> p.betweenGpus().hops())
                .thenComparingInt(p -> p.toHost().hops())
                .thenComparingInt(p -> totalHopsToHost(state, host, p))
                .thenComparingInt(p -> p.slots().get(0)));
  }

  /**
   * The paths of {@code slots} in {@code host}: the longest between two of them ({@link
   * PeerPath#inHost}, the same answer the peer-path view gives), the longest to the host.
   */
  private static Placed placed(ChassisState state, HostPort host, List<Slot> slots) {
    if (host.overEthernet()) {
      PeerPath ethernet = new PeerPath.OverEthernet();
      return new Placed(slots.stream().map(Slot::number).toList(), ethernet, ethernet);
    }
    PeerPath toHost = path(state, host.switchId(), slots.get(0).switchId());
    PeerPath between = new PeerPath.SameSwitch(slots.get(0).switchId());
    for (int i = 0; i < slots.size(); i++) {
      Slot a = slots.get(i);
      toHost = PeerPath.worse(toHost, path(state, host.switchId(), a.switchId()));
      for (int j = i + 1; j < slots.size(); j++) {
        between =
            PeerPath.worse(
                between,
                PeerPath.inHost(state, host.switchId(), a.switchId(), slots.get(j).switchId())
                    .orElse(UNREACHABLE));
      }
    }
    return new Placed(slots.stream().map(Slot::number).toList(), between, toHost);
  }

  private static int totalHopsToHost(ChassisState state, HostPort host, Placed p) {
    return p.slots().stream()
        .mapToInt(slot -> hops(state, host.switchId(), state.slot(slot).orElseThrow().switchId()))
        .sum();
  }

  private static PeerPath path(ChassisState state, String from, String to) {
    // A GPU the engine can bind is joined to the host by links; chips without any path are never
    // candidates together.
    return PeerPath.between(state, from, to).orElse(UNREACHABLE);
  }

  private static int hops(ChassisState state, String from, String to) {
    return path(state, from, to).hops();
  }

  private static Map<String, List<Slot>> byChip(List<Slot> slots) {
    Map<String, List<Slot>> byChip = new LinkedHashMap<>();
    for (Slot s : slots) {
      byChip.computeIfAbsent(s.switchId(), k -> new ArrayList<>()).add(s);
    }
    return byChip;
  }

  /** The refusal's detail: how far the free GPUs fall short. */
  private static String why(
      ChassisState state, HostPort host, List<Slot> free, GpuRequest request) {
    String what = request.model().map(m -> " " + m).orElse("");
    if (request.peerToPeer() == PeerToPeer.SAME_SWITCH) {
      int most = byChip(free).values().stream().mapToInt(List::size).max().orElse(0);
      return request.count()
          + what
          + " GPUs behind one switch chip were requested for "
          + host.id()
          + ", but only "
          + most
          + " free"
          + what
          + " GPU"
          + (most == 1 ? " is" : "s are")
          + " on any one switch chip it can reach";
    }
    return request.count()
        + what
        + " GPUs were requested for "
        + host.id()
        + ", but only "
        + free.size()
        + " free"
        + what
        + " GPU"
        + (free.size() == 1 ? " is" : "s are")
        + " reachable from it";
  }
}

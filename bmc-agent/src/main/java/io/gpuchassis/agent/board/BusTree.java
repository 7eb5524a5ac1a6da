package io.gpuchassis.agent.board;

import io.gpuchassis.agent.board.BoardDocument.MuxEntry;
import io.gpuchassis.agent.board.BoardDocument.PathKeys;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The board's I2C buses as a tree of mux channels: resolves the path keys of the file to {@link
 * I2cPath}s, and tells which devices share wires.
 *
 * <p>A bus that a kernel-driven mux made for one of its channels hangs below the bus the mux sits
 * on; a channel of an agent-driven mux likewise. Devices at the same address collide when one sits
 * on the same segment as the other or upstream of it: selecting the channel joins the segments.
 * Devices behind different channels never collide, because a channel is only selected for the
 * transfer that needs it (the kernel driver and the agent both deselect afterwards).
 */
final class BusTree {

  /** One mux channel on the way from a root bus to a device. */
  record Channel(String muxId, int channel) {}

  /** Where a device sits: the root bus and the mux channels between it and the device. */
  record Position(int rootBus, List<Channel> channels) {

    /** Whether a transfer to one of the two positions is seen by a device at the other. */
    boolean sharesWiresWith(Position other) {
      if (rootBus != other.rootBus) {
        return false;
      }
      // field by field: a record's own equals goes through a method handle, slow until the JIT
      // compiles it, and this runs for every two devices at one address at every start
      int common = Math.min(channels.size(), other.channels.size());
      for (int i = 0; i < common; i++) {
        Channel mine = channels.get(i);
        Channel theirs = other.channels.get(i);
        if (mine.channel() != theirs.channel() || !mine.muxId().equals(theirs.muxId())) {
          return false;
        }
      }
      return true;
    }
  }

  private final Map<String, MuxEntry> muxes = new LinkedHashMap<>();
  private final Map<Integer, Channel> kernelChannels = new LinkedHashMap<>();

  /**
   * @param muxes muxes whose own keys are valid; a kernel bus listed twice keeps its first mux
   */
  BusTree(List<MuxEntry> muxes) {
    for (MuxEntry mux : muxes) {
      this.muxes.putIfAbsent(mux.id(), mux);
      List<Integer> buses = mux.kernelBusList();
      for (int channel = 0; channel < buses.size(); channel++) {
        kernelChannels.putIfAbsent(buses.get(channel), new Channel(mux.id(), channel));
      }
    }
  }

  boolean knowsMux(String muxId) {
    return muxes.containsKey(muxId);
  }

  /**
   * The path that {@code keys} describe; the keys must be valid and name a mux of this tree, if
   * any.
   */
  I2cPath resolve(PathKeys keys) {
    int address = keys.address().value();
    if (keys.bus() != null) {
      return I2cPath.direct(keys.bus(), address);
    }
    MuxEntry mux = muxes.get(keys.mux());
    int channel = keys.channel();
    if (!mux.kernelBusList().isEmpty()) {
      return I2cPath.direct(mux.kernelBusList().get(channel), address);
    }
    MuxHop hop = new MuxHop(mux.id(), mux.bus(), mux.address().value(), channel);
    return new I2cPath(mux.bus(), Optional.of(hop), address);
  }

  /** Where a device at {@code path} sits; empty if its bus hangs below a loop of muxes. */
  Optional<Position> positionOf(I2cPath path) {
    return positionOfBus(path.bus())
        .map(
            bus ->
                path.mux()
                    .map(hop -> below(bus, new Channel(hop.muxId(), hop.channel())))
                    .orElse(bus));
  }

  /**
   * Where bus {@code bus} sits; empty if following it upstream leads round a loop of kernel muxes.
   */
  Optional<Position> positionOfBus(int bus) {
    Deque<Channel> channels = new ArrayDeque<>();
    Set<Integer> seen = new HashSet<>();
    int current = bus;
    while (kernelChannels.containsKey(current)) {
      if (!seen.add(current)) {
        return Optional.empty();
      }
      Channel channel = kernelChannels.get(current);
      channels.addFirst(channel);
      current = muxes.get(channel.muxId()).bus();
    }
    return Optional.of(new Position(current, List.copyOf(channels)));
  }

  private static Position below(Position position, Channel channel) {
    List<Channel> channels = new ArrayList<>(position.channels());
    channels.add(channel);
    return new Position(position.rootBus(), channels);
  }
}

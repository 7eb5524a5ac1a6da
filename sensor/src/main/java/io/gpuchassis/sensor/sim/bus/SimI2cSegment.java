package io.gpuchassis.sensor.sim.bus;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One simulated physical bus: targets at addresses on the trunk and behind mux channels. A transfer
 * reaches the trunk target at its address or, failing that, the target behind each currently
 * connected mux channel; no target means a NAK, two answering targets mean bus contention (reported
 * as an error, as the data would be garbage). A read on its own (after a STOP) addressed to an
 * {@link TargetKind#SMBUS_COMMAND} target is not acknowledged: such a target answers only the
 * repeated-start half of its command's transaction ({@link #writeRead}).
 *
 * <p>Thread-safety: attach before use; routing is safe for concurrent transfers (the Pi4J bus lock
 * serialises them).
 */
public final class SimI2cSegment {

  private record Attached(SimI2cTarget target, TargetKind kind) {}

  private record Downstream(SimI2cMux mux, int channel, int address, Attached attached) {}

  private final int bus;
  private final Map<Integer, Attached> trunk = new ConcurrentHashMap<>();
  private final List<Downstream> downstream = new CopyOnWriteArrayList<>();
  private final AtomicLong transfers;

  SimI2cSegment(int bus, AtomicLong transfers) {
    this.bus = bus;
    this.transfers = transfers;
  }

  public int bus() {
    return bus;
  }

  /**
   * Puts {@code target} on the trunk at {@code address}, of the kind it declares ({@link
   * SimI2cTarget#kind()}).
   */
  public void attach(int address, SimI2cTarget target) {
    attach(address, target, target.kind());
  }

  /**
   * Puts {@code target} on the trunk at {@code address}, treating it as {@code kind} whatever it
   * declares.
   */
  public void attach(int address, SimI2cTarget target, TargetKind kind) {
    if (trunk.putIfAbsent(checkAddress(address), new Attached(target, kind)) != null) {
      throw new IllegalStateException("bus " + bus + " already has a device at " + hex(address));
    }
  }

  /**
   * Puts {@code target} behind channel {@code channel} of {@code mux} (which must be on this
   * trunk).
   */
  public void attachBehind(SimI2cMux mux, int channel, int address, SimI2cTarget target) {
    attachBehind(mux, channel, address, target, target.kind());
  }

  /**
   * As {@link #attachBehind(SimI2cMux, int, int, SimI2cTarget)}, treating the target as {@code
   * kind}.
   */
  public void attachBehind(
      SimI2cMux mux, int channel, int address, SimI2cTarget target, TargetKind kind) {
    if (trunk.values().stream().noneMatch(a -> a.target() == mux)) {
      throw new IllegalStateException("mux is not attached to bus " + bus);
    }
    for (Downstream d : downstream) {
      if (d.mux == mux && d.channel == channel && d.address == address) {
        throw new IllegalStateException(
            "bus "
                + bus
                + " already has a device at "
                + hex(address)
                + " behind that mux channel "
                + channel);
      }
    }
    downstream.add(new Downstream(mux, channel, checkAddress(address), new Attached(target, kind)));
  }

  /** A write transaction. */
  void write(int address, byte[] data) {
    route(address).target().write(data);
  }

  /** A read transaction on its own, after a STOP. */
  byte[] read(int address, int length) {
    Attached a = route(address);
    if (a.kind() == TargetKind.SMBUS_COMMAND) {
      throw new I2cNakException(
          a.target()
              + " at "
              + hex(address)
              + " on bus "
              + bus
              + " answers a read only as the repeated-start half of its command's transaction");
    }
    return a.target().read(length);
  }

  /**
   * A combined transaction: write, repeated start, read; routed once, since no STOP lets the mux
   * state change.
   */
  byte[] writeRead(int address, byte[] data, int length) {
    Attached a = route(address);
    transfers.incrementAndGet(); // the read phase; route counted the write phase
    return a.target().writeRead(data, length);
  }

  private Attached route(int address) {
    transfers.incrementAndGet();
    Attached direct = trunk.get(address);
    if (direct != null) {
      return direct;
    }
    List<Attached> answering = new ArrayList<>(1);
    for (Downstream d : downstream) {
      if (d.address == address && (d.mux.connectedChannels() & (1 << d.channel)) != 0) {
        answering.add(d.attached);
      }
    }
    if (answering.isEmpty()) {
      throw new I2cNakException("no device acknowledged " + hex(address) + " on bus " + bus);
    }
    if (answering.size() > 1) {
      throw new IllegalStateException(
          "bus contention: "
              + answering.size()
              + " devices answer at "
              + hex(address)
              + " on bus "
              + bus);
    }
    return answering.get(0);
  }

  private static int checkAddress(int address) {
    if (address < 0x03 || address > 0x77) {
      throw new IllegalArgumentException("not a 7-bit device address: " + hex(address));
    }
    return address;
  }

  private static String hex(int address) {
    return String.format("0x%02X", address);
  }
}

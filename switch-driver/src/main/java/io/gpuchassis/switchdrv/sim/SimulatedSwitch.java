package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.FirmwareType;
import io.gpuchassis.switchdrv.Generation;
import io.gpuchassis.switchdrv.command.DeviceIds;
import io.gpuchassis.switchdrv.transport.GasEndpoint;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One simulated switch chip: its GAS as seen from any management interface, its fault control, and
 * power loss. What survives a power loss is the flash (firmware partitions); everything else
 * (mailbox, bindings, link state, counters, download session) starts over from the configuration.
 *
 * <p>Thread-safe: every wire access and every fault change takes the chip's lock, so transports
 * served on different threads (TCP, pty, I2C, in-memory) see one consistent chip. Time is real
 * (System.nanoTime); latencies are evaluated lazily when the GAS is read, so the simulator needs no
 * threads of its own.
 */
public final class SimulatedSwitch {

  /** Size of the GAS (reference §3: about 2.2 MiB with 255 PFF blocks). */
  public static final int GAS_SIZE = 0x134000 + 255 * 0x1000;

  private static final Logger LOG = LoggerFactory.getLogger(SimulatedSwitch.class);

  private final Object lock = new Object();
  private final SimulatedSwitchConfig config;
  private final Generation generation;
  private final SimFlash flash;
  private final List<ActiveFault> faults = new ArrayList<>();
  private final Map<Integer, Double> gpuLoads = new HashMap<>();
  private final SimulatorFaults faultApi = new SimulatorFaults(this);
  private final GasEndpoint gas = new Gas();
  private ChipState chip;
  private long nextFaultId = 1;
  private long boots;

  public SimulatedSwitch(SimulatedSwitchConfig config) {
    this.config = config;
    this.generation = DeviceIds.generation(config.identity().deviceId());
    this.flash = new SimFlash(config.identity(), generation);
    this.chip = new ChipState(this, System.nanoTime(), false);
    this.boots = 1;
  }

  public SimulatedSwitchConfig config() {
    return config;
  }

  public Generation generation() {
    return generation;
  }

  /** The chip's GAS, for the in-memory transport and the simulator's wire front-ends. */
  public GasEndpoint gas() {
    return gas;
  }

  public SimulatorFaults faults() {
    return faultApi;
  }

  /** How many times the chip has booted (1 after construction; +1 per power loss or reset). */
  public long boots() {
    synchronized (lock) {
      return boots;
    }
  }

  /** Cuts power now: the chip restarts with its flash as it is at this moment. */
  public void powerLoss() {
    synchronized (lock) {
      restart(System.nanoTime());
    }
  }

  /** A readable description, e.g. "PFX 160xG6 sn 0x6a1c0001". */
  public String name() {
    return config.identity().productId()
        + " sn 0x"
        + Long.toHexString(config.identity().serialNumber());
  }

  // ---- package-private: used by the chip state, handlers and wire front-ends ----

  Object lock() {
    return lock;
  }

  SimFlash flash() {
    return flash;
  }

  void restart(long now) {
    LOG.info("{}: restart (boot {})", name(), boots + 1);
    boots++;
    int[] ranBefore = chip.runningCopy.clone();
    chip = new ChipState(this, now, true);
    int img = FirmwareType.IMG.ordinal();
    if (faultActive(FaultKind.FIRMWARE_BOOT_FAILURE) && chip.runningCopy[img] != ranBefore[img]) {
      LOG.info(
          "{}: the new main image does not start; the boot loader runs copy {} again",
          name(),
          ranBefore[img]);
      chip = new ChipState(this, now, true, ranBefore[img]);
    }
  }

  /**
   * Sets the load of the simulated GPU on a downstream port: the share of its link it keeps busy
   * while bound and linked up (0 = idle, 1 = the whole link; {@value TrafficModel#DEFAULT_LOAD} by
   * default). The GPU keeps it across chip restarts.
   */
  public void setGpuLoad(int physicalPort, double load) {
    if (!(load >= 0 && load <= 1)) {
      throw new IllegalArgumentException("load must be within 0..1: " + load);
    }
    synchronized (lock) {
      chip.traffic.advance(chip, System.nanoTime()); // what moved before at the old load
      gpuLoads.put(physicalPort, load);
    }
  }

  /** The load of the GPU on a port (see {@link #setGpuLoad}). */
  public double gpuLoad(int physicalPort) {
    synchronized (lock) {
      return gpuLoads.getOrDefault(physicalPort, TrafficModel.DEFAULT_LOAD);
    }
  }

  ChipState chip() {
    return chip;
  }

  /** Active faults of one kind (caller holds the lock). */
  List<ActiveFault> faultsOf(FaultKind kind) {
    List<ActiveFault> out = new ArrayList<>();
    for (ActiveFault f : faults) {
      if (f.fault().kind() == kind) {
        out.add(f);
      }
    }
    return out;
  }

  /** Active faults acting on one port (caller holds the lock). */
  List<ActiveFault> faultsOnPort(int port) {
    List<ActiveFault> out = new ArrayList<>();
    for (ActiveFault f : faults) {
      if (f.port() == port) {
        out.add(f);
      }
    }
    return out;
  }

  boolean faultActive(FaultKind kind) {
    return !faultsOf(kind).isEmpty();
  }

  /** Consumes one I2C transaction against the NAK faults; true when it must be NAKed. */
  boolean nakNextI2cTransaction() {
    synchronized (lock) {
      for (ActiveFault f : faultsOf(FaultKind.I2C_NAK)) {
        if (f.remainingNaks == 0) {
          return true;
        }
        if (--f.remainingNaks == 0) {
          removeFault(f, System.nanoTime());
        }
        return true;
      }
      return false;
    }
  }

  FaultHandle injectFault(Fault fault) {
    synchronized (lock) {
      long now = System.nanoTime();
      ActiveFault f = new ActiveFault(nextFaultId++, fault, now, this);
      chip.syncEvents(now);
      chip.traffic.advance(chip, now); // traffic up to the fault moved
      faults.add(f);
      chip.onFaultInjected(f, now);
      LOG.info("{}: fault injected: {}", name(), fault);
      return f;
    }
  }

  void clearFault(ActiveFault f) {
    synchronized (lock) {
      if (faults.contains(f)) {
        removeFault(f, System.nanoTime());
        LOG.info("{}: fault cleared: {}", name(), f.fault());
      }
    }
  }

  void removeFault(ActiveFault f, long now) {
    chip.syncEvents(now);
    chip.traffic.advance(chip, now);
    faults.remove(f);
    f.deactivate();
    chip.onFaultCleared(f, now);
  }

  List<FaultHandle> activeFaults() {
    synchronized (lock) {
      return List.copyOf(faults);
    }
  }

  private final class Gas implements GasEndpoint {
    @Override
    public byte[] readGas(int offset, int length) {
      synchronized (lock) {
        return chip.read(offset, length, System.nanoTime());
      }
    }

    @Override
    public boolean writeGas(int offset, byte[] data) {
      synchronized (lock) {
        if (offset < 0 || (long) offset + data.length > GAS_SIZE) {
          return false;
        }
        chip.write(offset, data, System.nanoTime());
        return true;
      }
    }

    @Override
    public int size() {
      return GAS_SIZE;
    }
  }
}

package io.gpuchassis.agent.platform;

import com.pi4j.context.Context;
import io.gpuchassis.agent.board.BoardDescription;
import io.gpuchassis.agent.board.FruEepromDevice;
import io.gpuchassis.agent.board.ProgrammablePartDevice;
import io.gpuchassis.agent.chassis.ChassisIdentity;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Gpu;
import io.gpuchassis.agent.chassis.PowerSupply;
import io.gpuchassis.agent.chassis.ProgrammablePart;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.sensor.chassis.ChassisSensors;
import io.gpuchassis.sensor.device.fru.BoardInfo;
import io.gpuchassis.sensor.device.fru.Eeprom24c02;
import io.gpuchassis.sensor.device.fru.FruInfo;
import io.gpuchassis.sensor.device.fru.FruParser;
import io.gpuchassis.sensor.device.fru.ProductInfo;
import io.gpuchassis.sensor.device.pmbus.PmbusPowerSupply;
import io.gpuchassis.sensor.gpio.SlotSignal;
import io.gpuchassis.sensor.i2c.DeviceException;
import io.gpuchassis.sensor.i2c.I2cDevices;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads what only the hardware can say about a board, once at start, through the same drivers on
 * real and simulated hardware: the chassis serial number from its FRU EEPROM, which slots hold a
 * GPU (their presence line), who each GPU is (its SMBPBI sideband, with its firmware version) and
 * each power supply's firmware revision (PMBus MFR_REVISION), and the firmware version of each
 * programmable part the board file declares. Runs before the sensor pollers start, so the buses are
 * its own.
 *
 * <p>The slots are read side by side, one thread each, with the chassis FRU beside them: a GPU
 * identity is about 25 post-box requests, and the GPU works on each for a millisecond or more
 * during which its bus is free ({@link io.gpuchassis.sensor.chassis.GpuSideband}). The bus lock
 * still admits one transaction at a time, mux select to deselect, so no two GPUs behind one bus's
 * muxes are ever connected together. Read one after another, the 16 GPUs of the reference board
 * took about 600 ms of the agent's start.
 */
public final class ChassisDiscovery {

  private static final Logger LOG = LoggerFactory.getLogger(ChassisDiscovery.class);

  private final BoardDescription board;
  private final ChassisSensors sensors;
  private final Context i2c;

  public ChassisDiscovery(BoardDescription board, ChassisSensors sensors, Context i2c) {
    this.board = board;
    this.sensors = sensors;
    this.i2c = i2c;
  }

  /** {@code state} with the serial number and the GPUs found. */
  public ChassisState discover(ChassisState state) {
    long started = System.nanoTime();
    List<Slot> known = state.slots();
    ExecutorService readers =
        Executors.newFixedThreadPool(
            known.size() + state.powerSupplies().size() + 2,
            r -> {
              Thread t = new Thread(r, "chassis-discovery");
              t.setDaemon(true);
              return t;
            });
    List<Slot> slots = new ArrayList<>();
    List<PowerSupply> supplies = new ArrayList<>();
    List<ProgrammablePart> parts;
    Optional<String> serialNumber;
    try {
      CompletableFuture<Optional<String>> serial =
          CompletableFuture.supplyAsync(
              () -> board.chassisFru().flatMap(this::serialNumber), readers);
      CompletableFuture<List<ProgrammablePart>> partReads =
          CompletableFuture.supplyAsync(() -> programmableParts(state), readers);
      List<CompletableFuture<PowerSupply>> supplyReads = new ArrayList<>();
      for (PowerSupply supply : state.powerSupplies()) {
        supplyReads.add(CompletableFuture.supplyAsync(() -> withFirmware(supply), readers));
      }
      List<CompletableFuture<Slot>> reads = new ArrayList<>();
      for (Slot slot : known) {
        reads.add(CompletableFuture.supplyAsync(() -> slot.withGpu(gpu(slot)), readers));
      }
      for (CompletableFuture<Slot> read : reads) {
        slots.add(joined(read));
      }
      serialNumber = joined(serial);
      for (CompletableFuture<PowerSupply> read : supplyReads) {
        supplies.add(joined(read));
      }
      parts = joined(partReads);
    } finally {
      readers.shutdownNow();
    }
    ChassisIdentity id = state.identity();
    ChassisIdentity identity = id.withSerialNumber(serialNumber.orElse(id.serialNumber()));
    LOG.info(
        "Chassis {} serial '{}': GPUs in slots {} ({} not identified), empty slots {}; read in {} ms",
        identity.id(),
        identity.serialNumber(),
        slots.stream().filter(Slot::occupied).map(Slot::number).toList(),
        slots.stream().filter(s -> s.gpu().map(g -> !g.identified()).orElse(false)).count(),
        slots.stream().filter(s -> !s.occupied()).map(Slot::number).toList(),
        (System.nanoTime() - started) / 1_000_000);
    return state.withInventory(identity, slots, supplies, parts);
  }

  /**
   * {@code supply} with the firmware revision, maker and serial number it reports; each is blank
   * when it cannot be read (MFR_SERIAL is optional in PMBus, and a supply may not answer at all).
   */
  private PowerSupply withFirmware(PowerSupply supply) {
    PmbusPowerSupply psu;
    try {
      psu = sensors.psu(supply.id());
    } catch (RuntimeException e) {
      LOG.warn("Power supply {} cannot be read: {}", supply.id(), e.getMessage());
      return supply;
    }
    return supply.withReported(
        reported(supply, "firmware revision", psu::readRevision),
        reported(supply, "maker", psu::readManufacturer),
        reported(supply, "serial number", psu::readSerialNumber));
  }

  /** One MFR_* text a supply reports. */
  @FunctionalInterface
  private interface SupplyText {
    String read() throws DeviceException;
  }

  private static String reported(PowerSupply supply, String what, SupplyText text) {
    try {
      return text.read();
    } catch (DeviceException | RuntimeException e) {
      LOG.warn("Power supply {}: its {} cannot be read: {}", supply.id(), what, e.getMessage());
      return "";
    }
  }

  /**
   * The board's programmable parts with the firmware versions their registers hold, one after
   * another (a few byte reads each); a part that does not answer keeps no version.
   */
  private List<ProgrammablePart> programmableParts(ChassisState state) {
    List<ProgrammablePart> read = new ArrayList<>();
    for (ProgrammablePart part : state.programmableParts()) {
      ProgrammablePartDevice device =
          board.device(part.id()).map(ProgrammablePartDevice.class::cast).orElseThrow();
      try {
        read.add(part.withFirmwareVersion(VersionRegisters.read(i2c, device)));
      } catch (DeviceException e) {
        LOG.warn(
            "{} {} ({}): its firmware version cannot be read: {}",
            part.kind(),
            part.id(),
            device.path().describe(),
            e.getMessage());
        read.add(part);
      }
    }
    return read;
  }

  /** Waits for {@code read}; a failure is rethrown as the reader threw it. */
  private static <T> T joined(CompletableFuture<T> read) {
    try {
      return read.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException cause) {
        throw cause;
      }
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw e;
    }
  }

  private Optional<String> serialNumber(FruEepromDevice fru) {
    String where = "chassis FRU EEPROM " + fru.id() + " (" + fru.path().describe() + ")";
    try {
      FruInfo info =
          FruParser.parse(
              new Eeprom24c02(new I2cDevices(i2c).open(fru.path().bus(), fru.path().address()))
                  .readAll());
      Optional<String> serial =
          info.product()
              .flatMap(ProductInfo::serialNumber)
              .or(() -> info.board().flatMap(BoardInfo::serialNumber));
      if (serial.isEmpty()) {
        LOG.warn("{} holds no serial number", where);
      }
      return serial;
    } catch (DeviceException e) {
      LOG.warn("{}: the chassis serial number cannot be read: {}", where, e.getMessage());
      return Optional.empty();
    }
  }

  /**
   * The GPU in a slot. Present when its presence line says so; a slot without a readable presence
   * line holds a GPU when one answers on its sideband. A present GPU whose sideband does not answer
   * is there, unidentified.
   */
  private Optional<Gpu> gpu(Slot slot) {
    boolean wired = sensors.slot(slot.number()).has(SlotSignal.PRESENT_N);
    Optional<Boolean> present = Optional.empty();
    if (wired) {
      try {
        present = Optional.of(sensors.slot(slot.number()).isPresent());
      } catch (DeviceException e) {
        LOG.warn(
            "Slot {}: its presence line cannot be read ({}); looking for a GPU on its sideband",
            slot.number(),
            e.getMessage());
      }
    }
    if (present.isPresent() && !present.get()) {
      return Optional.empty();
    }
    if (board.slotAccess(slot.number()).flatMap(a -> a.sideband()).isEmpty()) {
      return present.map(p -> Gpu.unidentified(slot));
    }
    try {
      return Optional.of(GpuIdentities.toGpu(sensors.gpu(slot.number()).readIdentity(), slot));
    } catch (DeviceException | RuntimeException e) {
      if (present.isPresent()) {
        LOG.warn(
            "Slot {}: a GPU is present but does not identify itself on its sideband: {}",
            slot.number(),
            e.getMessage());
        return Optional.of(Gpu.unidentified(slot));
      }
      return Optional.empty();
    }
  }
}

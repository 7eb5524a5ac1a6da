package io.gpuchassis.sensor.device.fru;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.pi4j.context.Context;
import io.gpuchassis.sensor.device.Pca9548Mux;
import io.gpuchassis.sensor.device.fru.FruFormatException.Problem;
import io.gpuchassis.sensor.i2c.DeviceIoException;
import io.gpuchassis.sensor.i2c.I2cDevices;
import io.gpuchassis.sensor.i2c.Pi4jContexts;
import io.gpuchassis.sensor.sim.bus.SimI2cNetwork;
import io.gpuchassis.sensor.sim.bus.SimI2cTarget;
import io.gpuchassis.sensor.sim.bus.SimulatedI2CProvider;
import io.gpuchassis.sensor.sim.bus.TargetKind;
import io.gpuchassis.sensor.sim.device.SimFruEeprom;
import io.gpuchassis.sensor.sim.device.SimPca9548;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link Eeprom24c02} and {@link FruParser} against a {@link SimFruEeprom} on the simulated bus.
 */
class Eeprom24c02RoundTripTest {

  private static final byte[] CHASSIS_FRU =
      SimFruEeprom.image()
          .boardManufactured(Instant.parse("2025-06-02T14:07:00Z"))
          .boardManufacturer("Acme Corp")
          .boardProductName("GX2008 Midplane")
          .boardSerialNumber("MP25220417")
          .boardPartNumber("MB-100-A")
          .productManufacturer("Acme Corp")
          .productName("GX2008 GPU Expansion Chassis")
          .productPartNumber("GX2008-20S")
          .productVersion("A01")
          .productSerialNumber("GX2008SIM0001")
          .assetTag("RACK12-U20")
          .build();

  private final SimI2cNetwork network = new SimI2cNetwork();
  private final List<String> transfers = new ArrayList<>();
  private Context context;
  private I2cDevices devices;

  private Eeprom24c02 attach(SimFruEeprom eeprom) {
    network.bus(1).attach(0x50, recording(eeprom));
    connect();
    return new Eeprom24c02(devices.device(1, 0x50));
  }

  private void connect() {
    context = Pi4jContexts.withI2c(new SimulatedI2CProvider(network));
    devices = new I2cDevices(context);
  }

  @AfterEach
  void shutdown() {
    if (context != null) {
      context.shutdown();
    }
  }

  @Test
  void theChassisSerialNumberComesOffTheEeprom() throws Exception {
    Eeprom24c02 eeprom = attach(new SimFruEeprom("ChassisFRU", CHASSIS_FRU));
    FruInfo fru = FruParser.parse(eeprom.readAll());

    ProductInfo product = fru.product().orElseThrow();
    assertEquals(Optional.of("GX2008SIM0001"), product.serialNumber());
    assertEquals(Optional.of("GX2008 GPU Expansion Chassis"), product.productName());
    assertEquals(Optional.of("GX2008-20S"), product.partNumber());
    assertEquals(Optional.of("A01"), product.version());
    assertEquals(Optional.of("RACK12-U20"), product.assetTag());
    assertEquals(Optional.of("Acme Corp"), product.manufacturer());
    BoardInfo board = fru.board().orElseThrow();
    assertEquals(Optional.of(Instant.parse("2025-06-02T14:07:00Z")), board.manufactured());
    assertEquals(Optional.of("MP25220417"), board.serialNumber());
    assertEquals(Optional.of("MB-100-A"), board.partNumber());
    assertEquals(Optional.of("GX2008 Midplane"), board.productName());
  }

  @Test
  void readsAreCombinedTransfersOfAtMost32Bytes() throws Exception {
    Eeprom24c02 eeprom = attach(new SimFruEeprom("ChassisFRU", CHASSIS_FRU));
    assertArrayEquals(CHASSIS_FRU, eeprom.readAll());

    List<String> expected = new ArrayList<>();
    for (int offset = 0; offset < 256; offset += 32) {
      expected.add(
          "write "
              + offset
              + " + read 32"); // word address, repeated start, data: no STOP in between
    }
    assertEquals(expected, transfers);
  }

  @Test
  void partialReadsStartAtTheirWordAddress() throws Exception {
    Eeprom24c02 eeprom = attach(new SimFruEeprom("ChassisFRU", CHASSIS_FRU));
    assertArrayEquals(Arrays.copyOfRange(CHASSIS_FRU, 40, 110), eeprom.read(40, 70));
    assertEquals(
        List.of("write 40 + read 32", "write 72 + read 32", "write 104 + read 6"), transfers);
    assertArrayEquals(Arrays.copyOfRange(CHASSIS_FRU, 250, 256), eeprom.read(250, 6));
    assertThrows(IllegalArgumentException.class, () -> eeprom.read(250, 7));
  }

  @Test
  void theSimulatedChipRollsOverAtTheEndOfItsMemory() throws Exception {
    byte[] counting = new byte[256];
    for (int i = 0; i < counting.length; i++) {
      counting[i] = (byte) i;
    }
    attach(new SimFruEeprom("ChassisFRU", counting));
    byte[] wrapped = devices.device(1, 0x50).readBytes(0xF8, 16);
    assertArrayEquals(new byte[] {-8, -7, -6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7}, wrapped);
  }

  @Test
  void writesDoNotReachAWriteProtectedFru() throws Exception {
    SimFruEeprom chip = new SimFruEeprom("ChassisFRU", CHASSIS_FRU);
    Eeprom24c02 eeprom = attach(chip);
    devices.device(1, 0x50).writeBytes(0x10, new byte[] {1, 2, 3, 4}); // acknowledged, not stored
    assertArrayEquals(CHASSIS_FRU, eeprom.readAll());
    assertArrayEquals(CHASSIS_FRU, chip.contents());
  }

  @Test
  void aBlankEepromIsBlankNotGarbage() throws Exception {
    Eeprom24c02 eeprom = attach(SimFruEeprom.blank("ChassisFRU"));
    FruFormatException e =
        assertThrows(FruFormatException.class, () -> FruParser.parse(eeprom.readAll()));
    assertEquals(Problem.BLANK, e.problem());
  }

  @Test
  void aCorruptedByteFailsTheChecksum() throws Exception {
    byte[] corrupted = CHASSIS_FRU.clone();
    corrupted[20] ^= 0x01; // inside the board area
    Eeprom24c02 eeprom = attach(new SimFruEeprom("ChassisFRU", corrupted));
    FruFormatException e =
        assertThrows(FruFormatException.class, () -> FruParser.parse(eeprom.readAll()));
    assertEquals(Problem.BAD_CHECKSUM, e.problem());
  }

  @Test
  void anEepromThatDoesNotAnswerIsAnIoFailure() {
    SimFruEeprom chip = new SimFruEeprom("ChassisFRU", CHASSIS_FRU);
    Eeprom24c02 eeprom = attach(chip);
    chip.setNak(true);
    assertThrows(DeviceIoException.class, eeprom::readAll);
  }

  @Test
  void behindAMuxChannel() throws Exception {
    SimPca9548 mux = new SimPca9548("PCA9548");
    network.bus(2).attach(0x70, mux);
    network.bus(2).attachBehind(mux, 6, 0x51, new SimFruEeprom("PSU1 FRU", CHASSIS_FRU));
    connect();
    Eeprom24c02 behind = new Eeprom24c02(devices.device(2, 0x51));
    byte[] read = new Pca9548Mux(devices.device(2, 0x70)).onChannel(6, behind::readAll);
    assertEquals(
        Optional.of("GX2008SIM0001"), FruParser.parse(read).product().orElseThrow().serialNumber());
  }

  @Test
  void onlyA24c02AddressIsAccepted() {
    network.bus(1);
    connect();
    assertThrows(IllegalArgumentException.class, () -> new Eeprom24c02(devices.device(1, 0x48)));
  }

  // passes transactions through and notes each phase: "write <first byte>", "read <length>"; a
  // combined transfer
  // is noted as "write <word address> + read <length>"
  private SimI2cTarget recording(SimI2cTarget target) {
    return new SimI2cTarget() {
      @Override
      public void write(byte[] data) {
        target.write(data);
        transfers.add("write " + Byte.toUnsignedInt(data[0]));
      }

      @Override
      public byte[] read(int length) {
        byte[] answer = target.read(length);
        transfers.add("read " + length);
        return answer;
      }

      @Override
      public byte[] writeRead(byte[] data, int length) {
        byte[] answer = target.writeRead(data, length);
        transfers.add("write " + Byte.toUnsignedInt(data[0]) + " + read " + length);
        return answer;
      }

      @Override
      public TargetKind kind() {
        return target.kind();
      }
    };
  }
}

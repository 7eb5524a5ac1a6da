package io.gpuchassis.sensor.device.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.pi4j.context.Context;
import io.gpuchassis.sensor.device.Pca9548Mux;
import io.gpuchassis.sensor.i2c.DeviceException;
import io.gpuchassis.sensor.i2c.I2cDevices;
import io.gpuchassis.sensor.i2c.Pi4jContexts;
import io.gpuchassis.sensor.i2c.SmbusDevice;
import io.gpuchassis.sensor.sim.bus.SimI2cNetwork;
import io.gpuchassis.sensor.sim.bus.SimulatedI2CProvider;
import io.gpuchassis.sensor.sim.device.SimPca9548;
import io.gpuchassis.sensor.sim.device.SimSmbpbiGpu;
import java.util.Arrays;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link SmbpbiPostBox#readIdentity} against {@link SimSmbpbiGpu} behind a mux channel on the
 * simulated bus.
 */
class GpuIdentityOverSmbusTest {

  private static final int BUS = 3;
  private static final int CHANNEL = 2;
  private static final GpuIdentity L40S =
      GpuIdentity.of("NVIDIA L40S", "1321223001234", 0x10DE, 0x26B9, 0x10DE, 0x1851)
          .withFirmwareVersion("95.02.66.00.02")
          .withMemoryGiB(48)
          .withPowerLimitWatts(350.0)
          .withPcie(4, 16);

  private final SimI2cNetwork network = new SimI2cNetwork();
  private final SimPca9548 mux = new SimPca9548("PCA9548");
  private Context context;
  private I2cDevices devices;

  private SimSmbpbiGpu seat(GpuIdentity identity) {
    SimSmbpbiGpu gpu = new SimSmbpbiGpu("GPU slot 3", 87.0, identity);
    network.bus(BUS).attach(0x70, mux);
    network.bus(BUS).attachBehind(mux, CHANNEL, 0x4F, gpu);
    context = Pi4jContexts.withI2c(new SimulatedI2CProvider(network));
    devices = new I2cDevices(context);
    return gpu;
  }

  private GpuIdentity readIdentity() throws DeviceException {
    var postBox = new SmbpbiPostBox(devices.device(BUS, 0x4F), PostBoxTiming.immediate());
    return new Pca9548Mux(devices.device(BUS, 0x70)).onChannel(CHANNEL, postBox::readIdentity);
  }

  @AfterEach
  void shutdown() {
    if (context != null) {
      context.shutdown();
    }
  }

  @Test
  void everyFieldMakesTheRoundTrip() throws Exception {
    seat(L40S);
    assertEquals(L40S, readIdentity());
  }

  @Test
  void theGpuAnswersByteForByteAsTheHeaderLaysItOut() throws Exception {
    seat(L40S);
    new Pca9548Mux(devices.device(BUS, 0x70)).select(1 << CHANNEL);
    SmbusDevice wire = devices.device(BUS, 0x4F);

    // GET_SYS_ID_DATA, ARG1 0x03 marketing name, ARG2 1 (bytes 4-7), INTR: block write 05 03 01 80
    wire.writeBlock(SmbpbiPostBox.COMMAND_REGISTER, new byte[] {0x05, 0x03, 0x01, (byte) 0x80});
    assertArrayEquals(
        new byte[] {0x05, 0x03, 0x01, 0x1F},
        wire.readBlock(SmbpbiPostBox.COMMAND_REGISTER, 4),
        "INTR cleared, STATUS SUCCESS");
    assertArrayEquals(
        new byte[] {'I', 'A', ' ', 'L'}, wire.readBlock(SmbpbiPostBox.DATA_REGISTER, 4));

    // ARG1 0x09 vendor id: 0x10DE in the low half of the dword
    wire.writeBlock(SmbpbiPostBox.COMMAND_REGISTER, new byte[] {0x05, 0x09, 0x00, (byte) 0x80});
    assertArrayEquals(
        new byte[] {(byte) 0xDE, 0x10, 0, 0}, wire.readBlock(SmbpbiPostBox.DATA_REGISTER, 4));

    // past the field's six dwords: ERR_ARG2; OEM info (0x01) is not modelled: NOT_SUPPORTED; 0x18
    // undefined: ERR_ARG1
    wire.writeBlock(SmbpbiPostBox.COMMAND_REGISTER, new byte[] {0x05, 0x03, 0x06, (byte) 0x80});
    assertEquals(0x04, wire.readBlock(SmbpbiPostBox.COMMAND_REGISTER, 4)[3]);
    wire.writeBlock(SmbpbiPostBox.COMMAND_REGISTER, new byte[] {0x05, 0x01, 0x00, (byte) 0x80});
    assertEquals(0x08, wire.readBlock(SmbpbiPostBox.COMMAND_REGISTER, 4)[3]);
    wire.writeBlock(SmbpbiPostBox.COMMAND_REGISTER, new byte[] {0x05, 0x18, 0x00, (byte) 0x80});
    assertEquals(0x03, wire.readBlock(SmbpbiPostBox.COMMAND_REGISTER, 4)[3]);

    // capability dword 1 announces serial (2), marketing name (3), firmware (8) and the four ids
    // (9-12)
    wire.writeBlock(SmbpbiPostBox.COMMAND_REGISTER, new byte[] {0x01, 0x01, 0x00, (byte) 0x80});
    assertEquals(0x0000_1F0C, SmbpbiPostBox.dword(wire.readBlock(SmbpbiPostBox.DATA_REGISTER, 4)));
  }

  @Test
  void fieldsTheGpuDoesNotAnnounceAreEmpty() throws Exception {
    GpuIdentity bare = GpuIdentity.of("NVIDIA A2", "1324021012345", 0x10DE, 0x25B6, 0x10DE, 0x157E);
    seat(bare);
    assertEquals(bare, readIdentity());
  }

  @Test
  void anOptionalFieldAnsweredNotSupportedOrNotAvailableIsEmpty() throws Exception {
    SimSmbpbiGpu gpu = seat(L40S);
    gpu.failSysIdData(SysIdDataType.TGP_LIMIT, SmbpbiStatus.ERR_NOT_SUPPORTED);
    gpu.failSysIdData(SysIdDataType.FIRMWARE_VERSION, SmbpbiStatus.ERR_NOT_AVAILABLE);

    GpuIdentity read = readIdentity();
    assertEquals(OptionalDouble.empty(), read.powerLimitWatts());
    assertEquals(Optional.empty(), read.firmwareVersion());
    assertEquals("1321223001234", read.serialNumber());
    assertEquals(OptionalInt.of(48), read.memoryGiB());

    gpu.failSysIdData(SysIdDataType.TGP_LIMIT, SmbpbiStatus.SUCCESS);
    assertEquals(
        OptionalDouble.of(350.0),
        readIdentity().powerLimitWatts(),
        "read again once it is available");
  }

  @Test
  void anyOtherErrorOnAnOptionalFieldFailsTheRead() {
    SimSmbpbiGpu gpu = seat(L40S);
    gpu.failSysIdData(SysIdDataType.PCIE_WIDTH, SmbpbiStatus.ERR_MISC);
    PostBoxException e = assertThrows(PostBoxException.class, this::readIdentity);
    assertEquals(SmbpbiStatus.ERR_MISC, e.status());
  }

  @Test
  void aRequiredFieldTheGpuCannotGiveFailsTheRead() {
    SimSmbpbiGpu gpu = seat(L40S);
    gpu.failSysIdData(SysIdDataType.SERIAL_NUMBER, SmbpbiStatus.ERR_NOT_SUPPORTED);
    PostBoxException e = assertThrows(PostBoxException.class, this::readIdentity);
    assertEquals(SmbpbiStatus.ERR_NOT_SUPPORTED, e.status());
  }

  @Test
  void unprogrammedOptionalFieldsAreEmpty() throws Exception {
    SimSmbpbiGpu gpu = seat(L40S);
    gpu.setSysIdData(SysIdDataType.FIRMWARE_VERSION, new byte[14]); // all NUL
    gpu.setSysIdData(SysIdDataType.PCIE_WIDTH, new byte[1]);
    GpuIdentity read = readIdentity();
    assertEquals(Optional.empty(), read.firmwareVersion());
    assertEquals(OptionalInt.empty(), read.maxPcieWidth());
    assertEquals(OptionalInt.of(4), read.maxPcieGeneration());
  }

  @Test
  void garbageIsRefusedNotReported() {
    SimSmbpbiGpu gpu = seat(L40S);
    gpu.setSysIdData(
        SysIdDataType.SERIAL_NUMBER, new byte[16]); // a blank serial number identifies nothing
    DeviceException blank = assertThrows(DeviceException.class, this::readIdentity);
    assertTrue(blank.getMessage().contains("serial number must not be blank"), blank.getMessage());

    byte[] erased = new byte[16];
    Arrays.fill(erased, (byte) 0xFF);
    gpu.setSysIdData(SysIdDataType.SERIAL_NUMBER, erased);
    DeviceException notText = assertThrows(DeviceException.class, this::readIdentity);
    assertTrue(notText.getMessage().contains("SERIAL_NUMBER is not text"), notText.getMessage());

    gpu.setSysIdData(SysIdDataType.SERIAL_NUMBER, SysIdData.encodeString("1321223001234", 16));
    gpu.setSysIdData(
        SysIdDataType.PCIE_WIDTH, new byte[] {5}); // a link-info code, not a lane count
    DeviceException width = assertThrows(DeviceException.class, this::readIdentity);
    assertTrue(width.getMessage().contains("x5"), width.getMessage());
  }

  @Test
  void firmwareWithoutTheLaterCapabilityPagesStillIdentifies() throws Exception {
    SimSmbpbiGpu gpu = seat(L40S);
    gpu.setCapabilityPages(4); // pages 0-3: no page 4, so no memory capacity
    GpuIdentity read = readIdentity();
    assertEquals(OptionalInt.empty(), read.memoryGiB());
    assertEquals(OptionalDouble.of(350.0), read.powerLimitWatts());

    gpu.setCapabilityPages(1); // only page 0: no sys-id data announced at all
    DeviceException e = assertThrows(DeviceException.class, this::readIdentity);
    assertFalse(e instanceof PostBoxException, "refused before asking, not by the GPU");
    assertTrue(e.getMessage().contains("MARKETING_NAME"), e.getMessage());
  }

  @Test
  void theDefaultGpuIsTheReferenceH100WithASerialFromItsName() throws Exception {
    network.bus(BUS).attach(0x70, mux);
    network.bus(BUS).attachBehind(mux, CHANNEL, 0x4F, new SimSmbpbiGpu("GPU7", 87.0));
    context = Pi4jContexts.withI2c(new SimulatedI2CProvider(network));
    devices = new I2cDevices(context);
    GpuIdentity read = readIdentity();
    assertEquals(SimSmbpbiGpu.referenceIdentity("SIM-GPU7"), read);
    assertEquals("NVIDIA H100 PCIe", read.model());
    assertEquals(0x2331, read.deviceId());
    assertEquals(OptionalInt.of(80), read.memoryGiB());
  }
}

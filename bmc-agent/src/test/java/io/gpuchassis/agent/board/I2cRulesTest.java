package io.gpuchassis.agent.board;

import static io.gpuchassis.agent.board.BoardYaml.assertProblem;
import static io.gpuchassis.agent.board.BoardYaml.assertProblemAt;
import static io.gpuchassis.agent.board.BoardYaml.lineOf;
import static io.gpuchassis.agent.board.BoardYaml.load;
import static io.gpuchassis.agent.board.BoardYaml.loadFails;
import static io.gpuchassis.agent.board.BoardYaml.replaceOnce;
import static io.gpuchassis.agent.board.BoardYaml.validWith;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * I2C paths, muxes and address conflicts. In the fixture GpuMux1 (agent-driven) sits on bus 10 at
 * 0x70 with the GPUs of slots 1 and 2 at 0x4f behind channels 0 and 1; KernelMux (kernel-driven)
 * sits on bus 11 at 0x71, its channels are buses 30-37, OutletTemp is at 0x49 behind channel 0.
 */
class I2cRulesTest {

  private static final String INLET = "{id: InletTemp, part: tmp75, bus: 7, address: \"0x48\"";
  private static final String SLOT_IO = "{id: SlotIo1, part: pca9555, bus: 9, address: \"0x20\"}";
  private static final String SLOT_1_SIDEBAND =
      "sideband: {mux: GpuMux1, channel: 0, address: \"0x4f\"}";
  private static final String KERNEL_MUX =
      "{id: KernelMux, part: pca9548, bus: 11, address: \"0x71\", kernelBuses: [30, 31, 32, 33, 34, 35, 36, 37]}";

  @TempDir Path dir;

  // --- path forms --------------------------------------------------------------------------------

  @Test
  void busAndMuxTogetherAreRejected() {
    String yaml =
        validWith(
            INLET,
            "{id: InletTemp, part: tmp75, bus: 7, mux: GpuMux1, channel: 3, address: \"0x48\"");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "InletTemp",
        "i2c.devices[0].mux: give either bus, or mux and channel, not both");
  }

  @Test
  void channelWithoutMuxIsRejected() {
    String yaml =
        validWith(INLET, "{id: InletTemp, part: tmp75, bus: 7, channel: 3, address: \"0x48\"");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "InletTemp",
        "i2c.devices[0].channel: a channel needs a mux; a device on bus 7 has none");
  }

  @Test
  void pathWithoutBusOrMuxIsRejected() {
    String yaml = validWith(INLET, "{id: InletTemp, part: tmp75, address: \"0x48\"");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "InletTemp",
        "i2c.devices[0]: say where the device is: give bus, or mux and channel");
  }

  @Test
  void unknownMuxListsTheMuxes() {
    String yaml =
        validWith(SLOT_1_SIDEBAND, "sideband: {mux: GpuMux9, channel: 0, address: \"0x4f\"}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "GpuMux9",
        "slots[0].sideband.mux: unknown mux 'GpuMux9'; muxes are: GpuMux1, KernelMux");
  }

  @Test
  void muxWithoutChannelIsRejected() {
    String yaml = validWith(SLOT_1_SIDEBAND, "sideband: {mux: GpuMux1, address: \"0x4f\"}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "{mux: GpuMux1, address",
        "slots[0].sideband.mux: a device behind mux 'GpuMux1' needs its channel (0-7)");
  }

  @Test
  void channelBeyondTheMuxIsRejected() {
    String yaml =
        validWith(SLOT_1_SIDEBAND, "sideband: {mux: GpuMux1, channel: 8, address: \"0x4f\"}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "channel: 8",
        "slots[0].sideband.channel: mux 'GpuMux1' (pca9548) has channels 0-7, got 8");
  }

  @Test
  void addressOutsideTheSevenBitRange() {
    String yaml = validWith(INLET, "{id: InletTemp, part: tmp75, bus: 7, address: \"0x78\"");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "InletTemp",
        "i2c.devices[0].address: 0x78 is not a 7-bit device address (0x08..0x77)");
  }

  @Test
  void reservedLowAddressIsRejected() {
    String yaml = validWith("i2c: {bus: 2, address: \"0x59\"}", "i2c: {bus: 2, address: \"0x03\"}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "0x03",
        "switches[0].i2c.address: 0x03 is not a 7-bit device address");
  }

  @Test
  void negativeBusIsRejected() {
    String yaml = validWith(INLET, "{id: InletTemp, part: tmp75, bus: -1, address: \"0x48\"");

    assertProblemAt(
        loadFails(dir, yaml), yaml, "InletTemp", "i2c.devices[0].bus: must be 0 or more, got -1");
  }

  // --- address conflicts -------------------------------------------------------------------------

  @Test
  void twoDevicesAtOneAddressOnOneBus() {
    String yaml = validWith(INLET, "{id: InletTemp, part: tmp75, bus: 6, address: \"0x58\"");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "{id: PSU1",
        "i2c.devices[2].address: /dev/i2c-6 address 0x58 is"
            + " already used by i2c.devices[0] (tmp75 InletTemp)");
  }

  @Test
  void deviceAtTheAddressOfASwitchManagementInterface() {
    String yaml = validWith(INLET, "{id: InletTemp, part: tmp75, bus: 2, address: \"0x59\"");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "InletTemp",
        "i2c.devices[0].address: /dev/i2c-2 address 0x59 is"
            + " already used by switches[0].i2c (switch SW1)");
  }

  @Test
  void deviceAtTheAddressOfAMux() {
    String yaml = validWith(SLOT_IO, "{id: SlotIo1, part: pca9555, bus: 10, address: \"0x70\"}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "SlotIo1, part",
        "i2c.devices[6].address: /dev/i2c-10 address 0x70"
            + " is already used by i2c.muxes[0] (mux GpuMux1)");
  }

  @Test
  void gpusAtOneAddressBehindDifferentChannelsAreFine() {
    BoardDescription board = load(dir, BoardYaml.VALID);

    assertEquals(
        List.of(0x4f, 0x4f),
        List.of(
            board.slotAccess(1).orElseThrow().sideband().orElseThrow().address(),
            board.slotAccess(2).orElseThrow().sideband().orElseThrow().address()));
  }

  @Test
  void twoGpusBehindOneChannelCollide() {
    String yaml =
        validWith("sideband: {mux: GpuMux1, channel: 1,", "sideband: {mux: GpuMux1, channel: 0,");

    // the changed line is where slot 2's sideband was
    assertProblem(
        loadFails(dir, yaml),
        lineOf(BoardYaml.VALID, "sideband: {mux: GpuMux1, channel: 1,"),
        "slots[1].sideband.address: /dev/i2c-10 channel 0 of mux GpuMux1 (0x70), address 0x4f is already used by"
            + " slots[0].sideband (GPU of slot 1)");
  }

  @Test
  void deviceOnTheMuxBusCollidesWithWhatIsBehindAChannel() {
    String yaml = validWith(SLOT_IO, "{id: SlotIo1, part: pca9555, bus: 10, address: \"0x4f\"}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "SlotIo1, part",
        "i2c.devices[6].address: /dev/i2c-10 address 0x4f"
            + " collides with slots[0].sideband (GPU of slot 1) at /dev/i2c-10 channel 0 of mux GpuMux1 (0x70), address"
            + " 0x4f: a selected mux channel joins their wires");
  }

  @Test
  void deviceOnAKernelMuxParentBusCollidesWithItsChildBus() {
    String yaml = validWith(SLOT_IO, "{id: SlotIo1, part: pca9555, bus: 11, address: \"0x49\"}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "SlotIo1, part",
        "i2c.devices[6].address: /dev/i2c-11 address 0x49"
            + " collides with i2c.devices[1] (lm75 OutletTemp) at /dev/i2c-30 address 0x49");
  }

  @Test
  void kernelChannelBusWrittenAsABusIsTheSamePlace() {
    String yaml = validWith(SLOT_IO, "{id: SlotIo1, part: pca9555, bus: 30, address: \"0x49\"}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "SlotIo1, part",
        "i2c.devices[6].address: /dev/i2c-30 address 0x49"
            + " is already used by i2c.devices[1] (lm75 OutletTemp)");
  }

  @Test
  void sameAddressOnSiblingKernelChannelsIsFine() {
    String yaml = validWith(SLOT_IO, "{id: SlotIo1, part: pca9555, bus: 31, address: \"0x49\"}");

    assertEquals(I2cPath.direct(31, 0x49), load(dir, yaml).device("SlotIo1").orElseThrow().path());
  }

  // --- muxes -------------------------------------------------------------------------------------

  @Test
  void onlyPca9548MuxesAreKnown() {
    String yaml = validWith("{id: GpuMux1, part: pca9548,", "{id: GpuMux1, part: pca9546,");

    BoardException e = loadFails(dir, yaml);

    assertProblemAt(
        e,
        yaml,
        "pca9546",
        "i2c.muxes[0].part: unknown mux part 'pca9546'; mux parts are: pca9548");
    // the paths through the mux are not checked again
    assertEquals(1, e.problems().size(), e.getMessage());
  }

  @Test
  void kernelMuxListsABusForEveryChannel() {
    String yaml =
        validWith(
            KERNEL_MUX,
            "{id: KernelMux, part: pca9548, bus: 11, address: \"0x71\", kernelBuses: [30, 31]}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "KernelMux, part",
        "i2c.muxes[1].kernelBuses: a pca9548 has 8"
            + " channels: list the bus number the kernel gives each, 8 numbers, got 2");
  }

  @Test
  void kernelChannelBusIsNotTheMuxesOwnBus() {
    String yaml = validWith("kernelBuses: [30,", "kernelBuses: [11,");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "KernelMux, part",
        "i2c.muxes[1].kernelBuses[0]: bus 11 is the bus the mux sits on; each channel gets a bus of its own");
  }

  @Test
  void kernelChannelBusIsUsedOnce() {
    String yaml = validWith("kernelBuses: [30, 31,", "kernelBuses: [30, 30,");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "KernelMux, part",
        "i2c.muxes[1].kernelBuses[1]: bus 30 is already channel 0 of mux KernelMux");
  }

  @Test
  void muxesThatHangBelowEachOtherAreALoop() {
    String yaml =
        validWith(
            KERNEL_MUX,
            KERNEL_MUX
                + "\n    - {id: LoopMux, part: pca9548, bus: 30, address: \"0x72\", kernelBuses: [11, 40, 41, 42, 43, 44, 45, 46]}");

    BoardException e = loadFails(dir, yaml);

    assertProblemAt(
        e,
        yaml,
        "KernelMux, part",
        "i2c.muxes[1].bus: bus 11 is made by the channels of this mux,"
            + " directly or through other muxes: the muxes form a loop");
    assertProblemAt(
        e, yaml, "LoopMux", "i2c.muxes[2].bus: bus 30 is made by the channels of this mux");
  }

  @Test
  void muxAndDeviceShareOneIdSpace() {
    String yaml = validWith(SLOT_IO, "{id: GpuMux1, part: pca9555, bus: 9, address: \"0x20\"}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "{id: GpuMux1, part: pca9555",
        "i2c.devices[6].id: duplicate id 'GpuMux1' (also i2c.muxes[0])");
  }

  @Test
  void deviceIdMustNotBeBlank() {
    String yaml = validWith(SLOT_IO, "{id: \"\", part: pca9555, bus: 9, address: \"0x20\"}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "{id: \"\", part: pca9555",
        "i2c.devices[6].id: must not be blank");
  }

  @Test
  void pathsThroughAnInvalidMuxAreNotReportedAgain() {
    String yaml =
        validWith(
            "{id: GpuMux1, part: pca9548, bus: 10, address: \"0x70\"}",
            "{id: GpuMux1, part: pca9548, bus: 10, address: \"0x7f\"}");

    BoardException e = loadFails(dir, yaml);

    assertEquals(1, e.problems().size(), e.getMessage());
    assertProblemAt(e, yaml, "0x7f", "i2c.muxes[0].address: 0x7f is not a 7-bit device address");
  }

  @Test
  void aGpuSidebandBehindAMuxWithoutKernelBusesResolvesThroughIt() {
    String yaml =
        replaceOnce(
            replaceOnce(
                BoardYaml.VALID,
                KERNEL_MUX,
                "{id: KernelMux, part: pca9548, bus: 11, address: \"0x71\"}"),
            "{id: OutletTemp, part: lm75, mux: KernelMux, channel: 0,",
            "{id: OutletTemp, part: lm75, bus: 30,");

    BoardDescription board = load(dir, yaml);

    assertEquals(
        "/dev/i2c-11 channel 2 of mux KernelMux (0x71), address 0x4f",
        board.slotAccess(3).orElseThrow().sideband().orElseThrow().describe());
  }

  @Test
  void anyOtherDeviceBehindAMuxWithoutKernelBusesIsRejected() {
    String yaml =
        replaceOnce(
            BoardYaml.VALID,
            KERNEL_MUX,
            "{id: KernelMux, part: pca9548, bus: 11, address: \"0x71\"}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "{id: OutletTemp",
        "i2c.devices[1].mux: lm75 OutletTemp is behind mux"
            + " 'KernelMux', which has no kernelBuses: only GPU sidebands may sit behind a mux the agent switches");
  }
}

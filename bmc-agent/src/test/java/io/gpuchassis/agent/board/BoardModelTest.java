package io.gpuchassis.agent.board;

import static io.gpuchassis.agent.board.BoardYaml.VALID;
import static io.gpuchassis.agent.board.BoardYaml.load;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.chassis.ChassisIdentity;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Fan;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.chassis.InterSwitchLink;
import io.gpuchassis.agent.chassis.PowerSupply;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.SwitchChip;
import io.gpuchassis.agent.chassis.TemperatureSensor;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a valid file becomes: the chassis model's records, and how each part is reached. */
class BoardModelTest {

  @TempDir Path dir;

  private BoardDescription board;

  @BeforeEach
  void loadFixture() {
    board = load(dir, VALID);
  }

  @Test
  void identityComesFromTheFileExceptTheSerialNumber() {
    assertEquals(
        new ChassisIdentity("GPUChassis", "Test Maker", "T-1", "SKU-1", "", "PN-1"),
        board.identity());
    assertEquals(Optional.of("ChassisFru"), board.chassisFruId());
    assertEquals(I2cPath.direct(1, 0x50), board.chassisFru().orElseThrow().path());
  }

  @Test
  void switchesCarryTheModelChipTheirGenerationAndTransport() {
    BoardSwitch sw1 = board.switchChip("SW1").orElseThrow();
    BoardSwitch sw2 = board.switchChip("SW2").orElseThrow();

    assertEquals(
        new SwitchChip("SW1", "Broadcom", "PEX89144", 0x1000, 0xc030, 144, 72), sw1.chip());
    assertEquals(5, sw1.maxGeneration());
    assertEquals(new I2cAccess(I2cPath.direct(2, 0x59)), sw1.access());
    assertEquals(new UartAccess("/dev/ttyS2", UartAccess.DEFAULT_BAUD), sw2.access());
    assertEquals(230_400, UartAccess.DEFAULT_BAUD);
  }

  @Test
  void hostsAndLinksGetTheirDefaultPartitions() {
    assertEquals(
        List.of(
            new HostPort("Host1", "SW1", 40, 16, 5, 0), new HostPort("Host2", "SW2", 40, 16, 5, 0)),
        board.hosts());
    // SW2's partition 0 is Host2's, so the link arrives in transit partition 1
    assertEquals(
        List.of(new InterSwitchLink("SW1", 56, "SW2", 64, 16, 5, 1)), board.interSwitchLinks());
  }

  @Test
  void linkRunsAtTheLowerWidthAndGenerationOfItsEnds() {
    String yaml =
        BoardYaml.validWith(
            "b: {switch: SW2, port: 64, width: 16, maxGen: 5}",
            "b: {switch: SW2, port: 64, width: 8, maxGen: 4}");

    InterSwitchLink link = load(dir, yaml).interSwitchLinks().get(0);

    assertEquals(8, link.lanes());
    assertEquals(4, link.generation());
  }

  @Test
  void slotsAreEmptyWhateverTheSimulationPutsIn() {
    assertEquals(new Slot(1, "SW1", 0, 16, 5, Optional.empty()), board.slot(1).orElseThrow());
    assertTrue(board.slots().stream().noneMatch(Slot::occupied));
  }

  @Test
  void sidebandBehindAnAgentDrivenMuxNeedsAChannelSelected() {
    I2cPath sideband = board.slotAccess(1).orElseThrow().sideband().orElseThrow();

    assertEquals(new I2cPath(10, Optional.of(new MuxHop("GpuMux1", 10, 0x70, 0)), 0x4f), sideband);
    assertEquals("/dev/i2c-10 channel 0 of mux GpuMux1 (0x70), address 0x4f", sideband.describe());
    assertEquals("/dev/i2c-10", sideband.devicePath());
  }

  @Test
  void pathBehindAKernelDrivenMuxIsTheChannelsOwnBus() {
    // KernelMux channel 2 is bus 32, channel 0 bus 30: the kernel selects the channel itself
    assertEquals(
        Optional.of(I2cPath.direct(32, 0x4f)), board.slotAccess(3).orElseThrow().sideband());
    assertEquals(I2cPath.direct(30, 0x49), board.device("OutletTemp").orElseThrow().path());
    assertEquals(
        "/dev/i2c-30 address 0x49", board.device("OutletTemp").orElseThrow().path().describe());
    assertTrue(board.mux("KernelMux").orElseThrow().kernelDriven());
    assertFalse(board.mux("GpuMux1").orElseThrow().kernelDriven());
  }

  @Test
  void slotLinesInEachForm() {
    SlotLines expanderPins = board.slotAccess(1).orElseThrow().lines();
    SlotLines mixed = board.slotAccess(2).orElseThrow().lines();

    assertEquals(
        new SlotLines(
            Optional.of(new ExpanderPinRef("SlotIo1", 0)),
                Optional.of(new ExpanderPinRef("SlotIo1", 1)),
            Optional.of(new ExpanderPinRef("SlotIo1", 2)),
                Optional.of(new ExpanderPinRef("SlotIo1", 3))),
        expanderPins);
    assertEquals(
        new SlotLines(
            Optional.of(new GpioLineRef("gpiochip0", 17)),
                Optional.of(new GpioLineRef("gpiochip0", 18)),
            Optional.of(new SwitchGpioRef("SW1", 12)),
                Optional.of(new ExpanderPinRef("SlotIo1", 4))),
        mixed);
  }

  @Test
  void signalsThatAreNotWrittenAreNotWired() {
    SlotLines onlyPresence = board.slotAccess(3).orElseThrow().lines();

    assertEquals(Optional.of(new SwitchGpioRef("SW2", 3)), onlyPresence.presence());
    assertEquals(Optional.empty(), onlyPresence.powerEnable());
    assertEquals(
        new SlotAccess(4, Optional.empty(), SlotLines.NONE), board.slotAccess(4).orElseThrow());
  }

  @Test
  void devicesCarryTheModelRecords() {
    TemperatureSensorDevice inlet =
        (TemperatureSensorDevice) board.device("InletTemp").orElseThrow();
    TemperatureSensorDevice outlet =
        (TemperatureSensorDevice) board.device("OutletTemp").orElseThrow();

    assertEquals(new TemperatureSensor("InletTemp", "Intake"), inlet.sensor());
    assertEquals(I2cPart.TMP75, inlet.part());
    assertEquals(12, inlet.resolutionBits());
    assertEquals(I2cPart.LM75, outlet.part());
    assertEquals(9, outlet.resolutionBits());
    assertEquals(
        new PowerSupplyDevice(new PowerSupply("PSU2", "CRPS 2000W", 2000), I2cPath.direct(6, 0x59)),
        board.device("PSU2").orElseThrow());
    assertEquals(
        new RailMonitorDevice("RailSW1", I2cPath.direct(8, 0x40), 0.0005, 160.0, List.of(1, 2)),
        board.device("RailSW1").orElseThrow());
    assertEquals(
        new ExpanderDevice("SlotIo1", I2cPath.direct(9, 0x20)),
        board.device("SlotIo1").orElseThrow());
    assertEquals(I2cPart.FRU_EEPROM, board.device("ChassisFru").orElseThrow().part());
  }

  @Test
  void fanControllerDefaultsToTwoPulsesPerRevolution() {
    FanControllerDevice controller = board.devicesOfType(FanControllerDevice.class).get(0);

    assertEquals(2, controller.pulsesPerRevolution());
    assertEquals(
        List.of(
            new FanChannel(new Fan("Fan1", 16000), 0), new FanChannel(new Fan("Fan2", 12000), 1)),
        controller.fans());
  }

  @Test
  void theInitialStateHoldsTheModelRecordsInFileOrder() {
    ChassisState inventory = board.initialState();

    assertEquals(board.identity(), inventory.identity());
    assertEquals(List.of("SW1", "SW2"), inventory.switches().stream().map(SwitchChip::id).toList());
    assertEquals(board.interSwitchLinks(), inventory.interSwitchLinks());
    assertEquals(board.hosts(), inventory.hosts());
    assertEquals(board.slots(), inventory.slots());
    assertEquals(List.of(new Fan("Fan1", 16000), new Fan("Fan2", 12000)), inventory.fans());
    assertEquals(
        List.of("PSU1", "PSU2"), inventory.powerSupplies().stream().map(PowerSupply::id).toList());
    assertEquals(
        List.of(
            new TemperatureSensor("InletTemp", "Intake"),
            new TemperatureSensor("OutletTemp", "Exhaust")),
        inventory.temperatureSensors());
    assertEquals(0, inventory.generation());
    assertEquals(Map.of(), inventory.switchObservations());
    assertEquals(Map.of(), inventory.bindings());
  }

  @Test
  void redundancyIsRead() {
    assertEquals(
        Optional.of(new PowerSupplyRedundancy(RedundancyType.NPlusM, 1)),
        board.powerSupplyRedundancy());
  }

  @Test
  void simulationSetupHoldsWhatTheSimulatorPutsIn() {
    SimulationSetup simulation = board.simulation();

    assertEquals(Optional.of("SN-1"), simulation.chassisSerialNumber());
    assertEquals(List.of("SW1", "SW2"), List.copyOf(simulation.switches().keySet()));
    assertEquals(
        new SimulatedSwitchIdentity("CHIP-2", "1.8.0.88"),
        simulation.switchIdentity("SW2").orElseThrow());
    assertEquals(List.of(1, 3), List.copyOf(simulation.gpus().keySet()));
    assertEquals("GPU-B", board.simulatedGpu(3).orElseThrow().serialNumber());
    assertEquals(4, board.simulatedGpu(3).orElseThrow().maxPcieGeneration());
    assertEquals(
        List.of(1, 3), board.simulatedPopulatedSlots().stream().map(Slot::number).toList());
    assertEquals(Optional.empty(), board.simulatedSlots().get(1).gpu());
  }

  @Test
  void boardWithoutSimulationSectionHasAnEmptySetup() {
    String yaml = VALID.substring(0, VALID.indexOf("simulation:"));

    assertEquals(SimulationSetup.NONE, load(dir, yaml).simulation());
  }

  @Test
  void sourceIsTheFile() {
    assertEquals(dir.resolve(BoardYaml.FILE_NAME).toString(), board.source());
  }

  @Test
  void describeSaysHowEachPartIsReached() {
    assertEquals(
        "/dev/ttyS2 at 230400 baud", board.switchChip("SW2").orElseThrow().access().describe());
    assertEquals(
        "/dev/i2c-2 address 0x59", board.switchChip("SW1").orElseThrow().access().describe());
    assertEquals("tcp 10.0.0.5:54545", new TcpAccess("10.0.0.5", 54545).describe());
    assertEquals("tcp [fd00::5]:54545", new TcpAccess("fd00::5", 54545).describe());
    assertEquals("pin 3 of expander SlotIo1", new ExpanderPinRef("SlotIo1", 3).describe());
    assertEquals("line 17 of gpiochip0", new GpioLineRef("gpiochip0", 17).describe());
    assertEquals("GPIO 12 of switch SW1", new SwitchGpioRef("SW1", 12).describe());
  }

  @Test
  void listsAreImmutable() {
    assertThrows(UnsupportedOperationException.class, () -> board.slots().clear());
    assertThrows(UnsupportedOperationException.class, () -> board.devices().clear());
    assertThrows(UnsupportedOperationException.class, () -> board.simulation().gpus().clear());
  }
}

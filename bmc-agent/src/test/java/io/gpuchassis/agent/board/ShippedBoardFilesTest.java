package io.gpuchassis.agent.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.chassis.Gpu;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.chassis.InterSwitchLink;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.TemperatureSensor;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The two board files shipped in the jar load and describe the boards they promise. */
class ShippedBoardFilesTest {

  private static final String SMALL = "/board/small-board.yaml";

  @Test
  void referenceBoardHasTwentySlotsEightHostsFourSwitches() {
    BoardDescription reference = BoardDescription.reference();

    assertEquals("GPUChassis", reference.identity().id());
    assertEquals("", reference.identity().serialNumber());
    assertEquals(20, reference.slots().size());
    assertEquals(8, reference.hosts().size());
    assertEquals(4, reference.switches().size());
    assertEquals(4, reference.interSwitchLinks().size());
    assertEquals(6, reference.fans().size());
    assertEquals(4, reference.powerSupplies().size());
    assertEquals(
        Optional.of(new PowerSupplyRedundancy(RedundancyType.NPlusM, 3, 800)),
        reference.powerSupplyRedundancy());
    assertEquals(
        List.of("Intake", "Exhaust"),
        reference.temperatureSensors().stream().map(TemperatureSensor::physicalContext).toList());
  }

  @Test
  void referenceBoardWiresEverySlotAndHostAtX16() {
    BoardDescription reference = BoardDescription.reference();

    assertTrue(reference.slots().stream().allMatch(slot -> slot.lanes() == 16));
    assertTrue(reference.hosts().stream().allMatch(host -> host.lanes() == 16));
    for (BoardSwitch chip : reference.switches()) {
      assertEquals(5, reference.slotsOnSwitch(chip.id()).size(), chip.id());
      assertEquals(2, reference.hostsOnSwitch(chip.id()).size(), chip.id());
    }
  }

  @Test
  void referencePartitionsAreTheDefaults() {
    BoardDescription reference = BoardDescription.reference();

    // each chip: its two hosts are partitions 0 and 1, the link arriving at it partition 2
    assertEquals(
        List.of(0, 1, 0, 1, 0, 1, 0, 1),
        reference.hosts().stream().map(HostPort::partition).toList());
    assertEquals(
        List.of(2, 2, 2, 2),
        reference.interSwitchLinks().stream().map(InterSwitchLink::transitPartition).toList());
  }

  @Test
  void referenceBoardIsCachedAndEqualToAFreshLoad() {
    assertSame(BoardDescription.reference(), BoardDescription.reference());
    assertEquals(
        BoardDescription.reference(),
        BoardDescription.loadResource(BoardDescription.REFERENCE_RESOURCE));
    assertEquals(BoardDescription.REFERENCE_RESOURCE, BoardDescription.reference().source());
  }

  @Test
  void referenceSwitchesAreReachedOverTheirOwnI2cBus() {
    List<SwitchAccess> accesses =
        BoardDescription.reference().switches().stream().map(BoardSwitch::access).toList();

    assertEquals(
        List.of(
            new I2cAccess(I2cPath.direct(2, 0x59)), new I2cAccess(I2cPath.direct(3, 0x59)),
            new I2cAccess(I2cPath.direct(4, 0x59)), new I2cAccess(I2cPath.direct(5, 0x59))),
        accesses);
  }

  @Test
  void everyReferenceSlotHasItsGpuSidebandAndFourSignals() {
    BoardDescription reference = BoardDescription.reference();

    for (SlotAccess access : reference.slotAccess()) {
      int index = access.slot() - 1;
      MuxHop hop = new MuxHop("GpuMux" + (index / 8 + 1), 10, 0x70 + index / 8, index % 8);
      assertEquals(
          Optional.of(new I2cPath(10, Optional.of(hop), 0x4f)),
          access.sideband(),
          "slot " + access.slot());
      String expander = "SlotIo" + (index / 4 + 1);
      int first = 4 * (index % 4);
      assertEquals(
          new SlotLines(
              Optional.of(new ExpanderPinRef(expander, first)),
                  Optional.of(new ExpanderPinRef(expander, first + 1)),
              Optional.of(new ExpanderPinRef(expander, first + 2)),
                  Optional.of(new ExpanderPinRef(expander, first + 3))),
          access.lines(),
          "slot " + access.slot());
    }
  }

  @Test
  void referenceChassisSerialNumberLivesInTheFruEeprom() {
    BoardDescription reference = BoardDescription.reference();

    assertEquals(
        new FruEepromDevice("ChassisFru", I2cPath.direct(1, 0x50)),
        reference.chassisFru().orElseThrow());
    assertEquals(Optional.of("GX2008SIM0001"), reference.simulation().chassisSerialNumber());
  }

  @Test
  void referenceSimulationFillsSixteenSlotsWithRealGpus() {
    BoardDescription reference = BoardDescription.reference();

    assertEquals(16, reference.simulatedPopulatedSlots().size());
    assertEquals(Set.of(5, 10, 15, 20), emptySlots(reference.simulatedSlots()));
    Gpu h100 = reference.simulatedGpu(1).orElseThrow();
    assertEquals(0x10de, h100.vendorId());
    assertEquals(0x2331, h100.deviceId());
    assertEquals(80, h100.memoryGiB());
    assertEquals(350, h100.tdpWatts());
    Gpu l40s = reference.simulatedGpu(11).orElseThrow();
    assertEquals(0x26b9, l40s.deviceId());
    assertEquals(48, l40s.memoryGiB());
    assertEquals(Optional.empty(), reference.simulatedGpu(5));
    assertEquals(Optional.empty(), reference.simulatedGpu(99));
    assertEquals(4, reference.simulation().switches().size());
  }

  @Test
  void smallBoardHasOneSwitchFourSlotsTwoHosts() {
    BoardDescription small = BoardDescription.loadResource(SMALL);

    assertEquals(1, small.switches().size());
    assertEquals(4, small.slots().size());
    assertEquals(Set.of(4), emptySlots(small.simulatedSlots()));
    assertEquals(2, small.hosts().size());
    assertEquals(0, small.interSwitchLinks().size());
    assertEquals(2, small.fans().size());
    assertEquals(2, small.powerSupplies().size());
    assertEquals(
        List.of("InletTemp", "OutletTemp"),
        small.temperatureSensors().stream().map(TemperatureSensor::id).toList());
    assertEquals(new I2cAccess(I2cPath.direct(2, 0x50)), small.switches().get(0).access());
  }

  @Test
  void lookupsAnswerWhereThingsAreWired() {
    BoardDescription reference = BoardDescription.reference();

    assertEquals("SW3", reference.switchOfHost("Host6").orElseThrow().id());
    assertEquals("SW4", reference.switchOfSlot(17).orElseThrow().id());
    assertEquals(Optional.empty(), reference.switchOfHost("Host9"));
    assertEquals(2, reference.linksOfSwitch("SW1").size());
    assertTrue(reference.host("Host1").isPresent());
    assertFalse(reference.slot(21).isPresent());
    assertEquals(
        6, reference.devicesOfType(ExpanderDevice.class).size(), "five for slots, the panel's");
    assertEquals(Optional.of(new ExpanderPinRef("PanelIo", 0)), reference.identifyLed());
    assertEquals(3, reference.muxes().size());
  }

  private static Set<Integer> emptySlots(List<Slot> slots) {
    return slots.stream()
        .filter(slot -> !slot.occupied())
        .map(Slot::number)
        .collect(Collectors.toSet());
  }
}

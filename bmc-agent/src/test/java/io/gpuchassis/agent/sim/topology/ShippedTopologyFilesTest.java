package io.gpuchassis.agent.sim.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The two topology files shipped in the jar load and describe the chassis they promise. */
class ShippedTopologyFilesTest {

  private static final String SMALL = "/topology/small-chassis.yaml";

  @Test
  void referenceChassisHasTwentySlotsSixteenGpusEightHostsFourSwitches() {
    ChassisTopology reference = ChassisTopology.reference();

    assertEquals("GPUChassis", reference.chassis().id());
    assertEquals(20, reference.slots().size());
    assertEquals(16, reference.populatedSlots().size());
    assertEquals(Set.of(5, 10, 15, 20), emptySlotIds(reference));
    assertEquals(8, reference.hosts().size());
    assertEquals(4, reference.switches().size());
    assertEquals(4, reference.interSwitchLinks().size());
    assertEquals(6, reference.fans().size());
    assertEquals(2, reference.powerSupplies().size());
    assertEquals(
        new PowerSupplyRedundancy(RedundancyType.NPlusM, 1), reference.powerSupplyRedundancy());
    assertEquals(
        List.of(PhysicalContext.Intake, PhysicalContext.Exhaust),
        reference.temperatureSensors().stream().map(TemperatureSensor::physicalContext).toList());
  }

  @Test
  void referenceChassisWiresEverySlotAndHostAtX16() {
    ChassisTopology reference = ChassisTopology.reference();

    assertTrue(reference.slots().stream().allMatch(slot -> slot.port().width() == 16));
    assertTrue(reference.hosts().stream().allMatch(host -> host.port().width() == 16));
    for (SwitchChip chip : reference.switches()) {
      assertEquals(5, reference.slotsOnSwitch(chip.id()).size(), chip.id());
      assertEquals(2, reference.hostsOnSwitch(chip.id()).size(), chip.id());
    }
  }

  @Test
  void referenceChassisIsCachedAndEqualToAFreshLoad() {
    assertSame(ChassisTopology.reference(), ChassisTopology.reference());
    assertEquals(
        ChassisTopology.reference(), ChassisTopology.loadResource(ChassisTopology.REFERENCE_RESOURCE));
  }

  @Test
  void referenceGpusCarryRealPciIdentities() {
    ChassisTopology reference = ChassisTopology.reference();

    Gpu h100 = reference.gpuInSlot(1).orElseThrow();
    assertEquals(0x10de, h100.vendorId());
    assertEquals(0x2331, h100.deviceId());
    assertEquals(80, h100.memoryGiB());
    assertEquals(350, h100.tdpWatts());
    Gpu l40s = reference.gpuInSlot(11).orElseThrow();
    assertEquals(0x26b9, l40s.deviceId());
    assertEquals(48, l40s.memoryGiB());
    assertEquals(Optional.empty(), reference.gpuInSlot(5));
    assertEquals(Optional.empty(), reference.gpuInSlot(99));
    long distinctSerials =
        reference.populatedSlots().stream().map(s -> s.gpu().orElseThrow().serialNumber()).distinct().count();
    assertEquals(16, distinctSerials);
  }

  @Test
  void smallChassisHasOneSwitchFourSlotsThreeGpusTwoHosts() {
    ChassisTopology small = ChassisTopology.loadResource(SMALL);

    assertEquals(1, small.switches().size());
    assertEquals(4, small.slots().size());
    assertEquals(3, small.populatedSlots().size());
    assertEquals(Set.of(4), emptySlotIds(small));
    assertEquals(2, small.hosts().size());
    assertEquals(0, small.interSwitchLinks().size());
    assertEquals(2, small.fans().size());
    assertEquals(2, small.powerSupplies().size());
    assertEquals(
        List.of("InletTemp", "OutletTemp"),
        small.temperatureSensors().stream().map(TemperatureSensor::id).toList());
  }

  @Test
  void lookupsAnswerWhereThingsAreWired() {
    ChassisTopology reference = ChassisTopology.reference();

    assertEquals("SW3", reference.switchOfHost("Host6").orElseThrow().id());
    assertEquals("SW4", reference.switchOfSlot(17).orElseThrow().id());
    assertEquals(Optional.empty(), reference.switchOfHost("Host9"));
    assertEquals(2, reference.linksOfSwitch("SW1").size());
    assertTrue(reference.host("Host1").isPresent());
    assertFalse(reference.slot(21).isPresent());
  }

  @Test
  void modelListsAreImmutable() {
    ChassisTopology reference = ChassisTopology.reference();

    assertThrows(UnsupportedOperationException.class, () -> reference.slots().clear());
  }

  @Test
  void missingResourceIsATopologyException() {
    TopologyException e =
        assertThrows(TopologyException.class, () -> ChassisTopology.loadResource("/topology/nope.yaml"));

    assertTrue(e.getMessage().startsWith("/topology/nope.yaml: "), e.getMessage());
  }

  private static Set<Integer> emptySlotIds(ChassisTopology topology) {
    return topology.slots().stream()
        .filter(slot -> !slot.isPopulated())
        .map(Slot::id)
        .collect(Collectors.toSet());
  }
}

package io.gpuchassis.agent.redfish.chassis;

import static io.gpuchassis.agent.redfish.ChassisFixture.healthy;
import static io.gpuchassis.agent.redfish.ChassisFixture.ids;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.LocationType;
import io.gpuchassis.redfish.model.PCIeSlot;
import io.gpuchassis.redfish.model.PCIeSlots;
import io.gpuchassis.redfish.model.PCIeTypes;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Every slot of the board, occupied ones with their GPU's status and device, empty ones Absent. */
class PCIeSlotsResourceTest {

  /**
   * Stands for the GPU's status (GpuStatus in the agent): Critical for slot 7, OK for the others.
   */
  private static final Function<Slot, Status> GPU_STATUS =
      slot ->
          new Status()
              .state(State.ENABLED)
              .health(slot.number() == 7 ? Health.CRITICAL : Health.OK);

  @Test
  void every_slot_is_listed_in_order_with_its_location() {
    PCIeSlots slots = PCIeSlotsResource.render(healthy(), GPU_STATUS, slot -> Optional.empty());

    assertEquals("/redfish/v1/Chassis/GPUChassis/PCIeSlots", slots.getAtOdataId());
    assertEquals(20, slots.getSlots().size());
    PCIeSlot third = slots.getSlots().get(2);
    assertEquals(LocationType.SLOT, third.getLocation().getPartLocation().getLocationType());
    assertEquals(3, third.getLocation().getPartLocation().getLocationOrdinalValue());
    assertEquals("Slot 3", third.getLocation().getPartLocation().getServiceLabel());
    assertEquals(PCIeTypes.GEN5, third.getPcIeType());
    assertEquals(16, third.getLanes());
  }

  @Test
  void an_occupied_slot_has_its_gpus_status_and_links_to_its_device() {
    PCIeSlots slots = PCIeSlotsResource.render(healthy(), GPU_STATUS, slot -> Optional.empty());

    PCIeSlot seven = slots.getSlots().get(6);
    assertEquals(Health.CRITICAL, seven.getStatus().getHealth());
    assertEquals(
        List.of("/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot7"),
        ids(seven.getLinks().getPcIeDevice()));
    assertEquals(Health.OK, slots.getSlots().get(0).getStatus().getHealth());
  }

  @Test
  void an_empty_slot_is_absent_without_links() {
    ChassisState state = healthy();
    PCIeSlots slots =
        PCIeSlotsResource.render(
            state,
            slot -> {
              if (!slot.occupied()) {
                throw new AssertionError("an empty slot has no GPU to ask: " + slot.number());
              }
              return GPU_STATUS.apply(slot);
            },
            slot -> Optional.empty());

    for (int empty : List.of(5, 10, 15, 20)) {
      PCIeSlot s = slots.getSlots().get(empty - 1);
      assertEquals(State.ABSENT, s.getStatus().getState(), "slot " + empty);
      assertNull(s.getStatus().getHealth());
      assertNull(s.getLinks());
    }
  }
}

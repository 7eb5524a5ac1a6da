package io.gpuchassis.agent.redfish.chassis;

import static io.gpuchassis.agent.redfish.ChassisFixture.bound;
import static io.gpuchassis.agent.redfish.ChassisFixture.ids;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.redfish.ChassisFixture;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.PCIeDevice;
import io.gpuchassis.redfish.model.PCIeTypes;
import io.gpuchassis.sensor.chassis.SensorIds;
import io.gpuchassis.sensor.poll.SensorUnit;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A GPU as a PCIe device: its identity, the link it runs at, ReadyToRemove and its status. */
class PCIeDeviceResourceTest extends HealthViewFixture {

  @Test
  void a_pcie_device_shows_its_gpu_its_link_and_its_status() {
    PCIeDeviceResource devices =
        new PCIeDeviceResource(
            null,
            null,
            monitor,
            ChassisFixture.CLOCK,
            ChassisFixture.STALE_AFTER,
            io.gpuchassis.agent.host.HostReports.NONE);
    ChassisState composed =
        bound(state, 11, "Host5", 4, 16)
            .withBinding(bound(state, 11, "Host5", 4, 16).binding(11).withReadyToRemove(true));
    read(SensorIds.gpuTemperature(11), SensorUnit.CELSIUS, 55);

    PCIeDevice d = devices.render(composed, composed.slot(11).orElseThrow());
    PCIeDevice unread = devices.render(composed, composed.slot(12).orElseThrow());

    assertEquals(CHASSIS + "/PCIeDevices/Slot11", d.getAtOdataId());
    assertEquals("Slot11", d.getId());
    assertEquals("NVIDIA L40S", d.getName());
    assertEquals("NVIDIA", d.getManufacturer());
    assertEquals(
        PCIeTypes.GEN4, d.getPcIeInterface().getMaxPCIeType(), "the card's Gen4 in a Gen5 slot");
    assertEquals(PCIeTypes.GEN4, d.getPcIeInterface().getPcIeType());
    assertEquals(16, d.getPcIeInterface().getLanesInUse());
    assertEquals(Boolean.TRUE, d.getReadyToRemove());
    assertEquals(Health.OK, d.getStatus().getHealth());
    assertEquals(List.of(CHASSIS), ids(d.getLinks().getChassis()));
    assertEquals(
        CHASSIS + "/PCIeDevices/Slot11/EnvironmentMetrics",
        d.getEnvironmentMetrics().getAtOdataId());
    assertNull(unread.getPcIeInterface().getLanesInUse(), "an unbound slot has no link");
    assertEquals(
        Health.WARNING, unread.getStatus().getHealth(), "its temperature is not known yet");
    assertEquals(Boolean.FALSE, unread.getReadyToRemove());
  }

  @Test
  void a_gpu_whose_link_died_is_critical_even_when_cool() {
    PCIeDeviceResource devices =
        new PCIeDeviceResource(
            null,
            null,
            monitor,
            ChassisFixture.CLOCK,
            ChassisFixture.STALE_AFTER,
            io.gpuchassis.agent.host.HostReports.NONE);
    ChassisState composed = bound(state, 1, "Host1", 5, 16);
    int partition = composed.hosts().get(0).partition();
    composed =
        ChassisFixture.withLink(
            composed, "SW1", ChassisFixture.down(0, java.util.OptionalInt.of(partition)));
    read(SensorIds.gpuTemperature(1), SensorUnit.CELSIUS, 40);

    PCIeDevice d = devices.render(composed, composed.slot(1).orElseThrow());

    assertNull(d.getPcIeInterface().getPcIeType());
    assertEquals(Health.CRITICAL, d.getStatus().getHealth());
  }
}

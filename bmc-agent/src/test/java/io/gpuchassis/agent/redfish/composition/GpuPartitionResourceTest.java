package io.gpuchassis.agent.redfish.composition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.gpuchassis.agent.host.MigPartition;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.Processor;
import io.gpuchassis.redfish.model.ProcessorType;
import io.gpuchassis.redfish.model.ResourceCollection;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A GPU's MIG devices as Partition processors under its processor in the resource block. */
class GpuPartitionResourceTest {

  private static final String GPU = "/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot3";
  private static final Status OK = new Status().state(State.ENABLED).health(Health.OK);

  @Test
  void a_mig_device_is_a_partition_with_its_profiles_memory_and_its_own_uuid() {
    Processor p =
        GpuPartitionResource.render(
            "GPUChassis",
            GPU + "/Processors/GPU/SubProcessors",
            3,
            new MigPartition(2, "3g.20gb", "MIG-c7384736-a75d-5afc-978f-d2f1294409fd"),
            OK);

    assertEquals(GPU + "/Processors/GPU/SubProcessors/2", p.getAtOdataId());
    assertEquals("2", p.getId());
    assertEquals(ProcessorType.PARTITION, p.getProcessorType());
    assertEquals("3g.20gb", p.getModel());
    assertEquals("MIG 3g.20gb", p.getName());
    assertEquals("c7384736-a75d-5afc-978f-d2f1294409fd", p.getUUID());
    assertEquals(20 * 1024, p.getProcessorMemory().get(0).getCapacityMiB());
    assertEquals(OK, p.getStatus());
    assertEquals("/redfish/v1/Chassis/GPUChassis", p.getLinks().getChassis().getAtOdataId());
  }

  @Test
  void an_older_drivers_mig_device_has_no_uuid_of_its_own() {
    Processor p =
        GpuPartitionResource.render(
            "GPUChassis",
            GPU + "/Processors/GPU/SubProcessors",
            3,
            new MigPartition(0, "1c.3g.20gb", "MIG-GPU-5d5ba0d6-d33d-2b2c-524d-9e3d8d2b8a77/1/0"),
            OK);
    assertNull(p.getUUID());
  }

  @Test
  void the_collection_lists_the_devices_by_index() {
    ResourceCollection c =
        GpuPartitionResource.renderCollection(
            GPU + "/Processors/GPU/SubProcessors",
            3,
            List.of(
                new MigPartition(0, "3g.20gb", "MIG-c7384736-a75d-5afc-978f-d2f1294409fd"),
                new MigPartition(1, "3g.20gb", "MIG-a28ad590-3fda-56dd-84fc-0a0b96edc58d")));
    assertEquals(GPU + "/Processors/GPU/SubProcessors", c.getAtOdataId());
    assertEquals(
        List.of(GPU + "/Processors/GPU/SubProcessors/0", GPU + "/Processors/GPU/SubProcessors/1"),
        c.getMembers().stream().map(m -> m.getAtOdataId()).toList());
  }
}

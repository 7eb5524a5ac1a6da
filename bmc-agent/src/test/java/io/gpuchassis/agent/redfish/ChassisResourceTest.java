package io.gpuchassis.agent.redfish;

import static io.gpuchassis.agent.redfish.ChassisFixture.healthy;
import static io.gpuchassis.agent.redfish.ChassisFixture.ids;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuchassis.redfish.model.ResourceCollection;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The chassis collection holds the one chassis, named by the id its FRU data gives. */
class ChassisResourceTest {

  @Test
  void the_collection_holds_the_chassis_by_its_id() {
    ResourceCollection c = ChassisResource.renderCollection(healthy());

    assertEquals("/redfish/v1/Chassis", c.getAtOdataId());
    assertEquals(List.of("/redfish/v1/Chassis/GPUChassis"), ids(c.getMembers()));
  }
}

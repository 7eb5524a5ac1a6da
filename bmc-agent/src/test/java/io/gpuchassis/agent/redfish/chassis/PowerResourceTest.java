package io.gpuchassis.agent.redfish.chassis;

import static io.gpuchassis.agent.redfish.ChassisFixture.CHASSIS_ID;
import static io.gpuchassis.agent.redfish.ChassisFixture.ids;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuchassis.redfish.model.EnvironmentMetrics;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.PowerSubsystem;
import io.gpuchassis.redfish.model.PowerSupply;
import io.gpuchassis.sensor.chassis.SensorIds;
import io.gpuchassis.sensor.poll.SensorUnit;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The supplies, their redundancy and the power the chassis draws. */
class PowerResourceTest extends HealthViewFixture {

  @Test
  void power_is_redundant_only_with_a_supply_to_spare() {
    PowerResource power = new PowerResource(null, monitor, "NPlusM", 3);
    for (String psu : List.of("PSU1", "PSU2", "PSU3", "PSU4")) {
      read(SensorIds.psuStatus(psu), SensorUnit.STATE, 0);
      read(SensorIds.psuOutputWatts(psu), SensorUnit.WATTS, 575);
    }
    read(SensorIds.psuOutputWatts("PSU1"), SensorUnit.WATTS, 1200);
    read(SensorIds.psuOutputWatts("PSU2"), SensorUnit.WATTS, 1100);

    PowerSubsystem both = power.renderSubsystem(state);
    EnvironmentMetrics environment = power.renderEnvironment(state);
    read(SensorIds.psuStatus("PSU2"), SensorUnit.STATE, 0x0840); // POWER_GOOD# and OFF
    PowerSubsystem one = power.renderSubsystem(state);
    PowerSupply psu2 = power.renderSupply(CHASSIS_ID, state.powerSupplies().get(1));

    assertEquals(Health.OK, both.getStatus().getHealth());
    assertEquals(9600.0, both.getCapacityWatts(), "three of the four 3200 W supplies");
    assertEquals(
        List.of(
            CHASSIS + "/PowerSubsystem/PowerSupplies/PSU1",
            CHASSIS + "/PowerSubsystem/PowerSupplies/PSU2",
            CHASSIS + "/PowerSubsystem/PowerSupplies/PSU3",
            CHASSIS + "/PowerSubsystem/PowerSupplies/PSU4"),
        ids(both.getPowerSupplyRedundancy().get(0).getRedundancyGroup()));
    assertEquals(3450.0, environment.getPowerWatts().getReading(), 1e-9);
    assertEquals(Health.CRITICAL, psu2.getStatus().getHealth());
    assertEquals(CHASSIS + "/PowerSubsystem/PowerSupplies/PSU2", psu2.getAtOdataId());
    assertEquals(
        Health.WARNING,
        one.getStatus().getHealth(),
        "three working supplies carry the chassis, none to spare");
  }
}

package io.gpuchassis.agent.redfish.chassis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.health.ViewVersion;
import io.gpuchassis.agent.redfish.ChassisFixture;
import io.gpuchassis.agent.security.MutableClock;
import io.gpuchassis.sensor.chassis.SensorIds;
import io.gpuchassis.sensor.poll.SensorUnit;
import org.junit.jupiter.api.Test;

/**
 * A sensor's view is cached while its own reading and the statuses stand: the other sensors'
 * readings, which arrive many times a second, leave it; its own reading and a status that moves
 * anywhere (a threshold crossed, a supply failing) do not.
 */
class CachedSensorViewTest extends HealthViewFixture {

  private final MutableClock clock = new MutableClock(ChassisFixture.NOW);
  private final ChassisModel model = new ChassisModel(state);
  private final ViewVersion views =
      new ViewVersion(model, monitor, clock, ChassisFixture.STALE_AFTER);

  private final String own = SensorIds.gpuTemperature(11);
  private final String other = SensorIds.gpuTemperature(12);

  @Test
  void another_sensors_reading_leaves_the_version() {
    readAllHealthy();
    ViewVersion.OfSensor before = views.sensorNow(own);

    read(other, SensorUnit.CELSIUS, 50);
    read(other, SensorUnit.CELSIUS, 51);

    assertEquals(before, views.sensorNow(own));
  }

  @Test
  void its_own_reading_a_status_and_the_snapshot_move_it() {
    readAllHealthy();
    ViewVersion.OfSensor before = views.sensorNow(own);

    read(own, SensorUnit.CELSIUS, 50);
    ViewVersion.OfSensor read = views.sensorNow(own);
    assertNotEquals(before, read);

    read(SensorIds.psuStatus("PSU1"), SensorUnit.STATE, 0x0800);
    ViewVersion.OfSensor failed = views.sensorNow(own);
    assertNotEquals(read, failed);

    model.apply(s -> s);
    assertNotEquals(failed, views.sensorNow(own));
  }
}

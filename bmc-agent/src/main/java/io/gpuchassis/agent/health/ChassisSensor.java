package io.gpuchassis.agent.health;

/**
 * One sensor as Redfish shows it.
 *
 * @param redfishId the member id under {@code Chassis/{id}/Sensors} (the poller's id without dots:
 *     {@code GPU3Temperature})
 * @param sensorId the poller's id ({@code GPU3.Temperature}, see {@link
 *     io.gpuchassis.sensor.chassis.SensorIds})
 * @param readingType Redfish {@code ReadingType}: Temperature, Power, Voltage, Current or
 *     Rotational
 * @param units the UCUM units Redfish prescribes for the type (Cel, W, V, A, RPM)
 * @param physicalContext Redfish {@code PhysicalContext}: where it measures
 * @param device the I2C device that answers for it (the simulated board's device name)
 */
public record ChassisSensor(
    String redfishId,
    String sensorId,
    String readingType,
    String units,
    String physicalContext,
    String device) {

  /**
   * The Redfish member id of a poller sensor id: {@code GPU3.Temperature} is {@code
   * GPU3Temperature}.
   */
  public static String redfishIdOf(String sensorId) {
    return sensorId.replace(".", "");
  }
}

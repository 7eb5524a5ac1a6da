package io.gpuchassis.agent.health;

import io.gpuchassis.agent.events.EventBus;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.message.EnvironmentalMessages;
import io.gpuchassis.redfish.message.MessageDefinition;
import io.gpuchassis.redfish.message.PlatformMessages;
import io.gpuchassis.redfish.message.ResourceEventMessages;
import io.gpuchassis.redfish.message.SensorEventMessages;
import io.gpuchassis.sensor.chassis.SensorIds;
import io.gpuchassis.sensor.policy.OverTempPolicy;
import io.gpuchassis.sensor.policy.PolicyAction;
import io.gpuchassis.sensor.threshold.Health;
import io.gpuchassis.sensor.threshold.Severity;
import io.gpuchassis.sensor.threshold.ThresholdEvent;
import java.util.Locale;
import java.util.Optional;

/**
 * Health events as Redfish events (logged in the EventLog, streamed, pushed):
 *
 * <ul>
 *   <li>a temperature crossing a threshold: its Environmental message, about the sensor;
 *   <li>a fan's speed: Environmental FanWarning / FanFailed / FanRestored, about the fan;
 *   <li>any other sensor's crossing: its SensorEvent message; SensorFailure / SensorRestored when a
 *       sensor stops or starts reading again, InvalidSensorReading / SensorRestored when its value
 *       freezes or moves again, and for a GPU whose sideband stopped, Platform
 *       DeviceManagementInterfaceUnresponsive;
 *   <li>a GPU's or a supply's health: ResourceEvent ResourceStatusChanged*, about its PCIe device
 *       or supply;
 *   <li>an over-temperature power-off: ResourcePoweringOff before it, ResourcePoweredOff and
 *       Platform DeviceDisabled after it, ResourcePoweredOn when an operator clears the latch;
 *   <li>an operator's power-on or power-off of a slot: ResourcePoweredOn or ResourcePoweredOff.
 * </ul>
 *
 * Each is also written to the agent's log.
 */
public final class PublishedHealthEvents implements HealthEvents {

  private final EventBus bus;
  private final SensorCatalog catalog;
  private final String chassisUri;
  private final HealthEvents log = new LoggedHealthEvents();
  private final java.util.function.BiConsumer<String, Health> supplyWatch;

  public PublishedHealthEvents(EventBus bus, SensorCatalog catalog, String chassisId) {
    this(bus, catalog, chassisId, (psu, health) -> {});
  }

  /**
   * @param supplyWatch told of every supply's health change after its event (what a lost supply
   *     puts at risk)
   */
  public PublishedHealthEvents(
      EventBus bus,
      SensorCatalog catalog,
      String chassisId,
      java.util.function.BiConsumer<String, Health> supplyWatch) {
    this.bus = bus;
    this.catalog = catalog;
    this.chassisUri = Uris.chassis(chassisId);
    this.supplyWatch = supplyWatch;
  }

  @Override
  public void thresholdCrossed(ThresholdEvent event) {
    log.thresholdCrossed(event);
    Optional<ChassisSensor> sensor = catalog.bySensorId(event.sensorId());
    Optional<MessageDefinition> message = SensorEventMessages.byKey(event.messageId());
    if (sensor.isEmpty() || message.isEmpty()) {
      return;
    }
    String name = sensor.get().redfishId();
    String uri = chassisUri + "/Sensors/" + name;
    String value = number(event.value());
    String threshold = event.threshold().isPresent() ? number(event.threshold().getAsDouble()) : "";
    if (sensor.get().readingType().equals("Temperature")) {
      // Environmental's own words for temperatures: TemperatureAboveUpperCautionThreshold, ...,
      // TemperatureNormal.
      String key =
          event.to() == Severity.OK
              ? "TemperatureNormal"
              : event.messageId().replace("Reading", "Temperature");
      Optional<MessageDefinition> d = EnvironmentalMessages.byKey(key);
      if (d.isPresent()) {
        bus.publish(
            d.get().numberOfArgs() == 3
                ? d.get().with(name, value, threshold)
                : d.get().with(name, value),
            uri);
        return;
      }
    }
    if (sensor.get().physicalContext().equals("Fan")) {
      String fan = sensor.get().sensorId().substring(0, sensor.get().sensorId().indexOf('.'));
      MessageDefinition d =
          switch (event.to()) {
            case OK -> EnvironmentalMessages.FAN_RESTORED;
            case CAUTION -> EnvironmentalMessages.FAN_WARNING;
            case CRITICAL, FATAL -> EnvironmentalMessages.FAN_FAILED;
          };
      bus.publish(d.with(fan), chassisUri + "/ThermalSubsystem/Fans/" + fan);
      return;
    }
    MessageDefinition d = message.get();
    bus.publish(
        d.numberOfArgs() == 4
            ? d.with(name, value, sensor.get().units(), threshold)
            : d.with(name, value, sensor.get().units()),
        uri);
  }

  @Override
  public void policyAction(PolicyAction action) {
    log.policyAction(action);
    if (!(action instanceof PolicyAction.Event e)) {
      return;
    }
    String device = gpu(e.slot());
    switch (e.messageId()) {
      case OverTempPolicy.MESSAGE_DRAIN_REQUESTED, OverTempPolicy.MESSAGE_POWER_OFF ->
          bus.publish(ResourceEventMessages.RESOURCE_POWERING_OFF.with(device), device);
      case OverTempPolicy.MESSAGE_LATCH_CLEARED ->
          bus.publish(
              ResourceEventMessages.RESOURCE_STATE_CHANGED.with(device, "Disabled"), device);
      default -> bus.publish(statusChanged(e.severity()).with(device, name(e.severity())), device);
    }
  }

  @Override
  public void sensorFailed(String sensorId, boolean failed) {
    log.sensorFailed(sensorId, failed);
    catalog
        .bySensorId(sensorId)
        .ifPresent(
            sensor ->
                bus.publish(
                    (failed
                            ? SensorEventMessages.SENSOR_FAILURE
                            : SensorEventMessages.SENSOR_RESTORED)
                        .with(sensor.redfishId()),
                    chassisUri + "/Sensors/" + sensor.redfishId()));
    // The GPU's temperature is read over its SMBus sideband: when that stops, the GPU's management
    // interface is.
    SensorIds.slotOfGpuTemperature(sensorId)
        .ifPresent(
            slot -> {
              if (failed) {
                bus.publish(
                    PlatformMessages.DEVICE_MANAGEMENT_INTERFACE_UNRESPONSIVE.with(gpu(slot)),
                    gpu(slot));
              }
            });
  }

  @Override
  public void sensorReadingInvalid(String sensorId, boolean invalid) {
    log.sensorReadingInvalid(sensorId, invalid);
    catalog
        .bySensorId(sensorId)
        .ifPresent(
            sensor ->
                bus.publish(
                    (invalid
                            ? SensorEventMessages.INVALID_SENSOR_READING
                            : SensorEventMessages.SENSOR_RESTORED)
                        .with(sensor.redfishId()),
                    chassisUri + "/Sensors/" + sensor.redfishId()));
  }

  @Override
  public void supplyHealthChanged(String psuId, Health health) {
    log.supplyHealthChanged(psuId, health);
    String uri = chassisUri + "/PowerSubsystem/PowerSupplies/" + psuId;
    bus.publish(statusChanged(health).with(uri, name(health)), uri);
    supplyWatch.accept(psuId, health);
  }

  @Override
  public void slotPoweredOn(int slot) {
    log.slotPoweredOn(slot);
    bus.publish(ResourceEventMessages.RESOURCE_POWERED_ON.with(gpu(slot)), gpu(slot));
  }

  @Override
  public void slotPowerSwitched(int slot, boolean on, String operator) {
    log.slotPowerSwitched(slot, on, operator);
    var message =
        on ? ResourceEventMessages.RESOURCE_POWERED_ON : ResourceEventMessages.RESOURCE_POWERED_OFF;
    bus.publish(message.with(gpu(slot)), gpu(slot));
  }

  @Override
  public void slotPoweredOff(int slot) {
    log.slotPoweredOff(slot);
    bus.publish(ResourceEventMessages.RESOURCE_POWERED_OFF.with(gpu(slot)), gpu(slot));
    bus.publish(PlatformMessages.DEVICE_DISABLED.with(gpu(slot)), gpu(slot));
  }

  private static MessageDefinition statusChanged(Health health) {
    return switch (health) {
      case OK -> ResourceEventMessages.RESOURCE_STATUS_CHANGED_OK;
      case WARNING -> ResourceEventMessages.RESOURCE_STATUS_CHANGED_WARNING;
      case CRITICAL -> ResourceEventMessages.RESOURCE_STATUS_CHANGED_CRITICAL;
    };
  }

  /** As Redfish spells a health: OK, Warning, Critical. */
  private static String name(Health health) {
    return health == Health.OK
        ? "OK"
        : health.name().charAt(0) + health.name().substring(1).toLowerCase(Locale.ROOT);
  }

  private String gpu(int slot) {
    return chassisUri + "/PCIeDevices/Slot" + slot;
  }

  private static String number(double value) {
    return String.format(Locale.ROOT, "%.1f", value);
  }
}

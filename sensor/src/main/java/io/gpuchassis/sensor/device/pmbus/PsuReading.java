package io.gpuchassis.sensor.device.pmbus;

/**
 * One poll of a power supply's telemetry.
 *
 * @param inputVolts READ_VIN
 * @param outputVolts READ_VOUT
 * @param outputAmps READ_IOUT
 * @param outputWatts READ_POUT
 * @param temperatureCelsius READ_TEMPERATURE_1
 * @param fanRpm READ_FAN_SPEED_1
 * @param status STATUS_WORD
 */
public record PsuReading(
    double inputVolts,
    double outputVolts,
    double outputAmps,
    double outputWatts,
    double temperatureCelsius,
    double fanRpm,
    PmbusStatusWord status) {}

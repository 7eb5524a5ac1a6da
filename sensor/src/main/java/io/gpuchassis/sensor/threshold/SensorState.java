package io.gpuchassis.sensor.threshold;

import io.gpuchassis.sensor.poll.ReadingStatus;

/**
 * What the threshold engine knows about a sensor: its threshold severity and whether its reading
 * can be trusted.
 */
public record SensorState(String sensorId, Severity severity, ReadingStatus status) {}

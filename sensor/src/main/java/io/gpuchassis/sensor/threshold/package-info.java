/**
 * Thresholds as pure logic: per-sensor upper/lower caution, critical and fatal levels with
 * hysteresis (a Schmitt trigger per level, as dbus-sensors evaluates) and debounce (N consecutive
 * samples and/or a dwell time, like Redfish DwellTime and HysteresisDuration), producing severity
 * transitions as events; plus a worst-of health roll-up in which stale and failed sensors never
 * count as healthy.
 */
package io.gpuchassis.sensor.threshold;

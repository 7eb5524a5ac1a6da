/**
 * Polling: one {@link io.gpuchassis.sensor.poll.BusPoller} worker thread per I2C bus reads its
 * devices at their intervals and reports immutable {@link io.gpuchassis.sensor.poll.SensorReading}s
 * with a status: OK, STALE (the value is older than allowed), INVALID (a fine-resolution sensor's
 * value frozen bit for bit, see {@link io.gpuchassis.sensor.poll.StuckReadingDetector}) or FAILED
 * (N reads in a row failed; no value at all, never a zero).
 */
package io.gpuchassis.sensor.poll;

/**
 * The GPU over-temperature policy as pure logic: severity changes in, an ordered list of intended
 * actions out (log, event, fan override, drain request, slot power-off, latch). The log entry and
 * the event that announce a power-off always come before the power-off itself, so a GPU is never
 * powered off silently; the caller executes the actions in order.
 */
package io.gpuchassis.sensor.policy;

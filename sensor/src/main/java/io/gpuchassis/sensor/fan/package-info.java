/**
 * Fan control after phosphor-pid-control's "margin" controllers: a PI loop on the hottest thermal
 * margin (distance below each sensor's limit) with duty limits and slew limits, and a failsafe that
 * goes straight to full duty when any input is stale or failed or any fan has failed. {@link
 * io.gpuchassis.sensor.fan.FanZoneController} is the pure logic; {@link
 * io.gpuchassis.sensor.fan.FanControlLoop} gathers inputs and applies the duty.
 */
package io.gpuchassis.sensor.fan;

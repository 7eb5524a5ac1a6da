/**
 * The simulated chassis below Pi4J: {@link io.gpuchassis.sensor.sim.SimulatedSensorBoard} places
 * register-map devices on simulated buses as a {@link io.gpuchassis.sensor.layout.SensorLayout}
 * describes, runs a small physics model (GPU heat, fan inertia, supply load) and offers fault
 * controls. The agent talks to it through Pi4J, with the same drivers it uses on hardware, and, for
 * slot lines a board wires off the I2C expanders, through the {@link
 * io.gpuchassis.sensor.gpio.GpioLine}s {@link
 * io.gpuchassis.sensor.sim.SimulatedSensorBoard#externalLine} hands out in place of the processor's
 * GPIO lines.
 */
package io.gpuchassis.sensor.sim;

/**
 * The simulated chassis below Pi4J: {@link io.gpuchassis.sensor.sim.SimulatedSensorBoard} places register-map devices
 * on simulated buses as a {@link io.gpuchassis.sensor.layout.SensorLayout} describes, runs a small physics model
 * (GPU heat, fan inertia, supply load) and offers fault controls. The agent talks to it only through Pi4J, with the
 * same drivers it uses on hardware.
 */
package io.gpuchassis.sensor.sim;

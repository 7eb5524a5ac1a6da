/**
 * Where the chassis's sensor devices sit: bus, address, mux channel and expander pins of every sensor, supply, fan
 * and slot. The same description wires the real drivers ({@link io.gpuchassis.sensor.chassis}) and places the
 * simulated devices ({@link io.gpuchassis.sensor.sim}).
 */
package io.gpuchassis.sensor.layout;

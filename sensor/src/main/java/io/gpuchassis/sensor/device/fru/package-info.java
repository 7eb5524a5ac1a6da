/**
 * FRU inventory data: the {@link io.gpuchassis.sensor.device.fru.Eeprom24c02} that holds it and the
 * {@link io.gpuchassis.sensor.device.fru.FruParser} for the IPMI Platform Management FRU
 * Information Storage Definition v1.0 (common header, Board Info and Product Info areas), which is
 * where a chassis keeps its serial number.
 */
package io.gpuchassis.sensor.device.fru;

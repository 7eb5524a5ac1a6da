/**
 * PMBus power supplies: the LINEAR11 / LINEAR16 number formats, STATUS_WORD decoding and a driver
 * for the READ_* telemetry of a CRPS-class supply. PMBus words are little-endian on the wire.
 */
package io.gpuchassis.sensor.device.pmbus;

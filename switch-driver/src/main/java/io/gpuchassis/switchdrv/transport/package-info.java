/**
 * Byte transports: the small SPI that moves GAS (Global Address Space) bytes to and from a switch,
 * and its implementations. {@code .uart} (text console with CRC, jSerialComm), {@code .i2c} (TWI
 * frames with tags and PEC, through Pi4J's I2C interface), {@code .moe} (MoE, Switchtec management
 * over Ethernet), {@code .inband} (the kernel switchtec driver's char device) and {@link
 * io.gpuchassis.switchdrv.transport.InMemorySwitchTransport}.
 */
package io.gpuchassis.switchdrv.transport;

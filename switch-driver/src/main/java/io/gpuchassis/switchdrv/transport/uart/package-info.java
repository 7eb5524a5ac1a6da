/**
 * UART transport: the Switchtec text console's {@code gasrd}/{@code gaswr} commands with CRC-8
 * (reference §1.4), over a serial port or pty opened with jSerialComm.
 */
package io.gpuchassis.switchdrv.transport.uart;

/**
 * PCIe switch management for Microchip Switchtec PFX/PSX parts: the domain API ({@link
 * io.gpuchassis.switchdrv.SwitchDriver}, implemented by {@link
 * io.gpuchassis.switchdrv.SwitchtecDriver}) and its value records. Below it: {@code .command}
 * (typed MRPC codecs), {@code .mrpc} (mailbox engine, busy retry, error mapping), {@code
 * .transport} (UART, I2C, MoE over TCP, in-memory byte transports), {@code .wire} (CRCs, byte
 * access); beside it {@code .sim}, the wire-level simulator with fault injection.
 */
package io.gpuchassis.switchdrv;

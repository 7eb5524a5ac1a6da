/**
 * Wire-level simulator of a Switchtec switch chip: a GAS register file, the MRPC mailbox state
 * machine, partitions and bindings, per-port link models with error counters, A/B firmware flash
 * that survives simulated power loss, and fault injection. It implements the switch's side of every
 * wire (in memory, MoE over TCP, the UART text console over a pty, the TWI slave behind a Pi4J I2C
 * provider), never the driver API, so the real driver code runs against it.
 */
package io.gpuchassis.switchdrv.sim;

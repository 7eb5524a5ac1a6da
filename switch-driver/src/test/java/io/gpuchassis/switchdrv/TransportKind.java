package io.gpuchassis.switchdrv;

/** The transports every driver test runs over (Leshan's transport matrix, for a switch). */
public enum TransportKind {
  /** Direct GAS calls on the simulator, mailbox engine. */
  IN_MEMORY,
  /** MoE over TCP, whole MRPCs in MRPC command packets (pass-through engine). */
  MOE,
  /** MoE over TCP used for its GAS read/write commands only, mailbox engine. */
  MOE_GAS,
  /** TWI frames with tags and PEC through Pi4J's I2C interface and the simulator's I2C provider. */
  I2C,
  /**
   * The UART text console on a real pty served by {@code PtyConsole}, jSerialComm on the driver's
   * end.
   */
  UART_PTY,
  /**
   * The kernel switchtec driver's file protocol, served by {@code DeviceNodeServer} on a simulated
   * device node (seqpacket socket); whole MRPCs, pass-through engine.
   */
  INBAND
}

package io.gpuchassis.switchdrv;

/** The transports every driver test runs over (Leshan's transport matrix, for a switch). */
public enum TransportKind {
  /** Direct GAS calls on the simulator, mailbox engine. */
  IN_MEMORY,
  /** SMWP over TCP, whole MRPCs carried by the frame (pass-through engine). */
  TCP,
  /** SMWP over TCP used for GAS access only, mailbox engine. */
  TCP_GAS,
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

package io.gpuchassis.agent.board;

/**
 * How the agent reaches the management interface of a switch chip: exactly one transport per chip.
 */
public sealed interface SwitchAccess permits UartAccess, I2cAccess, TcpAccess, InbandAccess {

  /** For messages, e.g. {@code "/dev/ttyS2 at 230400 baud"}. */
  String describe();
}

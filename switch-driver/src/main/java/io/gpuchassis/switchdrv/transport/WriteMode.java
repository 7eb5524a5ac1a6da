package io.gpuchassis.switchdrv.transport;

/**
 * Whether a transport may repeat a GAS write when it cannot confirm it landed. The MRPC engine asks
 * for {@link #NO_RETRY} on the command-register write of non-idempotent commands (firmware TOGGLE),
 * because a write that did land and is repeated executes the command twice.
 */
public enum WriteMode {
  RETRY_ALLOWED,
  NO_RETRY
}

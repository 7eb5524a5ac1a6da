package io.gpuchassis.agent.firmware;

import io.gpuchassis.redfish.message.MessageInstance;

/**
 * A step of an update that failed: the Update registry message that says which, and why in words.
 */
public final class UpdateFailure extends RuntimeException {

  private final MessageInstance step;

  public UpdateFailure(MessageInstance step, String reason) {
    super(reason);
    this.step = step;
  }

  public MessageInstance step() {
    return step;
  }
}

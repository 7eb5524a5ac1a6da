package io.gpuchassis.agent.firmware;

import io.gpuchassis.redfish.message.MessageInstance;

/** Where an update reports how it goes: the task that follows it and the event service. */
public interface UpdateProgress {

  /** A step begun, done or failed, about the firmware of {@code originUri}. */
  void step(MessageInstance message, String originUri);

  /** How much of the whole update is done, 0–100. */
  void percent(int percentComplete);

  /**
   * How much of one target's part is done, 0–100; {@code originUri} names the target as in {@link
   * #step}.
   */
  default void targetPercent(String originUri, int percentComplete) {}

  /** One target's part is done: updated (or skipped as already current), or {@code failed}. */
  default void targetDone(String originUri, boolean failed) {}
}

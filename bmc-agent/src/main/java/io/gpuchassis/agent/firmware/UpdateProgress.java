package io.gpuchassis.agent.firmware;

import io.gpuchassis.redfish.message.MessageInstance;

/** Where an update reports how it goes: the task that follows it and the event service. */
public interface UpdateProgress {

  /** A step begun, done or failed, about the firmware of {@code originUri}. */
  void step(MessageInstance message, String originUri);

  /** How much of the whole update is done, 0–100. */
  void percent(int percentComplete);
}

package io.gpuchassis.sensor.chassis;

import java.util.Optional;

/**
 * Whether a device of the layout was opened and initialised, and why not.
 *
 * @param problem why the device is {@link Stage#UNAVAILABLE} or {@link
 *     Stage#INITIALIZATION_FAILED}; empty otherwise
 */
public record DeviceStatus(LayoutDevice device, Stage stage, Optional<String> problem) {

  /** How far a device got. */
  public enum Stage {
    /**
     * Could not be opened (missing bus, native library, unresolvable line); its readings are FAILED
     * with the reason.
     */
    UNAVAILABLE,
    /** Opened; {@link ChassisSensors#initialize()} has not run yet. */
    OPENED,
    /** Opened, but its set-up failed or it did not answer; it is still polled and may recover. */
    INITIALIZATION_FAILED,
    /** Opened, set up and answering. */
    READY
  }

  public DeviceStatus {
    if ((stage == Stage.UNAVAILABLE || stage == Stage.INITIALIZATION_FAILED)
        != problem.isPresent()) {
      throw new IllegalArgumentException(
          stage + " must " + (problem.isPresent() ? "not " : "") + "carry a problem");
    }
  }

  public boolean opened() {
    return stage != Stage.UNAVAILABLE;
  }

  public boolean initialized() {
    return stage == Stage.READY;
  }

  @Override
  public String toString() {
    return device
        + ": "
        + stage.name().toLowerCase().replace('_', ' ')
        + problem.map(p -> ": " + p).orElse("");
  }
}

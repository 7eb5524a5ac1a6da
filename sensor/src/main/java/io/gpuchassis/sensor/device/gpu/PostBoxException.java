package io.gpuchassis.sensor.device.gpu;

import io.gpuchassis.sensor.i2c.DeviceException;

/**
 * The GPU answered a post-box request with an error status (or never completed it: {@link
 * PostBoxTimeoutException}).
 */
public class PostBoxException extends DeviceException {

  private final SmbpbiStatus status;

  public PostBoxException(String message, SmbpbiStatus status) {
    super(message);
    this.status = status;
  }

  /** The status the GPU reported; {@link SmbpbiStatus#NULL} for a timeout. */
  public SmbpbiStatus status() {
    return status;
  }
}

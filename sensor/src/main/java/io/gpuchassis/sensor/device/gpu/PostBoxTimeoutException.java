package io.gpuchassis.sensor.device.gpu;

/** The GPU accepted the request but did not complete it within the timeout. */
public class PostBoxTimeoutException extends PostBoxException {

  public PostBoxTimeoutException(String message) {
    super(message, SmbpbiStatus.NULL);
  }
}

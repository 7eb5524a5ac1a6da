package io.gpuchassis.switchdrv;

/**
 * Receives firmware-download progress. Called on the thread that runs the download, after each
 * block the switch has accepted; must return quickly and must not call back into the driver.
 */
@FunctionalInterface
public interface ProgressListener {

  /** A listener that ignores progress. */
  ProgressListener NONE = (sent, total) -> {};

  void progress(long bytesSent, long totalBytes);
}

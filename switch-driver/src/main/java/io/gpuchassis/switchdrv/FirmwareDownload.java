package io.gpuchassis.switchdrv;

/**
 * A firmware download in progress, written a block at a time so that the switch's owner can run
 * other commands (its polls) between blocks: the mailbox is idle between two blocks, and the switch
 * keeps the download's state. Use it on the thread that runs the driver, and start no other
 * download until it has ended.
 */
public interface FirmwareDownload {

  /**
   * Sends the next block and waits until the switch has programmed it into flash.
   *
   * @return true while blocks remain to be sent
   * @throws SwitchException as {@link SwitchDriver#downloadFirmware}; after the last block,
   *     DEVICE_ERROR with the download status when the switch rejects the image
   */
  boolean sendNextBlock();

  /** Image bytes sent so far. */
  long bytesSent();

  /** Length of the whole image file. */
  long totalBytes();
}

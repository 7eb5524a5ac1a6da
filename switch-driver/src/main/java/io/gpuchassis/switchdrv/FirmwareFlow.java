package io.gpuchassis.switchdrv;

import io.gpuchassis.switchdrv.command.DownloadStatus;
import io.gpuchassis.switchdrv.command.FirmwareDownloadBlock;
import io.gpuchassis.switchdrv.command.FirmwareImage;
import io.gpuchassis.switchdrv.command.FirmwareStatus;
import io.gpuchassis.switchdrv.command.FirmwareToggle;
import io.gpuchassis.switchdrv.command.MrpcCommand;
import io.gpuchassis.switchdrv.command.PartInfo;
import io.gpuchassis.switchdrv.wire.Deadline;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Firmware download and activation (reference §2.8): refuse a malformed image before touching the
 * switch, refuse while flash programming runs, send 1008-byte blocks to the inactive copy without
 * activating, wait for flash programming after every block, check the final download status;
 * activate by TOGGLE only when the wanted copy is valid and not yet active, then verify. Runs on
 * the driver's thread with the driver's deadlines.
 */
final class FirmwareFlow {

  private static final Logger LOG = LoggerFactory.getLogger(FirmwareFlow.class);

  /** Executes a command with the driver's default deadline. */
  interface Caller {
    <T> T call(MrpcCommand<T> command);
  }

  /** Executes a command with an explicit deadline. */
  interface TimedCaller {
    <T> T call(MrpcCommand<T> command, Duration timeout);
  }

  private final Caller caller;
  private final TimedCaller timed;
  private final DriverOptions options;
  private final String transportName;

  FirmwareFlow(Caller caller, TimedCaller timed, DriverOptions options, String transportName) {
    this.caller = caller;
    this.timed = timed;
    this.options = options;
    this.transportName = transportName;
  }

  void download(Generation generation, byte[] image, ProgressListener progress) {
    FirmwareDownload download = begin(generation, image);
    boolean more;
    do {
      more = download.sendNextBlock();
      progress.progress(download.bytesSent(), download.totalBytes());
    } while (more);
  }

  /**
   * Checks the image and the switch's download state; the blocks are sent by the returned download.
   */
  FirmwareDownload begin(Generation generation, byte[] image) {
    FirmwareImage meta;
    try {
      meta = FirmwareImage.parse(image, generation);
    } catch (SwitchException e) {
      throw new SwitchException(
          SwitchException.Kind.REFUSED, "image rejected before download: " + e.getMessage(), e);
    }
    DownloadStatus before = caller.call(new FirmwareStatus());
    if (before.bgStatus() == DownloadStatus.BG_IN_PROGRESS) {
      throw new SwitchException(SwitchException.Kind.BUSY, "flash programming already in progress");
    }
    LOG.info(
        "downloading {} image {} ({} bytes) over {}",
        meta.type(),
        meta.version(),
        image.length,
        transportName);
    return new BlockDownload(image);
  }

  /** The blocks of one image, sent in order to the inactive copy without activating it. */
  private final class BlockDownload implements FirmwareDownload {
    private final byte[] image;
    private int offset;

    BlockDownload(byte[] image) {
      this.image = image;
    }

    @Override
    public boolean sendNextBlock() {
      if (offset >= image.length) {
        return false;
      }
      FirmwareDownloadBlock block = FirmwareDownloadBlock.of(image, offset, true);
      timed.call(block, options.firmwareBlockTimeout());
      DownloadStatus status = awaitFlash();
      offset += block.data().length;
      if (offset < image.length) {
        return true;
      }
      if (!status.finishedOk()) {
        throw SwitchException.deviceError(
            status.dlStatus(),
            "download ended with status "
                + status.dlStatus()
                + " "
                + DownloadStatus.describe(status.dlStatus()));
      }
      return false;
    }

    @Override
    public long bytesSent() {
      return offset;
    }

    @Override
    public long totalBytes() {
      return image.length;
    }
  }

  private DownloadStatus awaitFlash() {
    Deadline deadline = Deadline.in(options.firmwareBlockTimeout());
    while (true) {
      DownloadStatus s = caller.call(new FirmwareStatus());
      if (s.bgStatus() == DownloadStatus.BG_OFFSET_ERROR
          || s.bgStatus() == DownloadStatus.BG_ERROR) {
        int code =
            s.bgStatus() == DownloadStatus.BG_OFFSET_ERROR
                ? DownloadStatus.DL_OFFSET_INCORRECT
                : s.dlStatus();
        throw SwitchException.deviceError(
            code, "download failed: " + DownloadStatus.describe(code));
      }
      if (s.bgStatus() != DownloadStatus.BG_IN_PROGRESS) {
        return s;
      }
      if (deadline.expired()) {
        throw new SwitchException(SwitchException.Kind.TIMEOUT, "flash programming did not finish");
      }
      deadline.sleepAtMost(options.pollInterval());
    }
  }

  void activate(Generation generation, FirmwareType type, int copy) {
    FirmwarePartition target =
        caller
            .call(new PartInfo(generation))
            .find(type, copy)
            .orElseThrow(
                () ->
                    new SwitchException(
                        SwitchException.Kind.REFUSED,
                        "no " + type + " copy " + copy + " on this switch"));
    if (target.active()) {
      return;
    }
    if (!target.valid()) {
      throw new SwitchException(
          SwitchException.Kind.REFUSED, type + " copy " + copy + " holds no valid image");
    }
    if (type == FirmwareType.MAP || type == FirmwareType.NVLOG) {
      throw new SwitchException(SwitchException.Kind.REFUSED, type + " cannot be toggled");
    }
    caller.call(
        new FirmwareToggle(
            type == FirmwareType.IMG,
            type == FirmwareType.CFG,
            type == FirmwareType.BL2,
            type == FirmwareType.KEY,
            type == FirmwareType.RIOT));
    if (!caller
        .call(new PartInfo(generation))
        .find(type, copy)
        .map(FirmwarePartition::active)
        .orElse(false)) {
      throw new SwitchException(
          SwitchException.Kind.DEVICE_ERROR,
          "toggle acknowledged but " + type + " copy " + copy + " is not active");
    }
  }
}

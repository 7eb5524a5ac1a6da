package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.FirmwareType;
import io.gpuchassis.switchdrv.command.DownloadStatus;

/**
 * The download in progress and the FWDNLD status registers. Flash programming of a block takes the
 * configured latency, during which bgstatus reads "in progress". Volatile: a power loss drops it.
 */
final class FirmwareSession {

  boolean open;
  FirmwareType type;
  int copy;
  byte[] buffer;
  int next;
  int total;
  boolean dontActivate;
  private int dl = DownloadStatus.DL_READY;
  private int bg = DownloadStatus.BG_IDLE;
  private boolean pending;
  private long doneAt;
  private int pendingDl;
  private int pendingBg;

  void schedule(int dlStatus, int bgStatus, long now, long latencyNanos) {
    pending = true;
    doneAt = now + latencyNanos;
    pendingDl = dlStatus;
    pendingBg = bgStatus;
    dl = DownloadStatus.DL_IN_PROGRESS;
    bg = DownloadStatus.BG_IN_PROGRESS;
  }

  boolean programming(long now) {
    status(now);
    return bg == DownloadStatus.BG_IN_PROGRESS;
  }

  DownloadStatus status(long now) {
    if (pending && now >= doneAt) {
      pending = false;
      dl = pendingDl;
      bg = pendingBg;
    }
    return new DownloadStatus(dl, bg);
  }
}

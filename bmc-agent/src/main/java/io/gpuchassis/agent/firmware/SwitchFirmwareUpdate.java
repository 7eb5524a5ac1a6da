package io.gpuchassis.agent.firmware;

import io.gpuchassis.agent.fabric.SwitchWorker;
import io.gpuchassis.firmware.VerifiedBundle;
import io.gpuchassis.redfish.message.MessageDefinition;
import io.gpuchassis.redfish.message.UpdateMessages;
import io.gpuchassis.switchdrv.FirmwareDownload;
import io.gpuchassis.switchdrv.FirmwarePartition;
import io.gpuchassis.switchdrv.FirmwarePartitions;
import io.gpuchassis.switchdrv.FirmwareType;
import io.gpuchassis.switchdrv.FirmwareVersion;
import io.gpuchassis.switchdrv.SwitchDriver;
import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.SwitchIdentity;
import io.gpuchassis.switchdrv.command.FirmwareImage;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.function.DoubleConsumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Updates one switch chip, each step on the chip's own worker so that its polling goes on between
 * steps: write the image into the inactive copy, read the flash table back and check the copy holds
 * exactly the image, make it the copy that boots next, and, when applied at once, reset the chip
 * and check that it runs the new version. A chip that comes back running anything else is switched
 * back to the copy it ran before and reset again (A/B fallback). Every step is reported before it
 * starts; a failed step ends the update with that step's failure message.
 */
final class SwitchFirmwareUpdate {

  private static final Logger LOG = LoggerFactory.getLogger(SwitchFirmwareUpdate.class);

  /** Share of a chip's update that the transfer takes, for PercentComplete. */
  private static final double TRANSFER_SHARE = 0.8;

  private final SwitchWorker worker;
  private final FirmwareInventory inventory;
  private final String imageName;
  private final VerifiedBundle bundle;
  private final String origin;
  private final UpdateProgress progress;
  private final DoubleConsumer done;
  private final Optional<FirmwareVersion> lowestSupported;

  /**
   * @param origin the chip's FirmwareInventory URI, named by every message
   * @param done receives how much of this chip's update is done, 0–1
   * @param lowestSupported the oldest version that may be installed without {@code ForceUpdate}
   */
  SwitchFirmwareUpdate(
      SwitchWorker worker,
      FirmwareInventory inventory,
      String imageName,
      VerifiedBundle bundle,
      String origin,
      UpdateProgress progress,
      DoubleConsumer done,
      Optional<FirmwareVersion> lowestSupported) {
    this.worker = worker;
    this.inventory = inventory;
    this.imageName = imageName;
    this.bundle = bundle;
    this.origin = origin;
    this.progress = progress;
    this.done = done;
    this.lowestSupported = lowestSupported;
  }

  private boolean belowLowestSupported(FirmwareVersion version) {
    return lowestSupported
        .map(lowest -> Integer.compareUnsigned(version.word(), lowest.word()) < 0)
        .orElse(false);
  }

  /** Runs the update; blocks the calling thread (never a worker's or an event loop's). */
  void run(ApplyTime applyTime, boolean force) {
    String id = worker.switchId();
    SwitchFirmware before;
    try {
      before = inventory.refresh(id).join();
    } catch (CompletionException e) {
      throw failure(
          UpdateMessages.TRANSFER_FAILED,
          "could not read the firmware of switch " + id + ": " + cause(e).getMessage());
    }
    FirmwareImage image = imageFor(before);
    if (!force
        && image.type() == FirmwareType.IMG
        && before.identity().firmwareVersion().equals(image.version())) {
      progress.step(UpdateMessages.UPDATE_SKIPPED_SAME_VERSION.with(id, imageName), origin);
      done.accept(1);
      return;
    }
    if (!force && image.type() == FirmwareType.IMG && belowLowestSupported(image.version())) {
      // a downgrade past the operator's floor (a fixed vulnerability, a known-bad release)
      progress.step(UpdateMessages.UPDATE_SKIPPED_VERSION_TOO_LOW.with(id, imageName), origin);
      done.accept(1);
      return;
    }
    FirmwarePartitions flash = replaceWaitingImage(before.flash(), image.type());
    FirmwarePartition previous =
        flash
            .active(image.type())
            .orElseThrow(
                () ->
                    failure(
                        UpdateMessages.UPDATE_NOT_APPLICABLE,
                        "switch " + id + " reports no active " + image.type() + " copy"));
    int copy =
        flash
            .inactive(image.type())
            .map(FirmwarePartition::copy)
            .orElseThrow(
                () ->
                    failure(
                        UpdateMessages.UPDATE_NOT_APPLICABLE,
                        "switch " + id + " has no second " + image.type() + " copy to write"));
    if (flash.find(image.type(), copy).map(FirmwarePartition::readOnly).orElse(false)) {
      throw failure(
          UpdateMessages.UPDATE_NOT_APPLICABLE,
          image.type() + " copy " + copy + " of " + id + " is write-protected");
    }

    progress.step(UpdateMessages.TRANSFERRING_TO_COMPONENT.with(imageName, id), origin);
    // One block per turn on the worker: the switch's polls run between blocks, so it stays observed
    // while written.
    FirmwareDownload download =
        call(
            "start writing the image to",
            driver -> driver.beginFirmwareDownload(bundle.payload()),
            UpdateMessages.TRANSFER_FAILED);
    boolean more;
    do {
      more =
          call(
              "write the image to",
              driver -> download.sendNextBlock(),
              UpdateMessages.TRANSFER_FAILED);
      done.accept(TRANSFER_SHARE * download.bytesSent() / download.totalBytes());
    } while (more);
    FirmwarePartitions written =
        call(
            "read the flash table of",
            SwitchDriver::firmwarePartitions,
            UpdateMessages.TRANSFER_FAILED);

    progress.step(UpdateMessages.VERIFYING_AT_COMPONENT.with(imageName, id), origin);
    FirmwarePartition stored = written.find(image.type(), copy).orElse(null);
    if (stored == null
        || !stored.valid()
        || stored.imageCrc() != image.imageCrc()
        || stored.imageLength() != image.imageLength()) {
      throw failure(
          UpdateMessages.VERIFICATION_FAILED,
          image.type()
              + " copy "
              + copy
              + " of "
              + id
              + " does not hold the image after the transfer ("
              + describe(stored)
              + ")");
    }
    done.accept(0.85);

    progress.step(UpdateMessages.APPLYING_ON_COMPONENT.with(imageName, id), origin);
    call(
        "activate the image on",
        driver -> {
          driver.activatePartition(image.type(), copy);
          return null;
        },
        UpdateMessages.ACTIVATE_FAILED);
    if (applyTime == ApplyTime.ON_RESET) {
      refreshInventory();
      progress.step(UpdateMessages.AWAIT_TO_ACTIVATE.with(imageName, id), origin);
      done.accept(1);
      return;
    }
    SwitchIdentity running = resetAndRead(id);
    if (!runs(running, image, copy)) {
      fallBack(id, image.type(), previous.copy(), running);
    }
    refreshInventory();
    progress.step(UpdateMessages.UPDATE_SUCCESSFUL.with(id, imageName), origin);
    done.accept(1);
  }

  /**
   * An image written earlier may still wait for the chip's reset: it is active but another copy
   * runs. A download writes the copy that is not active, which would then be the running one (the
   * chip refuses that), so the running copy is made active again first and the new image replaces
   * the waiting one.
   */
  private FirmwarePartitions replaceWaitingImage(FirmwarePartitions flash, FirmwareType type) {
    var waiting = flash.active(type).filter(p -> !p.running());
    var running =
        flash.partitions().stream().filter(p -> p.type() == type && p.running()).findFirst();
    if (waiting.isEmpty() || running.isEmpty()) {
      return flash;
    }
    LOG.info(
        "Switch {}: the new image replaces the one waiting for the reset in {} copy {}",
        worker.switchId(),
        type,
        waiting.get().copy());
    int keep = running.get().copy();
    return call(
        "make the running image active again on",
        driver -> {
          driver.activatePartition(type, keep);
          return driver.firmwarePartitions();
        },
        UpdateMessages.TRANSFER_FAILED);
  }

  /** The vendor image inside the bundle, checked against the chip's generation. */
  private FirmwareImage imageFor(SwitchFirmware chip) {
    try {
      return FirmwareImage.parse(bundle.payload(), chip.identity().generation());
    } catch (SwitchException e) {
      throw failure(
          UpdateMessages.UPDATE_NOT_APPLICABLE,
          "the bundle's payload is not a switch image for "
              + chip.identity().generation()
              + ": "
              + e.getMessage());
    }
  }

  private SwitchIdentity resetAndRead(String id) {
    try {
      return worker
          .submit(
              driver -> {
                driver.resetSwitch();
                return driver.identity();
              })
          .join();
    } catch (CompletionException e) {
      LOG.warn(
          "Switch {} did not come back from its reset onto the new image: {}",
          id,
          cause(e).getMessage());
      return null;
    }
  }

  private boolean runs(SwitchIdentity running, FirmwareImage image, int copy) {
    if (running == null) {
      return false;
    }
    if (image.type() == FirmwareType.IMG) {
      return running.firmwareVersion().equals(image.version());
    }
    FirmwarePartitions flash =
        call(
            "read the flash table of",
            SwitchDriver::firmwarePartitions,
            UpdateMessages.ACTIVATE_FAILED);
    return flash.find(image.type(), copy).map(FirmwarePartition::running).orElse(false);
  }

  /** The chip did not come up on the new image: boot the copy it ran before, and say so. */
  private void fallBack(String id, FirmwareType type, int previousCopy, SwitchIdentity running) {
    String seen =
        running == null
            ? "did not answer after the reset"
            : "came back running " + running.firmwareVersion();
    LOG.error(
        "Switch {} {} instead of the new image; switching back to {} copy {}",
        id,
        seen,
        type,
        previousCopy);
    try {
      SwitchIdentity restored =
          worker
              .submit(
                  driver -> {
                    driver.activatePartition(type, previousCopy);
                    driver.resetSwitch();
                    return driver.identity();
                  })
              .join();
      refreshInventory();
      throw failure(
          UpdateMessages.ACTIVATE_FAILED,
          "switch "
              + id
              + " "
              + seen
              + "; it was switched back to its"
              + " previous image and runs "
              + restored.firmwareVersion()
              + " again");
    } catch (CompletionException e) {
      throw failure(
          UpdateMessages.ACTIVATE_FAILED,
          "switch "
              + id
              + " "
              + seen
              + ", and switching back to its"
              + " previous image failed too: "
              + cause(e).getMessage()
              + ". Power-cycle the chassis to recover");
    }
  }

  private void refreshInventory() {
    try {
      inventory.refresh(worker.switchId()).join();
    } catch (CompletionException e) {
      LOG.warn(
          "Could not read the firmware of switch {} again: {}",
          worker.switchId(),
          cause(e).getMessage());
    }
  }

  /** Runs one step on the chip's worker; a switch error fails the update with {@code failed}. */
  private <T> T call(String doing, Function<SwitchDriver, T> step, MessageDefinition failed) {
    try {
      return worker.submit(step).join();
    } catch (CompletionException e) {
      Throwable cause = cause(e);
      if (cause instanceof SwitchException) {
        throw failure(
            failed,
            "could not " + doing + " switch " + worker.switchId() + ": " + cause.getMessage());
      }
      throw e;
    }
  }

  private UpdateFailure failure(MessageDefinition message, String reason) {
    // Every failure message of the Update registry names the image first, then the device.
    return new UpdateFailure(message.with(imageName, worker.switchId()), reason);
  }

  private static String describe(FirmwarePartition p) {
    return p == null
        ? "no such copy"
        : "valid "
            + p.valid()
            + ", CRC 0x"
            + Long.toHexString(p.imageCrc())
            + ", "
            + p.imageLength()
            + " bytes";
  }

  private static Throwable cause(Throwable e) {
    return e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
  }
}

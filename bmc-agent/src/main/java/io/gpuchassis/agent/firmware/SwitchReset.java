package io.gpuchassis.agent.firmware;

import io.gpuchassis.agent.fabric.SwitchWorker;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.UpdateMessages;
import io.gpuchassis.switchdrv.FirmwarePartition;
import io.gpuchassis.switchdrv.FirmwareType;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Resets a switch chip (Switch.Reset), which is also how an image written for OnReset starts
 * running. When an image was waiting, the chip must come back running it: then the update is
 * reported successful; if the chip came back on the copy it ran before (the new image did not
 * start), that copy is made active again, so that the chip boots what it runs, and the activation
 * is reported failed. A chip that runs the waiting copy but reports another version than the copy's
 * flash record is reported failed too. Rollback and activation ({@link FirmwareUpdates}) end with
 * this.
 */
final class SwitchReset {

  private static final Logger LOG = LoggerFactory.getLogger(SwitchReset.class);

  private final SwitchWorker worker;
  private final FirmwareInventory inventory;
  private final String origin;
  private final UpdateProgress progress;

  /**
   * @param origin the chip's FirmwareInventory URI, named by the messages
   */
  SwitchReset(
      SwitchWorker worker, FirmwareInventory inventory, String origin, UpdateProgress progress) {
    this.worker = worker;
    this.inventory = inventory;
    this.origin = origin;
    this.progress = progress;
  }

  /** Resets the chip and checks what it runs afterwards; blocks the calling thread. */
  void run() {
    String id = worker.switchId();
    Optional<FirmwarePartition> pending =
        read().images().stream().filter(p -> p.active() && !p.running()).findFirst();
    try {
      worker
          .submit(
              driver -> {
                driver.resetSwitch();
                return null;
              })
          .join();
    } catch (CompletionException e) {
      throw RedfishErrors.of(BaseMessages.SERVICE_TEMPORARILY_UNAVAILABLE.with("10"))
          .withDetail(
              "switch " + id + " did not come back from its reset: " + e.getCause().getMessage());
    }
    progress.percent(80);
    SwitchFirmware after = read();
    if (pending.isEmpty()) {
      return;
    }
    String image = FirmwareType.IMG + " copy " + (pending.get().copy() == 0 ? "A" : "B");
    boolean started =
        after.images().stream().anyMatch(p -> p.copy() == pending.get().copy() && p.running());
    if (started && !runsVersionOf(pending.get(), after)) {
      var failed = UpdateMessages.ACTIVATE_FAILED.with(image, id);
      progress.step(failed, origin);
      throw new RedfishException(503, failed)
          .withDetail(
              "switch "
                  + id
                  + " runs "
                  + image
                  + " but reports version "
                  + after.runningVersion()
                  + ", not the "
                  + version(pending.get())
                  + " that copy holds");
    }
    if (started) {
      progress.step(
          UpdateMessages.UPDATE_SUCCESSFUL.with(id, image + " (" + after.runningVersion() + ")"),
          origin);
      return;
    }
    int running =
        after.images().stream()
            .filter(FirmwarePartition::running)
            .mapToInt(FirmwarePartition::copy)
            .findFirst()
            .orElse(1 - pending.get().copy());
    LOG.error(
        "Switch {} did not start its new image ({}); making copy {} active again",
        id,
        image,
        running);
    try {
      worker
          .submit(
              driver -> {
                driver.activatePartition(FirmwareType.IMG, running);
                return null;
              })
          .join();
    } catch (CompletionException e) {
      LOG.error(
          "Switch {}: could not make copy {} active again: {}",
          id,
          running,
          e.getCause().getMessage());
    }
    read();
    var failed = UpdateMessages.ACTIVATE_FAILED.with(image, id);
    progress.step(failed, origin);
    throw new RedfishException(503, failed)
        .withDetail(
            "switch "
                + id
                + " did not start the new image and runs "
                + after.runningVersion()
                + " again; that image boots next time too");
  }

  /**
   * Whether the running version is the one the copy's flash record names (its major and minor; the
   * record holds no build number). A record without a version (0) is taken on trust.
   */
  private static boolean runsVersionOf(FirmwarePartition copy, SwitchFirmware after) {
    return copy.imageVersion() == 0
        || after.identity().firmwareVersion().word() >>> 16 == copy.imageVersion();
  }

  private static String version(FirmwarePartition copy) {
    return String.format("%x.%02x", copy.imageVersion() >>> 8, copy.imageVersion() & 0xFF);
  }

  private SwitchFirmware read() {
    try {
      return inventory.refresh(worker.switchId()).join();
    } catch (CompletionException e) {
      throw RedfishErrors.of(BaseMessages.SERVICE_TEMPORARILY_UNAVAILABLE.with("10"))
          .withDetail(
              "switch " + worker.switchId() + " does not answer: " + e.getCause().getMessage());
    }
  }
}

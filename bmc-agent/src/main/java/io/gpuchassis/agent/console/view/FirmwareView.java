package io.gpuchassis.agent.console.view;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.SwitchChip;
import io.gpuchassis.agent.console.view.TextTable.Column;
import io.gpuchassis.agent.firmware.FirmwareInventory;
import io.gpuchassis.agent.firmware.SwitchFirmware;
import io.gpuchassis.switchdrv.FirmwarePartition;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * {@code show firmware}: per switch chip, the running version and both copies of its main image
 * from the flash table as the firmware inventory last read it (which copy boots next, which runs),
 * and whether an update is under way.
 */
public final class FirmwareView {

  private final FirmwareInventory inventory;
  private final Predicate<String> updating;

  /**
   * @param updating whether a chip's firmware is being written or the chip reset now
   *     (FirmwareUpdates::updating)
   */
  public FirmwareView(FirmwareInventory inventory, Predicate<String> updating) {
    this.inventory = inventory;
    this.updating = updating;
  }

  public List<String> render(ChassisState state) {
    TextTable table =
        TextTable.of(
            Column.left("Switch"),
            Column.left("Running"),
            Column.left("Copy"),
            Column.left("Version"),
            Column.left("Valid"),
            Column.left("Boots next"),
            Column.left("Runs"),
            Column.flexible("Note"));
    for (SwitchChip chip : state.switches()) {
      Optional<SwitchFirmware> read = inventory.of(chip.id());
      String busy = updating.test(chip.id()) ? "update in progress" : "";
      if (read.isEmpty()) {
        table.row(chip.id(), "-", "-", "-", "-", "-", "-", busy.isEmpty() ? "not read" : busy);
        continue;
      }
      SwitchFirmware firmware = read.get();
      boolean first = true;
      for (FirmwarePartition copy : firmware.images()) {
        // A copy marked to boot next that is not the one running waits for a reset to take over.
        String note = copy.active() && !copy.running() ? "activates at reset" : "";
        if (first && !busy.isEmpty()) {
          note = note.isEmpty() ? busy : busy + ", " + note;
        }
        table.row(
            first ? chip.id() : "",
            first ? firmware.runningVersion() : "",
            copy.copy() == 0 ? "A" : "B",
            Optional.ofNullable(SwitchFirmware.imageVersion(copy)).orElse("-"),
            yes(copy.valid()),
            yes(copy.active()),
            yes(copy.running()),
            note);
        first = false;
      }
    }
    return table.lines();
  }

  private static String yes(boolean value) {
    return value ? "yes" : "no";
  }
}

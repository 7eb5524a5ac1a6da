/**
 * Firmware updates of the switch chips: which keys may sign a bundle ({@link
 * io.gpuchassis.agent.firmware.FirmwareTrust}), what each chip runs ({@link
 * io.gpuchassis.agent.firmware.FirmwareInventory}), and the update itself, one verified step at a
 * time on the chip's own worker ({@link io.gpuchassis.agent.firmware.SwitchFirmwareUpdate}),
 * ordered by {@link io.gpuchassis.agent.firmware.FirmwareUpdates}.
 */
package io.gpuchassis.agent.firmware;

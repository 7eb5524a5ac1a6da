package io.gpuchassis.agent.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A board file for a machine that has none of its devices: a UART and I2C buses that do not exist
 * here, and a gpiochip that does not either, with a GPU sideband behind a mux the agent drives and
 * a sensor behind a kernel-driven mux's channel. Real mode and {@code probe} must say so, part by
 * part, with each part's path.
 */
final class AbsentBoard {

  static final String UART = "/nonexistent/ttyS9";

  private AbsentBoard() {}

  static Path write(Path dir) throws IOException {
    String chip =
        "manufacturer: Microchip, model: \"Switchtec PSX 100xG5\", vendorId: \"0x11f8\","
            + " deviceId: \"0x5100\", laneCount: 100, portCount: 48, maxGen: 5";
    Path file = dir.resolve("absent-board.yaml");
    Files.writeString(
        file,
        String.join(
            "\n",
            "chassis: {id: GPUChassis, manufacturer: Test, model: AB-1, partNumber: \"AB1-A\", sku: \"AB1\","
                + " fru: ChassisFru}",
            "switches:",
            "  - {id: SW1, " + chip + ", uart: {device: \"" + UART + "\"}}",
            "  - {id: SW2, " + chip + ", i2c: {bus: 93, address: \"0x59\"}}",
            "interSwitchLinks:",
            "  - a: {switch: SW1, port: 8, width: 16, maxGen: 5}",
            "    b: {switch: SW2, port: 8, width: 16, maxGen: 5}",
            "hosts:",
            "  - {id: Host1, switch: SW1, port: 4, width: 16, maxGen: 5}",
            "  - {id: Host2, switch: SW2, port: 4, width: 16, maxGen: 5}",
            "slots:",
            "  - {id: 1, switch: SW1, port: 0, width: 16, maxGen: 5, sideband: {bus: 96, address: \"0x4f\"},",
            "     pins: {presence: {expander: SlotIo1, pin: 0}, powerEnable: {gpio: {chip: gpiochip9, line: 3}}}}",
            "  - {id: 2, switch: SW1, port: 1, width: 16, maxGen: 5,",
            "     sideband: {mux: GpuMux1, channel: 3, address: \"0x4f\"}}",
            "i2c:",
            "  muxes:",
            "    - {id: GpuMux1, part: pca9548, bus: 97, address: \"0x70\"}",
            "    - {id: SensorMux, part: pca9548, bus: 98, address: \"0x71\","
                + " kernelBuses: [100, 101, 102, 103, 104, 105, 106, 107]}",
            "  devices:",
            "    - {id: RearTemp, part: tmp75, mux: SensorMux, channel: 3, address: \"0x4a\", physicalContext: Exhaust}",
            "    - {id: InletTemp, part: tmp75, bus: 91, address: \"0x48\", physicalContext: Intake}",
            "    - {id: FanController, part: max31790, bus: 91, address: \"0x20\",",
            "       fans: [{id: Fan1, channel: 0, maxRpm: 16000}]}",
            "    - {id: PSU1, part: pmbus-psu, bus: 92, address: \"0x58\", model: \"CRPS 2000W\", ratedWatts: 2000}",
            "    - {id: SlotIo1, part: pca9555, bus: 94, address: \"0x20\"}",
            "    - {id: ChassisFru, part: fru-eeprom, bus: 95, address: \"0x50\"}",
            "powerSupplyRedundancy: {type: NotRedundant, minNeeded: 1}",
            ""));
    return file;
  }
}

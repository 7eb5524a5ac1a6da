package io.gpuchassis.agent.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A small valid board file as YAML text, and helpers to break it in exactly one place, load it from
 * a file the way an integrator's edit reaches the loader, and check the problems reported.
 */
final class BoardYaml {

  /** Name of the file the helpers write; every problem line must start with it. */
  static final String FILE_NAME = "bad.yaml";

  /**
   * Two switches (SW1 over I2C, written in block style; SW2 over a UART) joined by one link, a host
   * on each, four slots: slot 1 with expander pins, slot 2 with processor GPIO lines, a switch GPIO
   * and an expander pin, slot 3 with a switch GPIO and its GPU behind a kernel-driven mux, slot 4
   * with nothing wired. Every device part, an agent-driven mux (GpuMux1 on bus 10) and a
   * kernel-driven one (KernelMux on bus 11, channels on buses 30-37), and a simulation section.
   */
  static final String VALID =
      """
      chassis:
        id: GPUChassis
        manufacturer: Test Maker
        model: T-1
        partNumber: "PN-1"
        sku: "SKU-1"
        fru: ChassisFru
      switches:
        - id: SW1
          manufacturer: Broadcom
          model: PEX89144
          vendorId: "0x1000"
          deviceId: "0xc030"
          laneCount: 144
          portCount: 72
          maxGen: 5
          i2c: {bus: 2, address: "0x59"}
        - {id: SW2, manufacturer: Broadcom, model: PEX89144, vendorId: "0x1000", deviceId: "0xc030",
           laneCount: 144, portCount: 72, maxGen: 5, uart: {device: /dev/ttyS2}}
      interSwitchLinks:
        - a: {switch: SW1, port: 56, width: 16, maxGen: 5}
          b: {switch: SW2, port: 64, width: 16, maxGen: 5}
      hosts:
        - {id: Host1, switch: SW1, port: 40, width: 16, maxGen: 5}
        - {id: Host2, switch: SW2, port: 40, width: 16, maxGen: 5}
      slots:
        - {id: 1, switch: SW1, port: 0, width: 16, maxGen: 5,
           sideband: {mux: GpuMux1, channel: 0, address: "0x4f"},
           pins: {presence: {expander: SlotIo1, pin: 0}, powerEnable: {expander: SlotIo1, pin: 1},
                  perst: {expander: SlotIo1, pin: 2}, attentionLed: {expander: SlotIo1, pin: 3}}}
        - id: 2
          switch: SW1
          port: 8
          width: 16
          maxGen: 5
          sideband: {mux: GpuMux1, channel: 1, address: "0x4f"}
          pins:
            presence: {gpio: {chip: gpiochip0, line: 17}}
            powerEnable: {gpio: {chip: gpiochip0, line: 18}}
            perst: {switch: SW1, gpio: 12}
            attentionLed: {expander: SlotIo1, pin: 4}
        - {id: 3, switch: SW2, port: 0, width: 16, maxGen: 5,
           sideband: {mux: KernelMux, channel: 2, address: "0x4f"},
           pins: {presence: {switch: SW2, gpio: 3}}}
        - {id: 4, switch: SW2, port: 8, width: 16, maxGen: 5}
      i2c:
        muxes:
          - {id: GpuMux1, part: pca9548, bus: 10, address: "0x70"}
          - {id: KernelMux, part: pca9548, bus: 11, address: "0x71", kernelBuses: [30, 31, 32, 33, 34, 35, 36, 37]}
        devices:
          - {id: InletTemp, part: tmp75, bus: 7, address: "0x48", physicalContext: Intake}
          - {id: OutletTemp, part: lm75, mux: KernelMux, channel: 0, address: "0x49", physicalContext: Exhaust}
          - {id: PSU1, part: pmbus-psu, bus: 6, address: "0x58", model: "CRPS 2000W", ratedWatts: 2000}
          - {id: PSU2, part: pmbus-psu, bus: 6, address: "0x59", model: "CRPS 2000W", ratedWatts: 2000}
          - id: FanController
            part: max31790
            bus: 8
            address: "0x20"
            fans:
              - {id: Fan1, channel: 0, maxRpm: 16000}
              - {id: Fan2, channel: 1, maxRpm: 12000}
          - {id: RailSW1, part: ina226, bus: 8, address: "0x40", shuntOhms: 0.0005, maxAmps: 160, feeds: [1, 2]}
          - {id: SlotIo1, part: pca9555, bus: 9, address: "0x20"}
          - {id: ChassisFru, part: fru-eeprom, bus: 1, address: "0x50"}
      powerSupplyRedundancy: {type: NPlusM, minNeeded: 1}
      simulation:
        chassisSerialNumber: "SN-1"
        switches:
          - {switch: SW1, serialNumber: "CHIP-1", firmwareVersion: "1.8.0.88"}
          - {switch: SW2, serialNumber: "CHIP-2", firmwareVersion: "1.8.0.88"}
        gpus:
          - slot: 1
            model: NVIDIA H100 PCIe
            vendorId: "0x10de"
            deviceId: "0x2331"
            subsystemVendorId: "0x10de"
            subsystemId: "0x1626"
            serialNumber: "GPU-A"
            memoryGiB: 80
            tdpWatts: 350
            firmwareVersion: "96.00.30.00.01"
            maxGen: 5
            maxWidth: 16
          - {slot: 3, model: NVIDIA L40S, vendorId: "0x10de", deviceId: "0x26b9", subsystemVendorId: "0x10de",
             subsystemId: "0x1851", serialNumber: "GPU-B", memoryGiB: 48, tdpWatts: 350,
             firmwareVersion: "95.02.66.00.02", maxGen: 4, maxWidth: 16}
      """;

  private BoardYaml() {}

  /** {@link #VALID} with the one occurrence of {@code from} replaced by {@code to}. */
  static String validWith(String from, String to) {
    return replaceOnce(VALID, from, to);
  }

  /** {@code yaml} with the one occurrence of {@code from} replaced; fails if it is not unique. */
  static String replaceOnce(String yaml, String from, String to) {
    int first = yaml.indexOf(from);
    assertTrue(first >= 0, "fixture does not contain: " + from);
    assertEquals(first, yaml.lastIndexOf(from), "fixture contains more than once: " + from);
    return yaml.substring(0, first) + to + yaml.substring(first + from.length());
  }

  /** 1-based line of the one line of {@code yaml} that contains {@code text}. */
  static int lineOf(String yaml, String text) {
    String[] lines = yaml.split("\n", -1);
    int found = 0;
    for (int i = 0; i < lines.length; i++) {
      if (lines[i].contains(text)) {
        assertEquals(0, found, "more than one line contains: " + text);
        found = i + 1;
      }
    }
    assertTrue(found > 0, "no line contains: " + text);
    return found;
  }

  static BoardDescription load(Path dir, String yaml) {
    return BoardDescription.load(write(dir, yaml));
  }

  /** Loads {@code yaml} from a file and returns the exception it must cause. */
  static BoardException loadFails(Path dir, String yaml) {
    Path file = write(dir, yaml);
    return assertThrows(BoardException.class, () -> BoardDescription.load(file));
  }

  /**
   * Asserts that one line of the message is {@code <file>:<line>: <problem>...}: the file, the line
   * and the problem's start (key path and detail; a long detail may be cut short).
   */
  static void assertProblem(BoardException e, int line, String problem) {
    String expected = FILE_NAME + ":" + line + ": " + problem;
    assertTrue(
        e.getMessage()
            .lines()
            .anyMatch(l -> l.contains("/" + expected) && l.startsWith(e.source())),
        () ->
            "expected a message line\n  .../"
                + expected
                + "\nbut the message was\n  "
                + e.getMessage());
  }

  /** As {@link #assertProblem}, at the line of {@code yaml} that contains {@code lineText}. */
  static void assertProblemAt(BoardException e, String yaml, String lineText, String problem) {
    assertProblem(e, lineOf(yaml, lineText), problem);
  }

  static Path write(Path dir, String yaml) {
    try {
      return Files.writeString(dir.resolve(FILE_NAME), yaml);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

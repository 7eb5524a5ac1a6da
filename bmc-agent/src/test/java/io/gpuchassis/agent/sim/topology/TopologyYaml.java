package io.gpuchassis.agent.sim.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A small valid topology as YAML text, and helpers to break it in exactly one place and load it
 * from a file, the way an operator's edit would reach the loader.
 */
final class TopologyYaml {

  /** Name of the file the helpers write; error messages must start with it. */
  static final String FILE_NAME = "bad.yaml";

  /**
   * Two switches joined by one link, two hosts, four slots (GPUs in slots 1 and 3, one written
   * in block style and one in flow style), PSUs and sensors with and without I2C locations.
   */
  static final String VALID = """
      chassis:
        id: GPUChassis
        manufacturer: Test Maker
        model: T-1
        partNumber: "PN-1"
        serialNumber: "SN-1"
        sku: "SKU-1"
      switches:
        - id: SW1
          manufacturer: Broadcom
          model: PEX89144
          vendorId: "0x1000"
          deviceId: "0xc030"
          serialNumber: "CHIP-1"
          firmwareVersion: "1.8.0.88"
          laneCount: 144
          portCount: 72
          maxGen: 5
          i2c: {bus: 2, address: "0x59"}
        - {id: SW2, manufacturer: Broadcom, model: PEX89144, vendorId: "0x1000", deviceId: "0xc030",
           serialNumber: "CHIP-2", firmwareVersion: "1.8.0.88", laneCount: 144, portCount: 72,
           maxGen: 5, i2c: {bus: 3, address: "0x59"}}
      interSwitchLinks:
        - a: {switch: SW1, port: 56, width: 16, maxGen: 5}
          b: {switch: SW2, port: 64, width: 16, maxGen: 5}
      hosts:
        - {id: Host1, switch: SW1, port: 40, width: 16, maxGen: 5}
        - {id: Host2, switch: SW2, port: 40, width: 16, maxGen: 5}
      slots:
        - id: 1
          switch: SW1
          port: 0
          width: 16
          maxGen: 5
          gpu:
            model: NVIDIA H100 PCIe
            manufacturer: NVIDIA
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
        - {id: 2, switch: SW1, port: 8, width: 16, maxGen: 5}
        - {id: 3, switch: SW2, port: 0, width: 16, maxGen: 5,
           gpu: {model: NVIDIA L40S, manufacturer: NVIDIA, vendorId: "0x10de", deviceId: "0x26b9",
                 subsystemVendorId: "0x10de", subsystemId: "0x1851", serialNumber: "GPU-B",
                 memoryGiB: 48, tdpWatts: 350, firmwareVersion: "95.02.66.00.02", maxGen: 4,
                 maxWidth: 16}}
        - {id: 4, switch: SW2, port: 8, width: 16, maxGen: 5}
      fans:
        - {id: Fan1, maxRpm: 16000}
        - {id: Fan2, maxRpm: 16000}
      powerSupplies:
        - {id: PSU1, model: "CRPS 2000W", ratedWatts: 2000, i2c: {bus: 6, address: "0x58"}}
        - {id: PSU2, model: "CRPS 2000W", ratedWatts: 2000}
      powerSupplyRedundancy: {type: NPlusM, minNeeded: 1}
      temperatureSensors:
        - {id: InletTemp, physicalContext: Intake, i2c: {bus: 7, address: "0x48"}}
        - {id: OutletTemp, physicalContext: Exhaust}
      """;

  private TopologyYaml() {}

  /** {@link #VALID} with the one occurrence of {@code from} replaced by {@code to}. */
  static String validWith(String from, String to) {
    return replaceOnce(VALID, from, to);
  }

  /** {@code yaml} with the one occurrence of {@code from} replaced; fails if it is not unique. */
  static String replaceOnce(String yaml, String from, String to) {
    int first = yaml.indexOf(from);
    assertEquals(true, first >= 0, "fixture does not contain: " + from);
    assertEquals(first, yaml.lastIndexOf(from), "fixture contains more than once: " + from);
    return yaml.substring(0, first) + to + yaml.substring(first + from.length());
  }

  /** 1-based line of the one line of {@code yaml} that contains {@code text}. */
  static int lineOf(String yaml, String text) {
    String[] lines = yaml.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      if (lines[i].contains(text)) {
        return i + 1;
      }
    }
    throw new AssertionError("no line contains: " + text);
  }

  static ChassisTopology load(Path dir, String yaml) {
    return ChassisTopology.load(write(dir, yaml));
  }

  /** Loads {@code yaml} from a file and returns the exception it must cause. */
  static TopologyException loadFails(Path dir, String yaml) {
    Path file = write(dir, yaml);
    return assertThrows(TopologyException.class, () -> ChassisTopology.load(file));
  }

  private static Path write(Path dir, String yaml) {
    try {
      return Files.writeString(dir.resolve(FILE_NAME), yaml);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

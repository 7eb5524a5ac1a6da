package io.gpuchassis.switchdrv.transport.inband;

import io.gpuchassis.switchdrv.SwitchException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalInt;

/**
 * What the kernel driver publishes about a node under {@code /sys/class/switchtec/switchtecN/}
 * (reference §1.2; switchtec-user lib/platform/linux.c {@code check_switchtec_device}, {@code
 * get_partition}, {@code linux_get_fw_version}, {@code linux_get_device_version}): the node is a
 * switchtec device when {@code device/switchtec} exists; {@code partition} and {@code
 * partition_count} are decimal, {@code device_version} and {@code fw_version} hexadecimal.
 *
 * @param partition the partition this management endpoint belongs to
 * @param partitionCount partitions on the chip, at least 1
 * @param deviceVersion sys_info.device_version, when the file is present
 * @param fwVersion the running firmware's version word, when the file is present
 */
public record SysfsIdentity(
    int partition, int partitionCount, OptionalInt deviceVersion, OptionalInt fwVersion) {

  /** Reads and checks the attributes in {@code dir} for the node {@code node}. */
  public static SysfsIdentity read(Path dir, Path node) {
    if (!Files.exists(dir.resolve("device").resolve("switchtec"))) {
      throw notSwitchtec(node, dir.resolve("device/switchtec") + " does not exist");
    }
    int partition = decimal(dir, "partition", node);
    int count = decimal(dir, "partition_count", node);
    if (count < 1 || partition < 0 || partition >= count) {
      throw notSwitchtec(
          node, "partition " + partition + " of " + count + " in " + dir + " is not a partition");
    }
    return new SysfsIdentity(partition, count, hex(dir, "device_version"), hex(dir, "fw_version"));
  }

  /** "partition 0 of 1, device version 0x6260 (hypothetical), firmware 6.00 B00A". */
  public String describe() {
    StringBuilder s = new StringBuilder("partition " + partition + " of " + partitionCount);
    deviceVersion.ifPresent(v -> s.append(", device version 0x").append(Integer.toHexString(v)));
    fwVersion.ifPresent(
        v ->
            s.append(
                String.format(
                    ", firmware %x.%02x B%03X", v >>> 24, (v >>> 16) & 0xFF, v & 0xFFFF)));
    return s.toString();
  }

  private static int decimal(Path dir, String name, Path node) {
    String text = text(dir.resolve(name));
    if (text == null) {
      throw notSwitchtec(node, dir.resolve(name) + " cannot be read");
    }
    try {
      return Integer.parseInt(text);
    } catch (NumberFormatException e) {
      throw notSwitchtec(node, dir.resolve(name) + " holds '" + text + "', not a number");
    }
  }

  private static OptionalInt hex(Path dir, String name) {
    String text = text(dir.resolve(name));
    if (text == null) {
      return OptionalInt.empty();
    }
    String digits = text.startsWith("0x") || text.startsWith("0X") ? text.substring(2) : text;
    try {
      return OptionalInt.of((int) Long.parseLong(digits, 16));
    } catch (NumberFormatException e) {
      return OptionalInt.empty(); // informational only, as in the vendor's "unknown"
    }
  }

  private static String text(Path file) {
    try {
      return Files.readString(file, StandardCharsets.US_ASCII).trim();
    } catch (IOException e) {
      return null;
    }
  }

  static SwitchException notSwitchtec(Path node, String why) {
    return new SwitchException(
        SwitchException.Kind.REFUSED,
        node
            + " is not a switchtec device node ("
            + why
            + "); give the kernel switchtec driver's"
            + " /dev/switchtecN");
  }
}

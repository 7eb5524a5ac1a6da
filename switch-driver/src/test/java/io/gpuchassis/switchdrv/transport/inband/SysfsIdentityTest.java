package io.gpuchassis.switchdrv.transport.inband;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.switchdrv.SwitchException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sysfs attributes as the kernel prints them (Documentation/ABI/testing/sysfs-class-switchtec;
 * partition and partition_count decimal, device_version and fw_version hexadecimal) and as
 * switchtec-user reads them (linux.c: strtoll base 10 / base 16, device/switchtec must exist).
 */
class SysfsIdentityTest {

  @TempDir Path dir;

  private void attribute(String name, String value) throws Exception {
    Path p = dir.resolve(name);
    Files.createDirectories(p.getParent());
    Files.writeString(p, value);
  }

  private void switchtecDevice() throws Exception {
    Files.createDirectories(dir.resolve("device/switchtec/switchtec0"));
  }

  @Test
  void reads_partition_and_versions_as_the_kernel_prints_them() throws Exception {
    switchtecDevice();
    attribute("partition", "1\n");
    attribute("partition_count", "2\n");
    attribute("device_version", "100\n");
    attribute("fw_version", "09210003\n");
    SysfsIdentity id = SysfsIdentity.read(dir, Path.of("/dev/switchtec0"));
    assertEquals(1, id.partition());
    assertEquals(2, id.partitionCount());
    assertEquals(0x100, id.deviceVersion().getAsInt());
    assertEquals(0x09210003, id.fwVersion().getAsInt());
    assertEquals("partition 1 of 2, device version 0x100, firmware 9.21 B003", id.describe());
  }

  @Test
  void versions_are_optional_as_in_the_vendor_tool() throws Exception {
    switchtecDevice();
    attribute("partition", "0\n");
    attribute("partition_count", "1\n");
    SysfsIdentity id = SysfsIdentity.read(dir, Path.of("/dev/switchtec0"));
    assertFalse(id.deviceVersion().isPresent());
    assertFalse(id.fwVersion().isPresent());
  }

  @Test
  void a_device_the_switchtec_driver_does_not_own_is_refused() throws Exception {
    attribute("partition", "0\n");
    attribute("partition_count", "1\n");
    SwitchException e =
        assertThrows(SwitchException.class, () -> SysfsIdentity.read(dir, Path.of("/dev/ttyS0")));
    assertEquals(SwitchException.Kind.REFUSED, e.kind());
    assertTrue(
        e.getMessage().contains("/dev/ttyS0 is not a switchtec device node"), e.getMessage());
    assertTrue(e.getMessage().contains("device/switchtec does not exist"), e.getMessage());
  }

  @Test
  void a_missing_or_impossible_partition_is_refused() throws Exception {
    switchtecDevice();
    SwitchException missing =
        assertThrows(
            SwitchException.class, () -> SysfsIdentity.read(dir, Path.of("/dev/switchtec0")));
    assertTrue(missing.getMessage().contains("partition cannot be read"), missing.getMessage());
    attribute("partition", "2\n");
    attribute("partition_count", "2\n");
    SwitchException beyond =
        assertThrows(
            SwitchException.class, () -> SysfsIdentity.read(dir, Path.of("/dev/switchtec0")));
    assertEquals(SwitchException.Kind.REFUSED, beyond.kind());
    assertTrue(beyond.getMessage().contains("partition 2 of 2"), beyond.getMessage());
  }
}

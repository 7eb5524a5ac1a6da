package io.gpuchassis.agent.ethernet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@code ethtool -i} as ethtool prints it ({@code dump_drvinfo}: {@code name: value} lines). */
class NicDriverTest {

  static final String MLX5 =
      """
      driver: mlx5_core
      version: 6.1.0-18-arm64
      firmware-version: 22.39.1002 (MT_0000000359)
      expansion-rom-version:\s
      bus-info: 0000:01:00.1
      supports-statistics: yes
      supports-test: yes
      supports-eeprom-access: no
      supports-register-dump: no
      supports-priv-flags: yes
      """;

  @Test
  void an_mlx5_port_reads_driver_firmware_and_bus() {
    NicDriver d = NicDriver.parse(MLX5).orElseThrow();
    assertEquals("mlx5_core", d.driver());
    assertEquals(Optional.of("6.1.0-18-arm64"), d.version());
    assertEquals(Optional.of("22.39.1002 (MT_0000000359)"), d.firmwareVersion());
    // the value after the first colon, colons and all
    assertEquals(Optional.of("0000:01:00.1"), d.busInfo());
  }

  @Test
  void an_empty_firmware_version_is_absent_and_no_driver_is_nothing() {
    NicDriver d =
        NicDriver.parse(
                "driver: virtio_net\nversion: 1.0.0\nfirmware-version: \nbus-info: 0000:00:03.0\n")
            .orElseThrow();
    assertEquals(Optional.empty(), d.firmwareVersion());
    assertEquals(
        Optional.empty(), NicDriver.parse("Cannot get driver information: No such device"));
    assertEquals(Optional.empty(), NicDriver.parse(""));
  }
}

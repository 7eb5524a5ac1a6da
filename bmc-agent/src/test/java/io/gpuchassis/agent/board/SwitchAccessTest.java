package io.gpuchassis.agent.board;

import static io.gpuchassis.agent.board.BoardYaml.assertProblemAt;
import static io.gpuchassis.agent.board.BoardYaml.load;
import static io.gpuchassis.agent.board.BoardYaml.loadFails;
import static io.gpuchassis.agent.board.BoardYaml.replaceOnce;
import static io.gpuchassis.agent.board.BoardYaml.validWith;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each switch is reached over exactly one transport: I2C, a UART, TCP (MoE) or the kernel's
 * switchtec driver (in-band), each with sane settings.
 */
class SwitchAccessTest {

  private static final String SW2_UART = "uart: {device: /dev/ttyS2}";

  @TempDir Path dir;

  @Test
  void uartBaudMayBeGiven() {
    String yaml = validWith(SW2_UART, "uart: {device: /dev/ttyS2, baud: 115200}");

    assertEquals(
        new UartAccess("/dev/ttyS2", 115_200),
        load(dir, yaml).switchChip("SW2").orElseThrow().access());
  }

  @Test
  void tcpAccessIsRead() {
    String yaml = validWith(SW2_UART, "tcp: {host: 10.0.0.5, port: 54545}");

    assertEquals(
        new TcpAccess("10.0.0.5", 54545), load(dir, yaml).switchChip("SW2").orElseThrow().access());
  }

  @Test
  void tcpPortDefaultsToTheMoePortAndInstanceToZero() {
    String yaml = validWith(SW2_UART, "tcp: {host: 10.0.0.5}");

    assertEquals(
        new TcpAccess("10.0.0.5", 54545, 0),
        load(dir, yaml).switchChip("SW2").orElseThrow().access());
  }

  @Test
  void twoInstancesOfOneMoeEndpointAreTwoChips() {
    String yaml =
        validWith("    i2c: {bus: 2, address: \"0x59\"}\n", "    tcp: {host: 10.0.0.5}\n");
    yaml = replaceOnce(yaml, SW2_UART, "tcp: {host: 10.0.0.5, instance: 1}");

    BoardDescription board = load(dir, yaml);
    assertEquals(
        new TcpAccess("10.0.0.5", 54545, 0), board.switchChip("SW1").orElseThrow().access());
    assertEquals(
        new TcpAccess("10.0.0.5", 54545, 1), board.switchChip("SW2").orElseThrow().access());
    assertEquals(
        "tcp 10.0.0.5:54545 instance 1", board.switchChip("SW2").orElseThrow().access().describe());
  }

  @Test
  void tcpInstanceMustBeZeroOrOne() {
    String yaml = validWith(SW2_UART, "tcp: {host: 10.0.0.5, instance: 2}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "instance: 2",
        "switches[1].tcp.instance: 2 is not a MoE instance; use 0 or 1");
  }

  @Test
  void switchBehindAnAgentDrivenMuxIsRejected() {
    String yaml =
        validWith(
            "i2c: {bus: 2, address: \"0x59\"}",
            "i2c: {mux: GpuMux1, channel: 7, address: \"0x59\"}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "i2c: {mux: GpuMux1, channel: 7",
        "switches[0].i2c.mux: switch SW1"
            + " is behind mux 'GpuMux1', which has no kernelBuses: only GPU sidebands may sit behind a mux the agent"
            + " switches");
  }

  @Test
  void switchWithoutTransportIsRejected() {
    String yaml = validWith(", " + SW2_UART, "");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "{id: SW2",
        "switches[1]: say how the agent reaches the chip's"
            + " management interface: give one of i2c, uart, tcp, inband");
  }

  @Test
  void switchWithTwoTransportsIsRejectedAtTheSecond() {
    String yaml = validWith(SW2_UART, SW2_UART + ",\n     tcp: {host: 10.0.0.5, port: 54545}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "tcp: {host",
        "switches[1].tcp: give only one of i2c, uart, tcp, inband; this switch has uart and tcp");
  }

  @Test
  void uartDeviceMustBeAnAbsolutePath() {
    String yaml = validWith(SW2_UART, "uart: {device: ttyS2}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "ttyS2",
        "switches[1].uart.device: 'ttyS2' is not an absolute device path such as /dev/ttyS2");
  }

  @Test
  void uartBaudMustBePositive() {
    String yaml = validWith(SW2_UART, "uart: {device: /dev/ttyS2, baud: 0}");

    assertProblemAt(
        loadFails(dir, yaml), yaml, "baud: 0", "switches[1].uart.baud: must be 1 or more, got 0");
  }

  @Test
  void tcpPortMustBeAPort() {
    String yaml = validWith(SW2_UART, "tcp: {host: 10.0.0.5, port: 65536}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "65536",
        "switches[1].tcp.port: 65536 is not a TCP port; use 1-65535");
  }

  @Test
  void tcpHostMustNotBeBlank() {
    String yaml = validWith(SW2_UART, "tcp: {host: \" \", port: 54545}");

    assertProblemAt(loadFails(dir, yaml), yaml, "54545", "switches[1].tcp.host: must not be blank");
  }

  @Test
  void twoSwitchesOnOneSerialDeviceAreRejected() {
    String yaml =
        validWith("    i2c: {bus: 2, address: \"0x59\"}\n", "    uart: {device: /dev/ttyS2}\n");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "uart: {device: /dev/ttyS2}}",
        "switches[1].uart.device: serial device /dev/ttyS2 is already used by switches[0]");
  }

  @Test
  void twoSwitchesOnOneTcpEndpointAreRejected() {
    String yaml =
        validWith(
            "    i2c: {bus: 2, address: \"0x59\"}\n", "    tcp: {host: 10.0.0.5, port: 54545}\n");
    yaml = replaceOnce(yaml, SW2_UART, "tcp: {host: 10.0.0.5, port: 54545}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "tcp: {host: 10.0.0.5, port: 54545}}",
        "switches[1].tcp.port: tcp 10.0.0.5:54545 is already used by switches[0]");
  }

  @Test
  void inbandAccessIsRead() {
    String yaml = validWith(SW2_UART, "inband: {device: /dev/switchtec0}");

    assertEquals(
        new InbandAccess("/dev/switchtec0"),
        load(dir, yaml).switchChip("SW2").orElseThrow().access());
    assertEquals(
        "switchtec device /dev/switchtec0", new InbandAccess("/dev/switchtec0").describe());
  }

  @Test
  void inbandDeviceMustBeAnAbsolutePath() {
    String yaml = validWith(SW2_UART, "inband: {device: switchtec0}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "switchtec0}",
        "switches[1].inband.device: 'switchtec0' is not an absolute device path such as"
            + " /dev/switchtec0");
  }

  @Test
  void inbandDeviceMustNotBeBlank() {
    String yaml = validWith(SW2_UART, "inband: {device: \" \"}");

    assertProblemAt(
        loadFails(dir, yaml), yaml, "inband", "switches[1].inband.device: must not be blank");
  }

  @Test
  void inbandBesideAnotherTransportIsRejected() {
    String yaml = validWith(SW2_UART, SW2_UART + ", inband: {device: /dev/switchtec0}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "inband: {device",
        "switches[1].inband: give only one of i2c, uart, tcp, inband; this switch has uart and"
            + " inband");
  }

  @Test
  void twoSwitchesOnOneSwitchtecDeviceAreRejected() {
    String yaml =
        validWith(
            "    i2c: {bus: 2, address: \"0x59\"}\n", "    inband: {device: /dev/switchtec0}\n");
    yaml = replaceOnce(yaml, SW2_UART, "inband: {device: /dev/switchtec0}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "inband: {device: /dev/switchtec0}}",
        "switches[1].inband.device: switchtec device /dev/switchtec0 is already used by"
            + " switches[0]");
  }
}

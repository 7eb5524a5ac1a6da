package io.gpuchassis.agent.board;

import io.gpuchassis.agent.board.BoardDocument.InbandEntry;
import io.gpuchassis.agent.board.BoardDocument.SwitchEntry;
import io.gpuchassis.agent.board.BoardDocument.TcpEntry;
import io.gpuchassis.agent.board.BoardDocument.UartEntry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code switches} section: the chips' own values and how the agent reaches each. Their I2C
 * paths are checked with all other paths by {@link I2cRules}.
 */
final class SwitchRules {

  private static final int MAX_TCP_PORT = 65_535;

  private final Checks checks;
  private final Map<String, KeyPath> transportUsers = new HashMap<>();

  private SwitchRules(Checks checks) {
    this.checks = checks;
  }

  static void check(List<SwitchEntry> switches, Checks checks) {
    KeyPath listAt = KeyPath.of("switches");
    checks.requireNotEmpty(switches, listAt, "switch chip");
    checks.requireUniqueIds(switches, SwitchEntry::id, listAt, "switch");
    SwitchRules rules = new SwitchRules(checks);
    for (int i = 0; i < switches.size(); i++) {
      rules.checkChip(switches.get(i), listAt.index(i));
    }
  }

  private void checkChip(SwitchEntry chip, KeyPath at) {
    checks.requireText(chip.id(), at.key("id"));
    checks.requireText(chip.manufacturer(), at.key("manufacturer"));
    checks.requireText(chip.model(), at.key("model"));
    checks.require16Bit(chip.vendorId(), at.key("vendorId"));
    checks.require16Bit(chip.deviceId(), at.key("deviceId"));
    checks.requirePositive(chip.laneCount(), at.key("laneCount"));
    checks.requirePositive(chip.portCount(), at.key("portCount"));
    checks.requireGeneration(chip.maxGen(), at.key("maxGen"));
    if (chip.logicalBridges() != null
        && (chip.logicalBridges() < 1
            || chip.logicalBridges()
                > io.gpuchassis.agent.chassis.SwitchChip.MAX_LOGICAL_BRIDGES)) {
      checks.problem(
          at.key("logicalBridges"),
          "must be between 1 and "
              + io.gpuchassis.agent.chassis.SwitchChip.MAX_LOGICAL_BRIDGES
              + " (a partition's downstream bridges), got "
              + chip.logicalBridges());
    }
    checkOneTransport(chip, at);
    if (chip.uart() != null) {
      checkUart(chip.uart(), at);
    }
    if (chip.tcp() != null) {
      checkTcp(chip.tcp(), at);
    }
    if (chip.inband() != null) {
      checkInband(chip.inband(), at);
    }
  }

  private void checkOneTransport(SwitchEntry chip, KeyPath at) {
    List<String> given = new ArrayList<>();
    if (chip.i2c() != null) {
      given.add("i2c");
    }
    if (chip.uart() != null) {
      given.add("uart");
    }
    if (chip.tcp() != null) {
      given.add("tcp");
    }
    if (chip.inband() != null) {
      given.add("inband");
    }
    if (given.isEmpty()) {
      checks.problem(
          at,
          "say how the agent reaches the chip's management interface: give one of i2c, uart, tcp, inband");
    } else if (given.size() > 1) {
      checks.problem(
          at.key(given.get(1)),
          "give only one of i2c, uart, tcp, inband; this switch has "
              + String.join(" and ", given));
    }
  }

  private void checkUart(UartEntry uart, KeyPath chipAt) {
    KeyPath at = chipAt.key("uart");
    if (checks.requireText(uart.device(), at.key("device"))) {
      if (!uart.device().startsWith("/")) {
        checks.problem(
            at.key("device"),
            "'" + uart.device() + "' is not an absolute device path such as /dev/ttyS2");
      } else {
        claimTransport("serial device " + uart.device(), at.key("device"), chipAt);
      }
    }
    if (uart.baud() != null) {
      checks.requirePositive(uart.baud(), at.key("baud"));
    }
  }

  private void checkTcp(TcpEntry tcp, KeyPath chipAt) {
    KeyPath at = chipAt.key("tcp");
    boolean hostOk = checks.requireText(tcp.host(), at.key("host"));
    if (hostOk && tcp.host().chars().anyMatch(Character::isWhitespace)) {
      checks.problem(at.key("host"), "'" + tcp.host() + "' is not a host name or address");
      hostOk = false;
    }
    int port = tcp.port() != null ? tcp.port() : TcpAccess.MOE_PORT;
    boolean portOk = port >= 1 && port <= MAX_TCP_PORT;
    if (!portOk) {
      checks.problem(at.key("port"), port + " is not a TCP port; use 1-" + MAX_TCP_PORT);
    }
    int instance = tcp.instance() != null ? tcp.instance() : 0;
    boolean instanceOk = instance == 0 || instance == 1;
    if (!instanceOk) {
      checks.problem(at.key("instance"), instance + " is not a MoE instance; use 0 or 1");
    }
    if (hostOk && portOk && instanceOk) {
      claimTransport(new TcpAccess(tcp.host(), port, instance).describe(), at.key("port"), chipAt);
    }
  }

  private void checkInband(InbandEntry inband, KeyPath chipAt) {
    KeyPath at = chipAt.key("inband");
    if (checks.requireText(inband.device(), at.key("device"))) {
      if (!inband.device().startsWith("/")) {
        checks.problem(
            at.key("device"),
            "'" + inband.device() + "' is not an absolute device path such as /dev/switchtec0");
      } else {
        claimTransport(new InbandAccess(inband.device()).describe(), at.key("device"), chipAt);
      }
    }
  }

  /** Two chips on one serial line or one TCP endpoint would answer each other's commands. */
  private void claimTransport(String transport, KeyPath at, KeyPath chipAt) {
    KeyPath previous = transportUsers.putIfAbsent(transport, chipAt);
    if (previous != null) {
      checks.problem(at, transport + " is already used by " + previous);
    }
  }
}

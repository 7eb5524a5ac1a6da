package io.gpuchassis.agent.network;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One interface's folder under {@code /sys/class/net}. A file that is missing or that the driver
 * refuses to read ({@code speed} answers EINVAL while the link is down) is simply not known.
 */
final class SysfsInterface {

  static final int IFF_UP = 0x1;
  static final int IFF_LOOPBACK = 0x8;

  /**
   * {@code addr_assign_type} NET_ADDR_PERM: the current address is the one the hardware came with.
   */
  private static final int NET_ADDR_PERM = 0;

  private final Path dir;

  SysfsInterface(Path dir) {
    this.dir = dir;
  }

  OptionalInt flags() {
    return read("flags").map(v -> OptionalInt.of(Integer.decode(v))).orElse(OptionalInt.empty());
  }

  OptionalInt ifindex() {
    return integer("ifindex");
  }

  OptionalInt mtu() {
    return integer("mtu");
  }

  /** The speed in Mbit/s; the kernel writes -1 (or refuses) when it does not know it. */
  OptionalInt speedMbps() {
    OptionalInt speed = integer("speed");
    return speed.isPresent() && speed.getAsInt() > 0 ? speed : OptionalInt.empty();
  }

  Optional<String> operstate() {
    return read("operstate");
  }

  /** 1 with carrier, 0 without; unreadable while the interface is administratively down. */
  OptionalInt carrier() {
    return integer("carrier");
  }

  /**
   * The current hardware address, upper case; empty for interfaces without one (all zeros, or not 6
   * bytes).
   */
  Optional<String> address() {
    return read("address").map(String::toUpperCase).filter(MacAddresses::isEthernet);
  }

  boolean addressIsPermanent() {
    OptionalInt type = integer("addr_assign_type");
    return type.isPresent() && type.getAsInt() == NET_ADDR_PERM;
  }

  private OptionalInt integer(String file) {
    try {
      return read(file).map(v -> OptionalInt.of(Integer.parseInt(v))).orElse(OptionalInt.empty());
    } catch (NumberFormatException e) {
      return OptionalInt.empty();
    }
  }

  private Optional<String> read(String file) {
    try {
      return Optional.of(Files.readString(dir.resolve(file)).strip()).filter(v -> !v.isEmpty());
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** Formatting and checking of MAC addresses. */
  static final class MacAddresses {

    private MacAddresses() {}

    static Optional<String> format(byte[] address) {
      if (address == null) {
        return Optional.empty();
      }
      String text = HexFormat.ofDelimiter(":").withUpperCase().formatHex(address);
      return Optional.of(text).filter(MacAddresses::isEthernet);
    }

    static boolean isEthernet(String text) {
      return text.matches("([0-9A-F]{2}:){5}[0-9A-F]{2}") && !text.equals("00:00:00:00:00:00");
    }
  }
}

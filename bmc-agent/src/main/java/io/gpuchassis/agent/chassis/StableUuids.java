package io.gpuchassis.agent.chassis;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Optional;
import java.util.UUID;

/**
 * UUIDs that name a part by what it is, not by when the agent saw it: name-based (RFC 9562 version
 * 5, SHA-1) in this project's namespace, from the serial number the part reports. The same chassis,
 * switch chip or GPU card has the same UUID across restarts, re-discovery and re-installs of the
 * agent, and a different card in the same slot has another one. A part that reports no serial
 * number has none.
 */
public final class StableUuids {

  /** This project's namespace: every UUID here is {@code v5(NAMESPACE, kind + ":" + serial)}. */
  static final UUID NAMESPACE = UUID.fromString("5cf0138a-0a10-4a15-904f-290c01c7d650");

  private StableUuids() {}

  /** The chassis, from its FRU serial number. */
  public static Optional<UUID> chassis(String serialNumber) {
    return of("chassis", serialNumber);
  }

  /** The chassis's PCIe fabric: one per chassis. */
  public static Optional<UUID> fabric(String chassisSerialNumber) {
    return of("fabric", chassisSerialNumber);
  }

  /** A switch chip, from the serial number the chip reports. */
  public static Optional<UUID> switchChip(String serialNumber) {
    return of("switch", serialNumber);
  }

  /** A GPU card, from the serial number its sideband reports. */
  public static Optional<UUID> gpu(String serialNumber) {
    return of("gpu", serialNumber);
  }

  private static Optional<UUID> of(String kind, String serialNumber) {
    if (serialNumber == null || serialNumber.isBlank()) {
      return Optional.empty();
    }
    return Optional.of(v5(NAMESPACE, kind + ":" + serialNumber.strip()));
  }

  /** RFC 9562, 5.5: SHA-1 of the namespace's bytes and the name, with version 5 and the variant. */
  static UUID v5(UUID namespace, String name) {
    try {
      MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
      sha1.update(
          ByteBuffer.allocate(16)
              .putLong(namespace.getMostSignificantBits())
              .putLong(namespace.getLeastSignificantBits())
              .array());
      byte[] hash = sha1.digest(name.getBytes(StandardCharsets.UTF_8));
      hash[6] = (byte) ((hash[6] & 0x0f) | 0x50);
      hash[8] = (byte) ((hash[8] & 0x3f) | 0x80);
      ByteBuffer b = ByteBuffer.wrap(hash, 0, 16);
      return new UUID(b.getLong(), b.getLong());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-1", e);
    }
  }
}

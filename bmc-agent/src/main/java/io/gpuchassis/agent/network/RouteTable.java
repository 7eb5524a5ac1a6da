package io.gpuchassis.agent.network;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The default IPv4 gateways of the kernel's routing table ({@code /proc/net/route}), one per
 * interface. The file holds addresses as hexadecimal words in host byte order; Linux on the ARM and
 * x86 processors we run on is little-endian, so the first byte of the address is the lowest of the
 * word.
 */
final class RouteTable {

  private static final int RTF_UP = 0x1;
  private static final int RTF_GATEWAY = 0x2;

  private RouteTable() {}

  /** Interface name to its default gateway; an absent file (no IPv4) is an empty table. */
  static Map<String, String> defaultGateways(Path procNetRoute) {
    List<String> lines;
    try {
      lines = Files.readAllLines(procNetRoute);
    } catch (NoSuchFileException e) {
      return Map.of();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Map<String, String> gateways = new HashMap<>();
    Map<String, Long> metrics = new HashMap<>();
    for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
      String[] f = line.trim().split("\\s+");
      if (f.length < 8) {
        continue;
      }
      int flags = Integer.parseInt(f[3], 16);
      boolean isDefault = Long.parseLong(f[1], 16) == 0 && Long.parseLong(f[7], 16) == 0;
      if (!isDefault || (flags & RTF_UP) == 0 || (flags & RTF_GATEWAY) == 0) {
        continue;
      }
      long metric = Long.parseLong(f[6]);
      // Several default routes on one interface: the kernel prefers the lowest metric, so do we.
      if (metric < metrics.getOrDefault(f[0], Long.MAX_VALUE)) {
        metrics.put(f[0], metric);
        gateways.put(f[0], dottedQuad(Long.parseLong(f[2], 16)));
      }
    }
    return Map.copyOf(gateways);
  }

  private static String dottedQuad(long littleEndian) {
    return (littleEndian & 0xFF)
        + "."
        + ((littleEndian >> 8) & 0xFF)
        + "."
        + ((littleEndian >> 16) & 0xFF)
        + "."
        + ((littleEndian >> 24) & 0xFF);
  }
}

package io.gpuchassis.agent.ethernet;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads what {@code ethtool -S <if>} prints: a {@code NIC statistics:} heading, then one {@code
 * name: value} line per counter, indented. Values are unsigned 64-bit. Lines that are not a counter
 * are skipped, so a driver's extra headings do no harm.
 */
public final class EthtoolStatistics {

  private EthtoolStatistics() {}

  public static Map<String, Long> parse(String output) {
    Map<String, Long> counters = new LinkedHashMap<>();
    for (String line : output.split("\n")) {
      int colon = line.lastIndexOf(':');
      if (colon <= 0) {
        continue;
      }
      // mlx5 once printed "tx_pause_storm_warning_events " with a trailing space: strip names.
      String name = line.substring(0, colon).strip();
      String value = line.substring(colon + 1).strip();
      if (name.isEmpty() || !value.matches("[0-9]{1,20}")) {
        continue;
      }
      try {
        counters.put(name, Long.parseUnsignedLong(value));
      } catch (NumberFormatException e) {
        // above 2^64 - 1: not a counter ethtool can print
      }
    }
    return counters;
  }
}

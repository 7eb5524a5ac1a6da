package io.gpuchassis.agent.ethernet;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A data-path port's driver and NIC firmware as {@code ethtool -i <if>} prints them ({@code driver:
 * mlx5_core}, {@code version: ...}, {@code firmware-version: 22.39.1002 (MT_0000000359)}, {@code
 * bus-info: 0000:01:00.0}, then the {@code supports-*} lines); a field printed empty is absent.
 */
public record NicDriver(
    String driver,
    Optional<String> version,
    Optional<String> firmwareVersion,
    Optional<String> busInfo) {

  /** The driver and firmware, or empty when ethtool printed no driver line. */
  public static Optional<NicDriver> parse(String output) {
    Map<String, String> fields = new HashMap<>();
    for (String line : output.split("\n")) {
      int colon = line.indexOf(':');
      if (colon > 0) {
        fields.putIfAbsent(line.substring(0, colon).strip(), line.substring(colon + 1).strip());
      }
    }
    String driver = fields.get("driver");
    if (driver == null || driver.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        new NicDriver(
            driver,
            present(fields.get("version")),
            present(fields.get("firmware-version")),
            present(fields.get("bus-info"))));
  }

  private static Optional<String> present(String value) {
    return value == null || value.isEmpty() ? Optional.empty() : Optional.of(value);
  }
}

package io.gpuchassis.sensor.device.fru;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The Board Info Area of a FRU. A field is empty when the area leaves it empty.
 *
 * @param manufactured manufacturing date and time (the FRU stores whole minutes)
 */
public record BoardInfo(
    Optional<Instant> manufactured,
    Optional<String> manufacturer,
    Optional<String> productName,
    Optional<String> serialNumber,
    Optional<String> partNumber) {

  public BoardInfo {
    Objects.requireNonNull(manufactured, "manufactured");
    Objects.requireNonNull(manufacturer, "manufacturer");
    Objects.requireNonNull(productName, "productName");
    Objects.requireNonNull(serialNumber, "serialNumber");
    Objects.requireNonNull(partNumber, "partNumber");
  }
}

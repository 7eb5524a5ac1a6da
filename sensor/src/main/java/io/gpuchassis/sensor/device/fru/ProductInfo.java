package io.gpuchassis.sensor.device.fru;

import java.util.Objects;
import java.util.Optional;

/**
 * The Product Info Area of a FRU. A field is empty when the area leaves it empty.
 *
 * @param partNumber the part / model number
 */
public record ProductInfo(
    Optional<String> manufacturer,
    Optional<String> productName,
    Optional<String> partNumber,
    Optional<String> version,
    Optional<String> serialNumber,
    Optional<String> assetTag) {

  public ProductInfo {
    Objects.requireNonNull(manufacturer, "manufacturer");
    Objects.requireNonNull(productName, "productName");
    Objects.requireNonNull(partNumber, "partNumber");
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(serialNumber, "serialNumber");
    Objects.requireNonNull(assetTag, "assetTag");
  }
}

package io.gpuchassis.sensor.device.fru;

import java.util.Objects;
import java.util.Optional;

/**
 * The inventory part of a FRU: its Board Info and Product Info areas, each empty when the common
 * header says the FRU has none. Internal Use, Chassis Info and MultiRecord areas are not read.
 */
public record FruInfo(Optional<BoardInfo> board, Optional<ProductInfo> product) {

  public FruInfo {
    Objects.requireNonNull(board, "board");
    Objects.requireNonNull(product, "product");
  }
}

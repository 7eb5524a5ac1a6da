package io.gpuchassis.sensor.poll;

import java.util.Objects;

/** A sensor's identity: a chassis-unique id such as {@code "GPU3.Temperature"} and its unit. */
public record SensorDescriptor(String id, SensorUnit unit) {

  public SensorDescriptor {
    Objects.requireNonNull(unit, "unit");
    if (id == null || id.isBlank()) {
      throw new IllegalArgumentException("sensor id must not be blank");
    }
  }
}

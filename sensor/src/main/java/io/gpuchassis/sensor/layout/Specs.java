package io.gpuchassis.sensor.layout;

/** Shared checks for the layout records. */
final class Specs {

  private Specs() {}

  static void requireId(String id) {
    if (id == null || id.isBlank()) {
      throw new IllegalArgumentException("id must not be blank");
    }
  }
}

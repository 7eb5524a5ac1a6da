package io.gpuchassis.redfish.query;

/** Which hyperlinks {@code $expand} replaces with the resources they point to (DSP0266 §7.3.1). */
public enum ExpandScope {
  /** {@code *}: every hyperlink. */
  ALL('*'),
  /**
   * {@code .}: hyperlinks outside the {@code Links} property (subordinate resources, collection
   * members).
   */
  SUBORDINATE('.'),
  /** {@code ~}: hyperlinks inside the {@code Links} property. */
  LINKS('~');

  private final char symbol;

  ExpandScope(char symbol) {
    this.symbol = symbol;
  }

  public char symbol() {
    return symbol;
  }

  /**
   * Whether a hyperlink found inside ({@code inLinks}) or outside a {@code Links} property is
   * expanded.
   */
  public boolean covers(boolean inLinks) {
    return switch (this) {
      case ALL -> true;
      case SUBORDINATE -> !inLinks;
      case LINKS -> inLinks;
    };
  }

  static ExpandScope forSymbol(char symbol) {
    for (ExpandScope scope : values()) {
      if (scope.symbol == symbol) {
        return scope;
      }
    }
    return null;
  }
}

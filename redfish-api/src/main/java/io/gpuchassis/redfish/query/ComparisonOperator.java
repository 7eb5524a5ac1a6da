package io.gpuchassis.redfish.query;

import java.util.Arrays;
import java.util.Optional;

/** The comparison operators of {@code $filter} (DSP0266 §7.3.3), by their keyword. */
public enum ComparisonOperator {
  EQ("eq"),
  NE("ne"),
  GT("gt"),
  GE("ge"),
  LT("lt"),
  LE("le");

  private final String keyword;

  ComparisonOperator(String keyword) {
    this.keyword = keyword;
  }

  public String keyword() {
    return keyword;
  }

  /** {@code eq} and {@code ne}, which bind less tightly than the relational operators. */
  public boolean isEquality() {
    return this == EQ || this == NE;
  }

  /**
   * Whether a comparison of two values with {@link Comparable#compareTo} result {@code order}
   * holds.
   */
  boolean holdsFor(int order) {
    return switch (this) {
      case EQ -> order == 0;
      case NE -> order != 0;
      case GT -> order > 0;
      case GE -> order >= 0;
      case LT -> order < 0;
      case LE -> order <= 0;
    };
  }

  public static Optional<ComparisonOperator> forKeyword(String word) {
    return Arrays.stream(values()).filter(op -> op.keyword.equals(word)).findFirst();
  }
}

package io.gpuchassis.redfish.query;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A parsed {@code $expand}: which hyperlinks, and how many levels deep ({@code $levels}, 1 when not
 * given).
 *
 * @param levels 1 expands the hyperlinks of the requested resource, 2 also those of the resources
 *     expanded, and so on
 */
public record ExpandOption(ExpandScope scope, int levels) {

  static final String PARAMETER = "$expand";
  private static final Pattern FORM = Pattern.compile("([*.~])(?:\\(\\$levels=([0-9]+)\\))?");

  public ExpandOption {
    if (scope == null || levels < 1) {
      throw new IllegalArgumentException("an expansion needs a scope and at least one level");
    }
  }

  /**
   * The option {@code value} spells: {@code *}, {@code .} or {@code ~}, optionally followed by
   * {@code ($levels=N)} with {@code 1 <= N <= maxLevels}.
   */
  static ExpandOption parse(String value, int maxLevels) {
    Matcher m = FORM.matcher(value);
    if (!m.matches()) {
      throw QueryErrors.valueFormat(
          value, PARAMETER, "$expand takes *, . or ~, optionally followed by ($levels=N).");
    }
    ExpandScope scope = ExpandScope.forSymbol(m.group(1).charAt(0));
    if (m.group(2) == null) {
      return new ExpandOption(scope, 1);
    }
    int levels = parseLevels(m.group(2));
    if (levels < 1 || levels > maxLevels) {
      throw QueryErrors.outOfRange(value, PARAMETER, "1-" + maxLevels)
          .withDetail("$levels must be between 1 and " + maxLevels + ".");
    }
    return new ExpandOption(scope, levels);
  }

  private static int parseLevels(String digits) {
    try {
      return Integer.parseInt(digits);
    } catch (NumberFormatException e) {
      return Integer.MAX_VALUE; // more digits than an int holds: out of range, reported as such
    }
  }

  /** The canonical spelling, as the option is repeated in a next link. */
  String toQueryValue() {
    return levels == 1
        ? String.valueOf(scope.symbol())
        : scope.symbol() + "($levels=" + levels + ")";
  }
}

package io.gpuchassis.agent.firmware;

/**
 * Orders the agent's versions as Maven and Debian spell them ({@code 0.2.0}, {@code 0.2.0-rc1},
 * {@code 0.10.1}): part by part at dots and dashes, numbers as numbers, and a version that goes on
 * after another ends (a qualifier such as {@code -SNAPSHOT} or {@code -rc1}) before it.
 */
final class AgentVersions {

  private AgentVersions() {}

  /** Negative, zero or positive as {@code a} is older than, the same as or newer than {@code b}. */
  static int compare(String a, String b) {
    String[] x = a.split("[.-]");
    String[] y = b.split("[.-]");
    for (int i = 0; i < Math.max(x.length, y.length); i++) {
      if (i >= x.length) {
        return numeric(y[i]) ? -1 : 1;
      }
      if (i >= y.length) {
        return numeric(x[i]) ? 1 : -1;
      }
      int c =
          numeric(x[i]) && numeric(y[i])
              ? new java.math.BigInteger(x[i]).compareTo(new java.math.BigInteger(y[i]))
              : x[i].compareTo(y[i]);
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  private static boolean numeric(String part) {
    return !part.isEmpty() && part.chars().allMatch(Character::isDigit);
  }
}

package io.gpuchassis.agent.security;

/**
 * A user name as a client sent it, made fit for the security log: anyone can send any bytes as a
 * user name (a Basic header may hold kilobytes), so the log keeps at most {@link #MAX_LENGTH}
 * characters, with control and other invisible characters shown as {@code ?}.
 */
final class LoggedName {

  /** The longest valid user name; longer ones cannot be an account's. */
  static final int MAX_LENGTH = 32;

  private LoggedName() {}

  static String of(String userName) {
    StringBuilder out = new StringBuilder();
    int[] codePoints = userName.codePoints().toArray();
    for (int i = 0; i < codePoints.length && i < MAX_LENGTH; i++) {
      int c = codePoints[i];
      boolean visible =
          !Character.isISOControl(c)
                  && Character.isDefined(c)
                  && Character.getType(c) != Character.FORMAT
                  && !Character.isWhitespace(c)
              || c == ' ';
      out.appendCodePoint(visible ? c : '?');
    }
    if (codePoints.length > MAX_LENGTH) {
      out.append("...");
    }
    return out.toString();
  }
}

package io.gpuchassis.switchdrv.expether.sim;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;

/** The one account the simulated manager knows, checked against a request's Basic header. */
final class BasicCredentials {

  private final byte[] expected;

  BasicCredentials(String user, String password) {
    this.expected = (user + ":" + password).getBytes(StandardCharsets.UTF_8);
  }

  /** True for {@code Basic base64(user:password)} with this account; constant time on the bytes. */
  boolean accept(String authorization) {
    if (authorization == null || !authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
      return false;
    }
    byte[] given;
    try {
      given = Base64.getDecoder().decode(authorization.substring(6).trim());
    } catch (IllegalArgumentException e) {
      return false;
    }
    return MessageDigest.isEqual(given, expected);
  }
}

package io.gpuchassis.agent.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The SHA-256 of a session token, which is all the agent keeps of it (a token is 32 random bytes,
 * so a plain hash cannot be reversed, and it stays valid across restarts as the stored sessions
 * do). Its first 8 bytes find a session in memory; the whole hash is then compared in constant
 * time. One digest per thread: requests hash on the event loop, without a lookup of the provider.
 */
final class TokenDigest {

  private static final ThreadLocal<MessageDigest> SHA256 =
      ThreadLocal.withInitial(
          () -> {
            try {
              return MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
              throw new IllegalStateException("SHA-256 is missing from this JDK", e);
            }
          });

  private TokenDigest() {}

  static byte[] of(String token) {
    MessageDigest sha256 = SHA256.get();
    sha256.reset();
    return sha256.digest(token.getBytes(StandardCharsets.UTF_8));
  }

  /** The first 8 bytes of {@code digest}, as the key of a session in memory. */
  static long prefix(byte[] digest) {
    long prefix = 0;
    for (int i = 0; i < Long.BYTES; i++) {
      prefix = (prefix << 8) | (digest[i] & 0xff);
    }
    return prefix;
  }

  /** The form the database keeps: lower-case hex. */
  static String hex(byte[] digest) {
    return HexFormat.of().formatHex(digest);
  }

  /**
   * The digest of a stored hex hash.
   *
   * @throws IllegalArgumentException when it is not 32 bytes of hex
   */
  static byte[] parse(String hex) {
    byte[] digest = HexFormat.of().parseHex(hex);
    if (digest.length != 32) {
      throw new IllegalArgumentException("not a SHA-256: " + digest.length + " bytes");
    }
    return digest;
  }
}

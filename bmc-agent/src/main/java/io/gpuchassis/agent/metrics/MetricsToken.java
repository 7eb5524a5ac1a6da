package io.gpuchassis.agent.metrics;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Optional;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The bearer token Prometheus may present for {@code /metrics} alone ({@code Authorization: Bearer
 * ...}, Prometheus's {@code authorization} with {@code credentials_file}), read from a file the
 * operator made. Only a keyed hash of it is kept (HMAC-SHA256 under a key drawn at start), and a
 * presented token is compared by its hash in constant time, so neither the comparison's timing nor
 * a heap dump gives the token away.
 */
public final class MetricsToken {

  /** The shortest token accepted: 32 characters (a 128-bit random value, hex, is 32). */
  static final int MIN_LENGTH = 32;

  private final Mac mac;
  private final byte[] expected;

  private MetricsToken(String token) {
    try {
      byte[] key = new byte[32];
      new SecureRandom().nextBytes(key);
      mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
    }
    expected = hash(token);
  }

  /**
   * The token in {@code file}: its first line, trimmed. Refused when it is shorter than {@value
   * #MIN_LENGTH} characters, or when the file may be read by others than its owner.
   */
  public static Optional<MetricsToken> read(Optional<Path> file) {
    if (file.isEmpty()) {
      return Optional.empty();
    }
    Path path = file.get();
    try {
      Set<PosixFilePermission> modes = Files.getPosixFilePermissions(path);
      if (modes.contains(PosixFilePermission.GROUP_READ)
          || modes.contains(PosixFilePermission.OTHERS_READ)) {
        throw new IllegalArgumentException(
            "metrics.tokenFile " + path + " may be read by others than its owner: chmod 600 it");
      }
      String token = Files.readString(path, StandardCharsets.UTF_8).lines().findFirst().orElse("");
      token = token.trim();
      if (token.length() < MIN_LENGTH) {
        throw new IllegalArgumentException(
            "metrics.tokenFile "
                + path
                + " holds a token of "
                + token.length()
                + " characters; at least "
                + MIN_LENGTH
                + " are needed (openssl rand -hex 32 makes one)");
      }
      return Optional.of(new MetricsToken(token));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read metrics.tokenFile " + path + ": " + e, e);
    }
  }

  /** Whether {@code presented} is the token. */
  public boolean matches(String presented) {
    return MessageDigest.isEqual(expected, hash(presented));
  }

  private synchronized byte[] hash(String token) {
    return mac.doFinal(token.getBytes(StandardCharsets.UTF_8));
  }
}

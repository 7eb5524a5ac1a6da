package io.gpuchassis.agent.security;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * Hashes passwords with PBKDF2-HMAC-SHA256 (NIST SP 800-132, in every JDK) and a random 16-byte salt. The stored form
 * {@code pbkdf2-sha256$ITERATIONS$SALT$HASH} names its parameters, so the cost can be raised later while old hashes
 * still verify. Hashing is deliberately slow (tens to hundreds of milliseconds): call it off the event loop.
 */
public final class PasswordHasher {

  /** OWASP's 2023 guidance for PBKDF2-HMAC-SHA256 is 600,000; we trade some of it for login latency on small ARM boards. */
  public static final int DEFAULT_ITERATIONS = 310_000;

  private static final String SCHEME = "pbkdf2-sha256";
  private static final int SALT_BYTES = 16;
  private static final int HASH_BITS = 256;

  private final SecureRandom random = new SecureRandom();
  private final int iterations;

  public PasswordHasher() {
    this(DEFAULT_ITERATIONS);
  }

  public PasswordHasher(int iterations) {
    this.iterations = iterations;
  }

  public String hash(String password) {
    byte[] salt = new byte[SALT_BYTES];
    random.nextBytes(salt);
    byte[] hash = derive(password, salt, iterations);
    Base64.Encoder b64 = Base64.getEncoder().withoutPadding();
    return SCHEME + "$" + iterations + "$" + b64.encodeToString(salt) + "$" + b64.encodeToString(hash);
  }

  /** Whether {@code password} matches {@code stored}; a malformed stored hash never matches. */
  public boolean verify(String password, String stored) {
    String[] parts = stored.split("\\$");
    if (parts.length != 4 || !parts[0].equals(SCHEME)) {
      return false;
    }
    try {
      int storedIterations = Integer.parseInt(parts[1]);
      byte[] salt = Base64.getDecoder().decode(parts[2]);
      byte[] expected = Base64.getDecoder().decode(parts[3]);
      return MessageDigest.isEqual(expected, derive(password, salt, storedIterations));
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  private static byte[] derive(String password, byte[] salt, int iterations) {
    PBEKeySpec spec = new PBEKeySpec(password.toCharArray(), salt, iterations, HASH_BITS);
    try {
      return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("PBKDF2WithHmacSHA256 is missing from this JDK", e);
    } finally {
      spec.clearPassword();
    }
  }
}

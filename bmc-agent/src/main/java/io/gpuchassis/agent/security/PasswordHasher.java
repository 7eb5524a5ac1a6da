package io.gpuchassis.agent.security;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * Hashes passwords with PBKDF2-HMAC-SHA256 (NIST SP 800-132, in every JDK) and a random 16-byte
 * salt. The stored form {@code pbkdf2-sha256$ITERATIONS$SALT$HASH} names its parameters, so the
 * cost can be raised later while old hashes still verify. Hashing is deliberately slow (tens to
 * hundreds of milliseconds): call it off the event loop.
 */
public final class PasswordHasher {

  /**
   * OWASP's 2023 guidance for PBKDF2-HMAC-SHA256 is 600,000; we trade some of it for login latency
   * on small ARM boards.
   */
  public static final int DEFAULT_ITERATIONS = 310_000;

  private static final String SCHEME = "pbkdf2-sha256";
  private static final int SALT_BYTES = 16;
  private static final int HASH_BITS = 256;
  private static final byte[] PADDING_SALT = new byte[SALT_BYTES];

  private final SecureRandom random = new SecureRandom();
  private final int iterations;

  /**
   * At the agent's cost, {@link #DEFAULT_ITERATIONS}: the only hasher code outside this package can
   * make.
   */
  public PasswordHasher() {
    this(DEFAULT_ITERATIONS);
  }

  /**
   * At another cost. Package-private on purpose: no configuration key, system property or public
   * API lowers the agent's cost; the only cheaper hashers are made by the tests (the test sources'
   * {@code TestPasswordHashing}) and by stored hashes of an older cost, which are padded (see
   * docs/SECURITY.md).
   */
  PasswordHasher(int iterations) {
    if (iterations < 1) {
      throw new IllegalArgumentException("PBKDF2 needs at least one iteration: " + iterations);
    }
    this.iterations = iterations;
  }

  public String hash(String password) {
    byte[] salt = new byte[SALT_BYTES];
    random.nextBytes(salt);
    byte[] hash = derive(password, salt, iterations);
    Base64.Encoder b64 = Base64.getEncoder().withoutPadding();
    return SCHEME
        + "$"
        + iterations
        + "$"
        + b64.encodeToString(salt)
        + "$"
        + b64.encodeToString(hash);
  }

  /** The cost of new hashes, in PBKDF2 iterations. */
  public int iterations() {
    return iterations;
  }

  /** Whether {@code password} matches {@code stored}; a malformed stored hash never matches. */
  public boolean verify(String password, String stored) {
    return verify(password, stored, 0);
  }

  /**
   * Whether {@code password} matches {@code stored}, spending at least {@code minimumIterations}
   * PBKDF2 iterations whatever {@code stored} is: a cheaper (older, or malformed) hash is padded
   * with throw-away iterations, so that how long a check takes says nothing about whose hash was
   * checked.
   */
  public boolean verify(String password, String stored, int minimumIterations) {
    Parsed parsed = parse(stored);
    boolean matches = false;
    int spent = 0;
    if (parsed != null) {
      matches =
          MessageDigest.isEqual(
              parsed.hash(), derive(password, parsed.salt(), parsed.iterations()));
      spent = parsed.iterations();
    }
    if (spent < minimumIterations) {
      derive(password, PADDING_SALT, minimumIterations - spent);
    }
    return matches;
  }

  /** The iterations {@code stored} was made with; 0 when it is malformed. */
  public static int costOf(String stored) {
    Parsed parsed = parse(stored);
    return parsed == null ? 0 : parsed.iterations();
  }

  private static Parsed parse(String stored) {
    String[] parts = stored.split("\\$");
    if (parts.length != 4 || !parts[0].equals(SCHEME)) {
      return null;
    }
    try {
      int storedIterations = Integer.parseInt(parts[1]);
      if (storedIterations < 1) {
        return null;
      }
      return new Parsed(
          storedIterations,
          Base64.getDecoder().decode(parts[2]),
          Base64.getDecoder().decode(parts[3]));
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private record Parsed(int iterations, byte[] salt, byte[] hash) {}

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

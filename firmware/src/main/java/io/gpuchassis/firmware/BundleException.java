package io.gpuchassis.firmware;

/** Why a bundle was refused; {@link #getMessage()} is a one-line reason fit to show an operator. */
public final class BundleException extends Exception {

  private static final long serialVersionUID = 1L;

  /** The kinds of refusal. */
  public enum Reason {
    /** Not a bundle: wrong magic, truncated, trailing bytes, bad key id, or an invalid manifest. */
    MALFORMED,
    /** A declared length (or an upload) is over its limit. */
    TOO_LARGE,
    /** Signed under a key id that is not among the trusted keys. */
    UNTRUSTED_KEY,
    /** The signature does not verify with the named trusted key. */
    BAD_SIGNATURE,
    /** Correctly signed, but the payload's SHA-256 differs from the manifest's PayloadSha256. */
    DIGEST_MISMATCH,
    /** The staging file system has not enough free space for the upload. */
    NO_SPACE
  }

  private final Reason reason;

  public BundleException(Reason reason, String message) {
    super(message);
    if (reason == null) {
      throw new IllegalArgumentException("reason must not be null");
    }
    this.reason = reason;
  }

  public Reason reason() {
    return reason;
  }
}

package io.gpuchassis.firmware;

/**
 * A bundle whose signature verified against a trusted key and whose payload matches the manifest's
 * digest.
 *
 * @param manifest the signed manifest
 * @param payload the payload, exactly as signed (for a switch: the vendor's image file, untouched)
 * @param keyId the id of the trusted key that signed it
 */
public record VerifiedBundle(BundleManifest manifest, byte[] payload, String keyId) {

  /**
   * Whether the manifest's Compatible list contains {@code identity}, ignoring case; false for
   * null.
   */
  public boolean compatibleWith(String identity) {
    return listed(manifest, identity);
  }

  /** Whether {@code manifest}'s Compatible list contains {@code identity}, ignoring case. */
  static boolean listed(BundleManifest manifest, String identity) {
    if (identity == null) {
      return false;
    }
    for (String c : manifest.compatible()) {
      if (c.equalsIgnoreCase(identity)) {
        return true;
      }
    }
    return false;
  }

  @Override
  public String toString() {
    return "VerifiedBundle[manifest="
        + manifest
        + ", payload="
        + payload.length
        + " bytes, keyId="
        + keyId
        + "]";
  }
}

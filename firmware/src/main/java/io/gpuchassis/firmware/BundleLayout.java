package io.gpuchassis.firmware;

/**
 * How a bundle's signature covers its payload (firmware/README.md, "Bundle format").
 *
 * <p>The JDK's Ed25519 {@code Signature} keeps the whole signed message in memory (pure Ed25519
 * hashes it twice), so a signature over a 30 MB payload needs that much heap: too much for the
 * agent's own software on a board with a 40 MB heap. {@link #SIGNED_MANIFEST} signs the manifest
 * instead, whose {@code PayloadSha256} binds the payload, checked while streaming it (as RAUC signs
 * a manifest of hashes).
 */
public enum BundleLayout {
  /** Magic {@code GCFWBNDL}: the signature covers the header, manifest and payload. */
  SIGNED_PAYLOAD("GCFWBNDL"),
  /**
   * Magic {@code GCFWBND2}: the signature covers the header and manifest; the payload follows the
   * signature, bound by the manifest's digest.
   */
  SIGNED_MANIFEST("GCFWBND2");

  private final String magic;

  BundleLayout(String magic) {
    this.magic = magic;
  }

  /** The eight ASCII bytes a bundle of this layout starts with. */
  public String magic() {
    return magic;
  }
}

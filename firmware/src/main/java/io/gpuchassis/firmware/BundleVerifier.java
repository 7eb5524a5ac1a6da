package io.gpuchassis.firmware;

import io.gpuchassis.firmware.BundleException.Reason;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.security.Signature;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * Checks a bundle file (format in firmware/README.md) against the trusted keys.
 *
 * <p>Order: the structure (magic, lengths, key id, no trailing bytes), then that the key id is
 * trusted, then the signature, then the manifest JSON, then the payload digest. The manifest is
 * parsed only once the signature has verified. The file is read front to back, never past a
 * declared length; besides the payload the verifier holds only the header, the manifest (at most 64
 * KiB), the key id and the signature.
 */
public final class BundleVerifier {

  private final TrustedKeys keys;

  public BundleVerifier(TrustedKeys keys) {
    if (keys == null) {
      throw new IllegalArgumentException("keys must not be null");
    }
    this.keys = keys;
  }

  /**
   * Verifies {@code bundleFile}.
   *
   * @throws BundleException when the bundle is refused (see {@link Reason})
   * @throws IOException when the file cannot be read
   */
  public VerifiedBundle verify(Path bundleFile) throws BundleException, IOException {
    if (layoutOf(bundleFile) == BundleLayout.SIGNED_MANIFEST) {
      return verifyInPlace(bundleFile).load();
    }
    long fileSize = Files.size(bundleFile);
    try (InputStream in = new BufferedInputStream(Files.newInputStream(bundleFile), 64 * 1024)) {
      Header h = readHeader(in, fileSize);
      byte[] manifestBytes = readExactly(in, (int) h.manifestLength, "manifest");
      byte[] payload = readExactly(in, (int) h.payloadLength, "payload");
      Signed signed = readSignature(in);
      if (in.read() != -1) {
        throw new BundleException(Reason.MALFORMED, "bundle has bytes after the signature");
      }
      PublicKey key = trusted(signed.keyId);
      if (!signatureVerifies(key, signed.signature, h.bytes, manifestBytes, payload)) {
        throw badSignature(signed.keyId);
      }
      BundleManifest manifest = BundleFormat.decodeManifest(manifestBytes);
      MessageDigest sha = BundleFormat.sha256();
      checkDigest(manifest, sha.digest(payload));
      return new VerifiedBundle(manifest, payload, signed.keyId);
    }
  }

  /**
   * Verifies a {@link BundleLayout#SIGNED_MANIFEST} bundle where it lies: the structure, the key,
   * the signature over the header and manifest, the manifest, then the payload's digest while
   * streaming it. Holds no more than the header, manifest, key id and signature in memory, whatever
   * the payload's size.
   *
   * @throws BundleException as {@link #verify}, and {@code MALFORMED} for a bundle of the other
   *     layout (its signature covers the payload, which would have to be held in memory)
   * @throws IOException when the file cannot be read
   */
  public VerifiedFile verifyInPlace(Path bundleFile) throws BundleException, IOException {
    long fileSize = Files.size(bundleFile);
    try (InputStream in = new BufferedInputStream(Files.newInputStream(bundleFile), 64 * 1024)) {
      Header h = readHeader(in, fileSize);
      if (h.layout != BundleLayout.SIGNED_MANIFEST) {
        throw new BundleException(
            Reason.MALFORMED,
            "bundle is of the layout whose signature covers the payload ("
                + h.layout.magic()
                + "); this one must be signed with the manifest-signed layout ("
                + BundleLayout.SIGNED_MANIFEST.magic()
                + ", BundleSigner sign --layout manifest)");
      }
      byte[] manifestBytes = readExactly(in, (int) h.manifestLength, "manifest");
      Signed signed = readSignature(in);
      long payloadOffset =
          BundleFormat.HEADER_LENGTH
              + h.manifestLength
              + 2
              + signed.keyId.length()
              + BundleFormat.SIGNATURE_LENGTH;
      if (fileSize != payloadOffset + h.payloadLength) {
        throw fileSize < payloadOffset + h.payloadLength
            ? truncated("it ends inside the payload")
            : new BundleException(Reason.MALFORMED, "bundle has bytes after the payload");
      }
      PublicKey key = trusted(signed.keyId);
      if (!signatureVerifies(key, signed.signature, h.bytes, manifestBytes)) {
        throw badSignature(signed.keyId);
      }
      BundleManifest manifest = BundleFormat.decodeManifest(manifestBytes);
      MessageDigest sha = BundleFormat.sha256();
      byte[] buffer = new byte[64 * 1024];
      long left = h.payloadLength;
      while (left > 0) {
        int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
        if (n < 0) {
          throw truncated("it ends inside the payload");
        }
        sha.update(buffer, 0, n);
        left -= n;
      }
      checkDigest(manifest, sha.digest());
      return new VerifiedFile(manifest, signed.keyId, bundleFile, payloadOffset, h.payloadLength);
    }
  }

  /** The layout a bundle file's magic names; MALFORMED when it names none. */
  public static BundleLayout layoutOf(Path bundleFile) throws BundleException, IOException {
    try (InputStream in = Files.newInputStream(bundleFile)) {
      return layoutOf(in.readNBytes(8));
    }
  }

  private static BundleLayout layoutOf(byte[] start) throws BundleException {
    if (start.length < 8 && startsAMagic(start)) {
      throw truncated("it ends inside the header");
    }
    for (BundleLayout layout : BundleLayout.values()) {
      if (start.length >= 8 && Arrays.equals(start, 0, 8, BundleFormat.magic(layout), 0, 8)) {
        return layout;
      }
    }
    throw new BundleException(
        Reason.MALFORMED,
        "not a firmware bundle (the file does not start with GCFWBNDL or GCFWBND2)");
  }

  private static boolean startsAMagic(byte[] start) {
    for (BundleLayout layout : BundleLayout.values()) {
      if (Arrays.equals(start, 0, start.length, BundleFormat.magic(layout), 0, start.length)) {
        return true;
      }
    }
    return false;
  }

  /** The header's layout, its bytes (signed) and its lengths, checked against the limits. */
  private record Header(
      BundleLayout layout, byte[] bytes, long manifestLength, long payloadLength) {}

  private static Header readHeader(InputStream in, long fileSize)
      throws BundleException, IOException {
    byte[] header = new byte[BundleFormat.HEADER_LENGTH];
    int got = in.readNBytes(header, 0, header.length);
    BundleLayout layout = layoutOf(Arrays.copyOf(header, got));
    if (got != header.length) {
      throw truncated("it ends inside the header");
    }
    long manifestLength = u32(header, 8);
    long payloadLength = u32(header, 12);
    if (manifestLength == 0) {
      throw new BundleException(Reason.MALFORMED, "bundle manifest is empty");
    }
    if (manifestLength > BundleFormat.MAX_MANIFEST) {
      throw new BundleException(
          Reason.TOO_LARGE,
          "bundle manifest declares "
              + manifestLength
              + " bytes, over the limit of "
              + BundleFormat.MAX_MANIFEST);
    }
    if (payloadLength > BundleFormat.MAX_PAYLOAD) {
      throw new BundleException(
          Reason.TOO_LARGE,
          "bundle payload declares "
              + payloadLength
              + " bytes, over the limit of "
              + BundleFormat.MAX_PAYLOAD
              + " (64 MiB)");
    }
    // Refuse a file too short for its declared lengths before allocating the payload buffer.
    long minimum =
        BundleFormat.HEADER_LENGTH
            + manifestLength
            + payloadLength
            + 2
            + 1
            + BundleFormat.SIGNATURE_LENGTH;
    if (fileSize < minimum) {
      throw truncated(
          "the declared lengths need at least " + minimum + " bytes, the file has " + fileSize);
    }
    return new Header(layout, header, manifestLength, payloadLength);
  }

  private record Signed(String keyId, byte[] signature) {}

  /** The key id length, key id and signature. */
  private static Signed readSignature(InputStream in) throws BundleException, IOException {
    byte[] keyIdLength = readExactly(in, 2, "key id length");
    int k = ((keyIdLength[0] & 0xff) << 8) | (keyIdLength[1] & 0xff);
    if (k < 1 || k > BundleFormat.MAX_KEY_ID) {
      throw new BundleException(
          Reason.MALFORMED,
          "bundle key id length " + k + " is outside 1.." + BundleFormat.MAX_KEY_ID);
    }
    byte[] keyIdBytes = readExactly(in, k, "key id");
    String keyId = new String(keyIdBytes, StandardCharsets.ISO_8859_1);
    String problem = BundleFormat.keyIdProblem(keyId);
    if (problem != null) {
      throw new BundleException(Reason.MALFORMED, "bundle " + problem);
    }
    return new Signed(keyId, readExactly(in, BundleFormat.SIGNATURE_LENGTH, "signature"));
  }

  private PublicKey trusted(String keyId) throws BundleException {
    return keys.find(keyId)
        .orElseThrow(
            () ->
                new BundleException(
                    Reason.UNTRUSTED_KEY,
                    "bundle is signed with key '"
                        + keyId
                        + "', which is not a trusted key"
                        + (keys.isEmpty()
                            ? " (no keys are trusted)"
                            : " (trusted: " + String.join(", ", keys.ids()) + ")")));
  }

  private static BundleException badSignature(String keyId) {
    return new BundleException(
        Reason.BAD_SIGNATURE, "bundle signature does not verify with trusted key '" + keyId + "'");
  }

  private static void checkDigest(BundleManifest manifest, byte[] actual) throws BundleException {
    byte[] declared = HexFormat.of().parseHex(manifest.payloadSha256());
    if (!MessageDigest.isEqual(actual, declared)) {
      throw new BundleException(
          Reason.DIGEST_MISMATCH,
          "bundle payload SHA-256 "
              + HexFormat.of().formatHex(actual)
              + " does not match the manifest's "
              + manifest.payloadSha256().toLowerCase(java.util.Locale.ROOT));
    }
  }

  private static boolean signatureVerifies(PublicKey key, byte[] signature, byte[]... signed) {
    try {
      Signature verifier = Signature.getInstance(BundleFormat.ALGORITHM);
      verifier.initVerify(key);
      for (byte[] part : signed) {
        verifier.update(part);
      }
      return verifier.verify(signature);
    } catch (java.security.SignatureException e) {
      return false;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Ed25519 verification is unavailable: " + e.getMessage(), e);
    }
  }

  private static byte[] readExactly(InputStream in, int n, String what)
      throws IOException, BundleException {
    byte[] buf = new byte[n];
    int got = in.readNBytes(buf, 0, n);
    if (got != n) {
      throw truncated("it ends inside the " + what);
    }
    return buf;
  }

  private static BundleException truncated(String detail) {
    return new BundleException(Reason.MALFORMED, "bundle is truncated: " + detail);
  }

  private static long u32(byte[] b, int off) {
    return ((long) (b[off] & 0xff) << 24)
        | ((b[off + 1] & 0xff) << 16)
        | ((b[off + 2] & 0xff) << 8)
        | (b[off + 3] & 0xff);
  }
}

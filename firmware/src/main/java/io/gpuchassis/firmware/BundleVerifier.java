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
    long fileSize = Files.size(bundleFile);
    try (InputStream in = new BufferedInputStream(Files.newInputStream(bundleFile), 64 * 1024)) {
      byte[] header = readExactly(in, BundleFormat.HEADER_LENGTH, "header");
      if (!Arrays.equals(header, 0, 8, BundleFormat.MAGIC, 0, 8)) {
        throw new BundleException(
            Reason.MALFORMED, "not a firmware bundle (the file does not start with GCFWBNDL)");
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
      byte[] manifestBytes = readExactly(in, (int) manifestLength, "manifest");
      byte[] payload = readExactly(in, (int) payloadLength, "payload");
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
      byte[] signature = readExactly(in, BundleFormat.SIGNATURE_LENGTH, "signature");
      if (in.read() != -1) {
        throw new BundleException(Reason.MALFORMED, "bundle has bytes after the signature");
      }

      PublicKey key =
          keys.find(keyId)
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
      if (!signatureVerifies(key, signature, header, manifestBytes, payload)) {
        throw new BundleException(
            Reason.BAD_SIGNATURE,
            "bundle signature does not verify with trusted key '" + keyId + "'");
      }

      BundleManifest manifest = BundleFormat.decodeManifest(manifestBytes);
      MessageDigest sha = BundleFormat.sha256();
      byte[] actual = sha.digest(payload);
      byte[] declared = HexFormat.of().parseHex(manifest.payloadSha256());
      if (!MessageDigest.isEqual(actual, declared)) {
        throw new BundleException(
            Reason.DIGEST_MISMATCH,
            "bundle payload SHA-256 "
                + HexFormat.of().formatHex(actual)
                + " does not match the manifest's "
                + manifest.payloadSha256().toLowerCase(java.util.Locale.ROOT));
      }
      return new VerifiedBundle(manifest, payload, keyId);
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

package io.gpuchassis.firmware;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Signature;
import java.util.List;

/**
 * Builds bundles byte by byte, independently of BundleSigner, so tests can sign contents the signer
 * never would.
 */
final class TestBundles {

  static final BundleManifest SWITCH =
      new BundleManifest(
          "pcie-switch", "4.70.0.12", List.of("11f8:4000", "11f8:4028"), "PM40100 firmware", null);

  private TestBundles() {}

  static byte[] header(byte[] magic, long manifestLength, long payloadLength) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(magic);
    u32(out, manifestLength);
    u32(out, payloadLength);
    return out.toByteArray();
  }

  /**
   * magic, lengths, manifest, payload, key id, and an Ed25519 signature by {@code key} over the
   * first four.
   */
  static byte[] assemble(String manifestJson, byte[] payload, String keyId, PrivateKey key) {
    byte[] manifest = manifestJson.getBytes(StandardCharsets.UTF_8);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(
        header("GCFWBNDL".getBytes(StandardCharsets.US_ASCII), manifest.length, payload.length));
    out.writeBytes(manifest);
    out.writeBytes(payload);
    byte[] signed = out.toByteArray();
    byte[] id = keyId.getBytes(StandardCharsets.US_ASCII);
    out.write(id.length >>> 8);
    out.write(id.length);
    out.writeBytes(id);
    out.writeBytes(signature(signed, key));
    return out.toByteArray();
  }

  static byte[] signature(byte[] signed, PrivateKey key) {
    try {
      Signature s = Signature.getInstance("Ed25519");
      s.initSign(key);
      s.update(signed);
      return s.sign();
    } catch (GeneralSecurityException e) {
      throw new AssertionError(e);
    }
  }

  static void u32(ByteArrayOutputStream out, long v) {
    out.write((int) (v >>> 24));
    out.write((int) (v >>> 16));
    out.write((int) (v >>> 8));
    out.write((int) v);
  }
}

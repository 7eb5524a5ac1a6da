package io.gpuchassis.firmware;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.firmware.BundleException.Reason;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The manifest-signed layout ({@code GCFWBND2}): verified in place, the payload streamed. */
class ManifestSignedBundleTest {

  private static final KeyPair VENDOR = BundleSigner.generateKeyPair();
  private static final BundleManifest AGENT =
      new BundleManifest("agent", "0.2.0", List.of("bmc-agent"), "the agent", null);

  @TempDir Path tmp;

  private final BundleVerifier verifier =
      new BundleVerifier(TrustedKeys.of(Map.of("vendor", VENDOR.getPublic())));

  private static byte[] payload(int n) {
    byte[] p = new byte[n];
    for (int i = 0; i < n; i++) {
      p[i] = (byte) (i * 17 + 3);
    }
    return p;
  }

  private Path write(byte[] bytes) throws IOException {
    Path f = Files.createTempFile(tmp, "b", ".fwb");
    Files.write(f, bytes);
    return f;
  }

  private byte[] signed(byte[] payload) {
    return BundleSigner.sign(
        AGENT, payload, "vendor", VENDOR.getPrivate(), BundleLayout.SIGNED_MANIFEST);
  }

  @Test
  void verified_in_place_the_payload_is_read_from_the_file_where_the_manifest_says()
      throws Exception {
    byte[] payload = payload(300_000);
    Path file = write(signed(payload));
    assertEquals(BundleLayout.SIGNED_MANIFEST, BundleVerifier.layoutOf(file));
    VerifiedFile checked = verifier.verifyInPlace(file);
    assertEquals("agent", checked.manifest().component());
    assertEquals(payload.length, checked.payloadLength());
    assertTrue(checked.compatibleWith("BMC-AGENT"));
    try (InputStream in = checked.openPayload()) {
      assertArrayEquals(payload, in.readAllBytes());
    }
    // the whole-bundle verifier reads this layout too
    assertArrayEquals(payload, verifier.verify(file).payload());
  }

  @Test
  void the_signature_covers_the_header_and_manifest_and_ends_before_the_payload() throws Exception {
    byte[] bundle = signed(payload(1000));
    String magic = new String(bundle, 0, 8, StandardCharsets.US_ASCII);
    assertEquals("GCFWBND2", magic);
    // a changed manifest byte breaks the signature
    byte[] manifestFlipped = bundle.clone();
    manifestFlipped[20] ^= 0x01;
    assertRefused(manifestFlipped, Reason.BAD_SIGNATURE);
    // a changed payload byte leaves the signature good and fails the digest
    byte[] payloadFlipped = bundle.clone();
    payloadFlipped[bundle.length - 10] ^= 0x01;
    assertRefused(payloadFlipped, Reason.DIGEST_MISMATCH);
  }

  @Test
  void a_short_or_long_file_is_refused_before_the_signature_is_checked() throws Exception {
    byte[] bundle = signed(payload(1000));
    assertRefused(Arrays.copyOf(bundle, bundle.length - 1), Reason.MALFORMED);
    assertRefused(Arrays.copyOf(bundle, bundle.length + 1), Reason.MALFORMED);
  }

  @Test
  void a_bundle_signed_over_its_payload_is_not_verified_in_place() throws Exception {
    Path file = write(BundleSigner.sign(AGENT, payload(100), "vendor", VENDOR.getPrivate()));
    BundleException e = assertThrows(BundleException.class, () -> verifier.verifyInPlace(file));
    assertEquals(Reason.MALFORMED, e.reason());
    assertTrue(e.getMessage().contains("--layout manifest"), e.getMessage());
  }

  @Test
  void the_payload_stream_ends_where_the_payload_ends() throws Exception {
    Path file = write(signed(payload(1000)));
    VerifiedFile checked = verifier.verifyInPlace(file);
    try (InputStream in = checked.openPayload()) {
      assertEquals(1000, in.readAllBytes().length);
      assertEquals(-1, in.read());
    }
  }

  private void assertRefused(byte[] bundle, Reason reason) throws IOException {
    Path f = write(bundle);
    BundleException e = assertThrows(BundleException.class, () -> verifier.verifyInPlace(f));
    assertEquals(reason, e.reason(), e.getMessage());
  }
}

package io.gpuchassis.firmware;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.firmware.BundleException.Reason;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BundleVerifierTest {

  private static final KeyPair VENDOR = BundleSigner.generateKeyPair();
  private static final KeyPair OTHER = BundleSigner.generateKeyPair();
  private static final byte[] PAYLOAD = payload(10_000);

  @TempDir Path tmp;

  private final BundleVerifier verifier =
      new BundleVerifier(
          TrustedKeys.of(Map.of("vendor-2026", VENDOR.getPublic(), "other", OTHER.getPublic())));

  private static byte[] payload(int n) {
    byte[] p = new byte[n];
    p[0] = 'M';
    p[1] = 'S';
    p[2] = 'C';
    p[3] = 'C';
    for (int i = 4; i < n; i++) {
      p[i] = (byte) (i * 31 + 7);
    }
    return p;
  }

  private byte[] good() {
    return BundleSigner.sign(TestBundles.SWITCH, PAYLOAD, "vendor-2026", VENDOR.getPrivate());
  }

  private Path write(byte[] bytes) throws IOException {
    Path f = Files.createTempFile(tmp, "b", ".fwb");
    Files.write(f, bytes);
    return f;
  }

  private BundleException refused(byte[] bytes, Reason reason) throws IOException {
    Path f = write(bytes);
    BundleException e = assertThrows(BundleException.class, () -> verifier.verify(f));
    assertEquals(reason, e.reason(), e.getMessage());
    assertFalse(e.getMessage().isBlank());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
    return e;
  }

  @Test
  void roundTrip() throws Exception {
    VerifiedBundle b = verifier.verify(write(good()));
    assertArrayEquals(PAYLOAD, b.payload());
    assertEquals("vendor-2026", b.keyId());
    BundleManifest m = b.manifest();
    assertEquals("pcie-switch", m.component());
    assertEquals("4.70.0.12", m.version());
    assertEquals(List.of("11f8:4000", "11f8:4028"), m.compatible());
    assertEquals("PM40100 firmware", m.description());
    assertEquals(
        HexFormat.of()
            .formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(PAYLOAD)),
        m.payloadSha256());
  }

  @Test
  void layoutIsByteExact() {
    byte[] b = good();
    assertEquals("GCFWBNDL", new String(b, 0, 8, StandardCharsets.US_ASCII));
    int m = java.nio.ByteBuffer.wrap(b, 8, 4).getInt();
    int p = java.nio.ByteBuffer.wrap(b, 12, 4).getInt();
    assertEquals(PAYLOAD.length, p);
    String json = new String(b, 16, m, StandardCharsets.UTF_8);
    assertTrue(
        json.startsWith(
            "{\"Component\":\"pcie-switch\",\"Version\":\"4.70.0.12\",\"Compatible\":[\"11f8:4000\""),
        json);
    assertArrayEquals(PAYLOAD, Arrays.copyOfRange(b, 16 + m, 16 + m + p));
    int k = ((b[16 + m + p] & 0xff) << 8) | (b[17 + m + p] & 0xff);
    assertEquals("vendor-2026", new String(b, 18 + m + p, k, StandardCharsets.US_ASCII));
    assertEquals(16 + m + p + 2 + k + 64, b.length);
  }

  @Test
  void emptyPayloadRoundTrips() throws Exception {
    byte[] b =
        BundleSigner.sign(TestBundles.SWITCH, new byte[0], "vendor-2026", VENDOR.getPrivate());
    assertEquals(0, verifier.verify(write(b)).payload().length);
  }

  @Test
  void truncatedAnywhereIsMalformed() throws Exception {
    byte[] b = good();
    for (int len : new int[] {0, 5, 15, 16, 100, b.length - 65, b.length - 1}) {
      BundleException e = refused(Arrays.copyOf(b, len), Reason.MALFORMED);
      assertTrue(e.getMessage().contains("truncated"), e.getMessage());
    }
  }

  @Test
  void wrongMagicIsMalformed() throws Exception {
    byte[] b = good();
    b[7] = 'X';
    assertTrue(refused(b, Reason.MALFORMED).getMessage().contains("GCFWBNDL"));
  }

  @Test
  void oversizePayloadLengthIsTooLargeWithoutReadingIt() throws Exception {
    byte[] b = good();
    byte[] h =
        TestBundles.header(
            "GCFWBNDL".getBytes(StandardCharsets.US_ASCII), 10, 64L * 1024 * 1024 + 1);
    System.arraycopy(h, 0, b, 0, 16);
    refused(b, Reason.TOO_LARGE);
    // 0xFFFFFFFF: the u32 is unsigned, not -1
    h = TestBundles.header("GCFWBNDL".getBytes(StandardCharsets.US_ASCII), 10, 0xFFFFFFFFL);
    System.arraycopy(h, 0, b, 0, 16);
    refused(b, Reason.TOO_LARGE);
  }

  @Test
  void oversizeManifestLengthIsTooLarge() throws Exception {
    byte[] b = good();
    byte[] h = TestBundles.header("GCFWBNDL".getBytes(StandardCharsets.US_ASCII), 64 * 1024 + 1, 0);
    System.arraycopy(h, 0, b, 0, 16);
    refused(b, Reason.TOO_LARGE);
  }

  @Test
  void payloadAtTheLimitIsAccepted() throws Exception {
    byte[] big = new byte[64 * 1024 * 1024];
    byte[] b = BundleSigner.sign(TestBundles.SWITCH, big, "vendor-2026", VENDOR.getPrivate());
    assertEquals(big.length, verifier.verify(write(b)).payload().length);
  }

  @Test
  void declaredLengthsLongerThanTheFileAreMalformedBeforeAllocating() throws Exception {
    // 60 MiB declared, 100 bytes present: refused from the file size, not after reading.
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(
        TestBundles.header("GCFWBNDL".getBytes(StandardCharsets.US_ASCII), 2, 60L * 1024 * 1024));
    out.writeBytes(new byte[100]);
    BundleException e = refused(out.toByteArray(), Reason.MALFORMED);
    assertTrue(
        e.getMessage().contains("truncated") && e.getMessage().contains("declared lengths"),
        e.getMessage());
  }

  @Test
  void keyIdLengthOutOfRangeIsMalformed() throws Exception {
    byte[] b = good();
    int kAt = b.length - 64 - "vendor-2026".length() - 2;
    b[kAt] = 0;
    b[kAt + 1] = 0;
    refused(b, Reason.MALFORMED);
    b[kAt] = 0;
    b[kAt + 1] = 65;
    refused(b, Reason.MALFORMED);
  }

  @Test
  void trailingBytesAreMalformed() throws Exception {
    byte[] b = Arrays.copyOf(good(), good().length + 1);
    assertTrue(refused(b, Reason.MALFORMED).getMessage().contains("after the signature"));
  }

  @Test
  void flippedPayloadByteIsBadSignature() throws Exception {
    byte[] b = good();
    int m = java.nio.ByteBuffer.wrap(b, 8, 4).getInt();
    b[16 + m + 500] ^= 0x01;
    refused(b, Reason.BAD_SIGNATURE);
  }

  @Test
  void flippedManifestByteIsBadSignature() throws Exception {
    byte[] b = good();
    b[16 + 20] ^= 0x01;
    refused(b, Reason.BAD_SIGNATURE);
  }

  @Test
  void flippedSignatureByteIsBadSignature() throws Exception {
    byte[] b = good();
    b[b.length - 10] ^= 0x40;
    refused(b, Reason.BAD_SIGNATURE);
  }

  @Test
  void unknownKeyIdIsUntrusted() throws Exception {
    KeyPair stranger = BundleSigner.generateKeyPair();
    byte[] b = BundleSigner.sign(TestBundles.SWITCH, PAYLOAD, "stranger", stranger.getPrivate());
    BundleException e = refused(b, Reason.UNTRUSTED_KEY);
    assertTrue(e.getMessage().contains("'stranger'"), e.getMessage());
  }

  @Test
  void noTrustedKeysMeansUntrusted() throws Exception {
    Path f = write(good());
    BundleException e =
        assertThrows(
            BundleException.class, () -> new BundleVerifier(TrustedKeys.of(Map.of())).verify(f));
    assertEquals(Reason.UNTRUSTED_KEY, e.reason());
  }

  @Test
  void signedByOneTrustedKeyPresentedUnderAnotherIsBadSignature() throws Exception {
    // signed with OTHER's private key but claiming to be vendor-2026
    byte[] b = BundleSigner.sign(TestBundles.SWITCH, PAYLOAD, "vendor-2026", OTHER.getPrivate());
    refused(b, Reason.BAD_SIGNATURE);
    // and the same signature is fine under its own name
    byte[] own = BundleSigner.sign(TestBundles.SWITCH, PAYLOAD, "other", OTHER.getPrivate());
    assertEquals("other", verifier.verify(write(own)).keyId());
  }

  @Test
  void signedWrongDigestIsDigestMismatch() throws Exception {
    String wrong = "00".repeat(32);
    String json =
        "{\"Component\":\"pcie-switch\",\"Version\":\"1\",\"Compatible\":[\"11f8:4000\"],"
            + "\"PayloadSha256\":\""
            + wrong
            + "\"}";
    BundleException e =
        refused(
            TestBundles.assemble(json, PAYLOAD, "vendor-2026", VENDOR.getPrivate()),
            Reason.DIGEST_MISMATCH);
    assertTrue(e.getMessage().contains(wrong), e.getMessage());
  }

  @Test
  void signedUpperCaseDigestIsAccepted() throws Exception {
    String digest = BundleFormat.sha256Hex(PAYLOAD).toUpperCase(java.util.Locale.ROOT);
    String json =
        "{\"Component\":\"pcie-switch\",\"Version\":\"1\",\"Compatible\":[\"11f8:4000\"],"
            + "\"PayloadSha256\":\""
            + digest
            + "\"}";
    Path f = write(TestBundles.assemble(json, PAYLOAD, "vendor-2026", VENDOR.getPrivate()));
    assertEquals("", verifier.verify(f).manifest().description());
  }

  @Test
  void signedButInvalidManifestsAreMalformed() throws Exception {
    String digest = BundleFormat.sha256Hex(PAYLOAD);
    for (String json :
        List.of(
            "not json",
            "{\"Component\":\"pcie-switch\",\"Version\":\"1\",\"Compatible\":[\"a\"]}",
            "{\"Component\":\"pcie-switch\",\"Version\":\"1\",\"Compatible\":[],\"PayloadSha256\":\""
                + digest
                + "\"}",
            "{\"Version\":\"1\",\"Compatible\":[\"a\"],\"PayloadSha256\":\"" + digest + "\"}",
            "{\"Component\":\"pcie-switch\",\"Version\":1,\"Compatible\":[\"a\"],\"PayloadSha256\":\""
                + digest
                + "\"}",
            "{\"Component\":\"x\",\"Component\":\"pcie-switch\",\"Version\":\"1\",\"Compatible\":[\"a\"],"
                + "\"PayloadSha256\":\""
                + digest
                + "\"}",
            "{\"Component\":\"pcie-switch\",\"Version\":\"1\",\"Compatible\":[\"a\"],\"PayloadSha256\":\"abc\"}",
            "{\"Component\":\"pcie-switch\",\"Version\":\"1\",\"Compatible\":[\"a\"],\"PayloadSha256\":\""
                + digest
                + "\",\"Extra\":true}",
            "{\"Component\":\"pcie-switch\",\"Version\":\"1\",\"Compatible\":[\"a\"],\"PayloadSha256\":\""
                + digest
                + "\"} {}")) {
      refused(
          TestBundles.assemble(json, PAYLOAD, "vendor-2026", VENDOR.getPrivate()),
          Reason.MALFORMED);
    }
  }

  @Test
  void invalidUtf8ManifestIsMalformed() throws Exception {
    String digest = BundleFormat.sha256Hex(PAYLOAD);
    String json =
        "{\"Component\":\"pcie-switch\",\"Version\":\"1\",\"Compatible\":[\"a\"],\"Description\":\"\u00e9\","
            + "\"PayloadSha256\":\""
            + digest
            + "\"}";
    byte[] b = TestBundles.assemble(json, PAYLOAD, "vendor-2026", VENDOR.getPrivate());
    // a valid signature over a manifest with a lone continuation byte
    byte[] manifest = json.getBytes(StandardCharsets.UTF_8);
    int at = json.indexOf('\u00e9');
    manifest[at] = (byte) 0x80;
    manifest[at + 1] = 'x';
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(Arrays.copyOf(b, 16));
    out.writeBytes(manifest);
    out.writeBytes(PAYLOAD);
    byte[] signed = out.toByteArray();
    out.write(0);
    out.write(11);
    out.writeBytes("vendor-2026".getBytes(StandardCharsets.US_ASCII));
    out.writeBytes(TestBundles.signature(signed, VENDOR.getPrivate()));
    assertTrue(refused(out.toByteArray(), Reason.MALFORMED).getMessage().contains("UTF-8"));
  }
}

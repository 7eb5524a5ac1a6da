package io.gpuchassis.firmware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrustedKeysTest {

  @TempDir Path dir;

  @Test
  void loadsEveryPemByFileName() throws Exception {
    KeyPair a = BundleSigner.generateKeyPair();
    KeyPair b = BundleSigner.generateKeyPair();
    Files.writeString(dir.resolve("vendor-a.pem"), BundleSigner.publicKeyPem(a.getPublic()));
    Files.writeString(
        dir.resolve("vendor-b.pem"),
        BundleSigner.publicKeyPem(b.getPublic()).replace("\n", "\r\n"));
    Files.writeString(dir.resolve("README.txt"), "not a key");
    Files.writeString(dir.resolve("vendor-a.key"), BundleSigner.privateKeyPem(a.getPrivate()));
    TrustedKeys keys = TrustedKeys.load(dir);
    assertFalse(keys.isEmpty());
    assertEquals(Set.of("vendor-a", "vendor-b"), keys.ids());
    assertEquals(a.getPublic(), keys.find("vendor-a").orElseThrow());
    assertEquals(b.getPublic(), keys.find("vendor-b").orElseThrow());
    assertTrue(keys.find("vendor-c").isEmpty());
  }

  @Test
  void missingDirectoryMeansNoKeys() throws Exception {
    TrustedKeys keys = TrustedKeys.load(dir.resolve("absent"));
    assertTrue(keys.isEmpty());
    assertTrue(keys.ids().isEmpty());
  }

  @Test
  void malformedFileIsAnIoExceptionNamingIt() throws Exception {
    Files.writeString(
        dir.resolve("good.pem"),
        BundleSigner.publicKeyPem(BundleSigner.generateKeyPair().getPublic()));
    Files.writeString(
        dir.resolve("broken.pem"), "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n");
    IOException e = assertThrows(IOException.class, () -> TrustedKeys.load(dir));
    assertTrue(e.getMessage().contains("broken.pem"), e.getMessage());
  }

  @Test
  void garbageAndPrivateKeyFilesAreRefused() throws Exception {
    Files.writeString(dir.resolve("junk.pem"), "hello");
    assertTrue(
        assertThrows(IOException.class, () -> TrustedKeys.load(dir))
            .getMessage()
            .contains("junk.pem"));
    Files.delete(dir.resolve("junk.pem"));
    Files.writeString(
        dir.resolve("priv.pem"),
        BundleSigner.privateKeyPem(BundleSigner.generateKeyPair().getPrivate()));
    assertTrue(
        assertThrows(IOException.class, () -> TrustedKeys.load(dir))
            .getMessage()
            .contains("priv.pem"));
  }

  @Test
  void nonEd25519KeyIsRefused() throws Exception {
    KeyPairGenerator ec = KeyPairGenerator.getInstance("EC");
    ec.initialize(256);
    String pem =
        "-----BEGIN PUBLIC KEY-----\n"
            + java.util.Base64.getMimeEncoder()
                .encodeToString(ec.generateKeyPair().getPublic().getEncoded())
            + "\n-----END PUBLIC KEY-----\n";
    Files.writeString(dir.resolve("ec.pem"), pem);
    assertTrue(
        assertThrows(IOException.class, () -> TrustedKeys.load(dir))
            .getMessage()
            .contains("ec.pem"));
    assertThrows(
        IllegalArgumentException.class,
        () -> TrustedKeys.of(Map.of("ec", ec.generateKeyPair().getPublic())));
  }

  @Test
  void ofValidatesIds() {
    var key = BundleSigner.generateKeyPair().getPublic();
    assertEquals(Set.of("k"), TrustedKeys.of(Map.of("k", key)).ids());
    assertThrows(IllegalArgumentException.class, () -> TrustedKeys.of(Map.of("", key)));
    assertThrows(IllegalArgumentException.class, () -> TrustedKeys.of(Map.of("x".repeat(65), key)));
    assertThrows(IllegalArgumentException.class, () -> TrustedKeys.of(Map.of("has space", key)));
  }

  @Test
  void pemRoundTrips() {
    KeyPair k = BundleSigner.generateKeyPair();
    String pub = BundleSigner.publicKeyPem(k.getPublic());
    String priv = BundleSigner.privateKeyPem(k.getPrivate());
    assertTrue(
        pub.startsWith("-----BEGIN PUBLIC KEY-----\n")
            && pub.endsWith("-----END PUBLIC KEY-----\n"));
    assertTrue(
        priv.startsWith("-----BEGIN PRIVATE KEY-----\n")
            && priv.endsWith("-----END PRIVATE KEY-----\n"));
    assertEquals(k.getPublic(), BundleSigner.readPublicKeyPem(pub));
    assertEquals(k.getPrivate(), BundleSigner.readPrivateKeyPem(priv));
    assertThrows(IllegalArgumentException.class, () -> BundleSigner.readPublicKeyPem(priv));
    assertThrows(IllegalArgumentException.class, () -> BundleSigner.readPrivateKeyPem(pub));
  }
}

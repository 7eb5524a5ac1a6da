package io.gpuchassis.agent.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.config.ConfigException;
import io.gpuchassis.agent.tls.TestCertificates.Issued;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Certificates and keys from PEM text and files; a key that does not belong to the certificate is
 * refused.
 */
class TlsKeyLoaderTest {

  private static final Issued EC = TestCertificates.selfSigned("ec.example", TestCertificates.ec());
  private static final Issued RSA =
      TestCertificates.selfSigned("rsa.example", TestCertificates.rsa());

  @TempDir Path dir;

  @Test
  void reads_pkcs8_pkcs1_and_sec1_keys_after_the_certificate() {
    for (String pem :
        List.of(
            EC.certificatePem() + EC.pkcs8KeyPem(),
            EC.certificatePem() + EC.legacyKeyPem(),
            EC.certificatePem() + EC.sec1WithoutPublicKeyPem(),
            RSA.certificatePem() + RSA.pkcs8KeyPem(),
            RSA.certificatePem() + RSA.legacyKeyPem(),
            // the key may come first, and text around the blocks is ignored
            "key:\n" + RSA.legacyKeyPem() + "certificate:\n" + RSA.certificatePem())) {
      TlsCredentials credentials = TlsKeyLoader.parse(pem);
      assertEquals(1, credentials.chain().size());
      assertTrue(credentials.keyManagers().getKeyManagers().length > 0);
    }
    assertTrue(EC.legacyKeyPem().contains("BEGIN EC PRIVATE KEY"));
    assertTrue(RSA.legacyKeyPem().contains("BEGIN RSA PRIVATE KEY"));
  }

  @Test
  void keeps_the_chain_in_order_and_shows_it_without_the_key() {
    Issued ca = TestCertificates.authority("Test CA");
    Issued leaf = TestCertificates.issuedBy(ca, "CN=leaf.example", TestCertificates.rsa());
    TlsCredentials credentials =
        TlsKeyLoader.parse(leaf.certificatePem() + ca.certificatePem() + leaf.pkcs8KeyPem());
    assertEquals(List.of(leaf.certificate(), ca.certificate()), credentials.chain());
    assertEquals(leaf.certificate(), credentials.leaf());
    assertFalse(credentials.chainPem().contains("PRIVATE"));
    assertEquals(2, credentials.chainPem().split("BEGIN CERTIFICATE").length - 1);
  }

  @Test
  void a_key_of_another_certificate_is_refused() {
    Issued other = TestCertificates.selfSigned("other.example", TestCertificates.ec());
    assertMessage("does not belong", EC.certificatePem() + other.pkcs8KeyPem());
    assertMessage("does not belong", EC.certificatePem() + other.legacyKeyPem());
    assertMessage("RSA", RSA.certificatePem() + EC.pkcs8KeyPem());
    assertMessage("does not belong", RSA.certificatePem() + EC.legacyKeyPem());
  }

  @Test
  void text_without_a_certificate_or_a_key_says_what_is_missing() {
    assertMessage("no certificate", "hello");
    assertMessage("no certificate", EC.pkcs8KeyPem());
    assertMessage("no private key", EC.certificatePem());
    assertMessage(
        "more than one private key", EC.certificatePem() + EC.pkcs8KeyPem() + EC.legacyKeyPem());
    String broken = "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n";
    assertMessage("cannot be read", broken + EC.pkcs8KeyPem());
    assertMessage(
        "Encrypted",
        EC.certificatePem()
            + "-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----\n");
  }

  @Test
  void messages_never_repeat_key_material() {
    String key = EC.pkcs8KeyPem();
    String body = key.lines().filter(l -> !l.startsWith("-----")).findFirst().orElseThrow();
    InvalidTlsMaterialException e =
        assertThrows(
            InvalidTlsMaterialException.class,
            () -> TlsKeyLoader.parse(RSA.certificatePem() + key));
    assertFalse(e.getMessage().contains(body.substring(0, 20)), e.getMessage());
  }

  @Test
  void files_that_do_not_belong_together_are_a_configuration_error_naming_them() throws Exception {
    Path cert = Files.writeString(dir.resolve("cert.pem"), EC.certificatePem());
    String strangersKey = TestCertificates.selfSigned("x", TestCertificates.ec()).pkcs8KeyPem();
    Path key = Files.writeString(dir.resolve("key.pem"), strangersKey);
    ConfigException e =
        assertThrows(
            ConfigException.class, () -> TlsKeyLoader.load(new TlsMaterial(cert, key, false)));
    assertTrue(
        e.getMessage().contains(key.toString()) && e.getMessage().contains(cert.toString()),
        e.getMessage());

    Path good = Files.writeString(dir.resolve("good.pem"), EC.pkcs8KeyPem());
    assertEquals(EC.certificate(), TlsKeyLoader.read(new TlsMaterial(cert, good, false)).leaf());
    Path missing = dir.resolve("missing.pem");
    assertTrue(
        assertThrows(
                ConfigException.class,
                () -> TlsKeyLoader.read(new TlsMaterial(cert, missing, false)))
            .getMessage()
            .contains(missing.toString()));
  }

  private static void assertMessage(String expected, String pem) {
    InvalidTlsMaterialException e =
        assertThrows(InvalidTlsMaterialException.class, () -> TlsKeyLoader.parse(pem));
    assertTrue(
        e.getMessage().contains(expected),
        () -> "'" + e.getMessage() + "' should say '" + expected + "'");
  }
}

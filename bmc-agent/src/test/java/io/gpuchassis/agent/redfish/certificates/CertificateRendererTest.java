package io.gpuchassis.agent.redfish.certificates;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.gpuchassis.agent.tls.TestCertificates;
import io.gpuchassis.agent.tls.TestCertificates.Issued;
import io.gpuchassis.agent.tls.TlsKeyLoader;
import io.gpuchassis.redfish.model.Certificate;
import io.gpuchassis.redfish.model.CertificateIdentifier;
import io.gpuchassis.redfish.model.CertificateType;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.KeyUsage;
import java.math.BigInteger;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import javax.security.auth.x500.X500Principal;
import org.junit.jupiter.api.Test;

/**
 * The Certificate properties come from the leaf as RFC 5280 and the Certificate schema describe
 * them.
 */
class CertificateRendererTest {

  @Test
  void a_self_signed_rsa_certificate() throws Exception {
    Issued issued = TestCertificates.selfSigned("chassis.example", TestCertificates.rsa());
    Certificate c = render(issued.certificatePem() + issued.pkcs8KeyPem(), Instant.now());

    assertEquals(CertificateType.PEM, c.getCertificateType());
    assertEquals(issued.certificatePem().strip(), c.getCertificateString().strip());
    assertEquals("chassis.example", c.getSubject().getCommonName());
    assertEquals("Test", c.getSubject().getOrganization());
    assertEquals(c.getSubject(), c.getIssuer());
    assertEquals("sha256WithRSAEncryption", c.getSignatureAlgorithm());
    assertEquals("TPM_ALG_SHA256", c.getFingerprintHashAlgorithm());
    String sha256 =
        HexFormat.ofDelimiter(":")
            .withUpperCase()
            .formatHex(
                MessageDigest.getInstance("SHA-256").digest(issued.certificate().getEncoded()));
    assertEquals(sha256, c.getFingerprint());
    assertEquals(
        List.of(
            KeyUsage.DIGITAL_SIGNATURE, KeyUsage.KEY_ENCIPHERMENT, KeyUsage.SERVER_AUTHENTICATION),
        c.getKeyUsage());
    assertEquals(issued.certificate().getNotAfter().toInstant(), c.getValidNotAfter().toInstant());
    assertEquals(Health.OK, c.getStatus().getHealth());
  }

  @Test
  void a_chain_is_shown_whole_but_described_by_its_leaf() {
    Issued ca = TestCertificates.authority("Test CA");
    Issued leaf =
        TestCertificates.issuedBy(
            ca,
            "CN=leaf.example,OU=Lab,O=Contoso,L=Portland,ST=Oregon,C=US",
            TestCertificates.ec());
    Certificate c =
        render(leaf.certificatePem() + ca.certificatePem() + leaf.legacyKeyPem(), Instant.now());

    assertEquals(CertificateType.PE_MCHAIN, c.getCertificateType());
    assertEquals(2, c.getCertificateString().split("BEGIN CERTIFICATE").length - 1);
    assertFalse(c.getCertificateString().contains("PRIVATE"));
    assertEquals("Test CA", c.getIssuer().getCommonName());
    assertEquals("ecdsa-with-SHA256", c.getSignatureAlgorithm());
    assertEquals(
        List.of(KeyUsage.DIGITAL_SIGNATURE, KeyUsage.SERVER_AUTHENTICATION), c.getKeyUsage());
    CertificateIdentifier subject = c.getSubject();
    assertEquals(
        List.of("leaf.example", "Lab", "Contoso", "Portland", "Oregon", "US"),
        List.of(
            subject.getCommonName(),
            subject.getOrganizationalUnit(),
            subject.getOrganization(),
            subject.getCity(),
            subject.getState(),
            subject.getCountry()));
    // the certificate's own order of attributes
    assertEquals(
        "CN=leaf.example,OU=Lab,O=Contoso,L=Portland,ST=Oregon,C=US", subject.getDisplayString());
  }

  @Test
  void names_without_some_attributes_leave_them_out() {
    CertificateIdentifier id =
        CertificateRenderer.identifier(
            new X500Principal("EMAILADDRESS=admin@example.net, CN=only"));
    assertEquals("only", id.getCommonName());
    assertEquals("admin@example.net", id.getEmail());
    assertNull(id.getOrganization());
    assertNull(id.getCountry());
  }

  @Test
  void serial_numbers_are_the_unsigned_bytes_in_hex() {
    assertEquals("01", CertificateRenderer.serialNumber(BigInteger.ONE));
    assertEquals("80", CertificateRenderer.serialNumber(BigInteger.valueOf(0x80)));
    assertEquals("01:00", CertificateRenderer.serialNumber(BigInteger.valueOf(256)));
    assertEquals("5D:7B:3C:11", CertificateRenderer.serialNumber(new BigInteger("5D7B3C11", 16)));
  }

  @Test
  void health_says_when_clients_will_refuse_the_certificate() {
    Issued issued = TestCertificates.selfSigned("chassis.example", TestCertificates.ec());
    String pem = issued.certificatePem() + issued.pkcs8KeyPem();
    Instant notAfter = issued.certificate().getNotAfter().toInstant();
    Instant notBefore = issued.certificate().getNotBefore().toInstant();
    assertEquals(
        Health.CRITICAL, render(pem, notAfter.plus(Duration.ofSeconds(1))).getStatus().getHealth());
    assertEquals(
        Health.WARNING,
        render(pem, notBefore.minus(Duration.ofSeconds(1))).getStatus().getHealth());
  }

  private static Certificate render(String pem, Instant now) {
    return CertificateRenderer.render("/c/1", "1", "Test", TlsKeyLoader.parse(pem), now);
  }
}

package io.gpuchassis.agent.tls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.tls.TestCertificates.Issued;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import javax.net.ssl.KeyManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which certificate the agent starts with, and what a replacement changes (or, refused, does not
 * change).
 */
class HttpsCertificateTest {

  private static final Clock CLOCK = Clock.systemUTC();

  @TempDir Path tlsDir;
  @TempDir Path elsewhere;

  private final List<KeyManagerFactory> installed = new ArrayList<>();

  @Test
  void without_anything_else_the_generated_certificate_is_presented() {
    HttpsCertificate certificate = HttpsCertificate.load(Optional.empty(), tlsDir, CLOCK);
    assertTrue(Files.exists(tlsDir.resolve("https-cert.pem")));
    assertEquals(TlsKeyLoader.read(generated()).leaf(), certificate.current().leaf());
  }

  @Test
  void the_certificate_made_at_first_start_names_the_chassis_and_is_never_renamed_later()
      throws Exception {
    HttpsCertificate first = HttpsCertificate.load(Optional.empty(), tlsDir, CLOCK);
    List<KeyManagerFactory> installs = new ArrayList<>();
    first.attach(
        keys -> {
          installs.add(keys);
          return CompletableFuture.completedFuture(null);
        });
    assertTrue(first.nameChassis("GX2008-0042"));
    assertEquals(1, installs.size(), "the listening server presents it at once");
    String subject = subject(first.current().leaf());
    assertTrue(subject.contains("SERIALNUMBER=GX2008-0042"), subject);
    assertEquals(first.current().leaf(), TlsKeyLoader.read(generated()).leaf(), "kept on disk");
    assertFalse(first.nameChassis("GX2008-0042"), "once");

    byte[] kept = Files.readAllBytes(tlsDir.resolve("https-cert.pem"));
    HttpsCertificate restarted = HttpsCertificate.load(Optional.empty(), tlsDir, CLOCK);
    assertFalse(restarted.nameChassis("OTHER-SERIAL"), "a pinned certificate never changes");
    assertArrayEquals(kept, Files.readAllBytes(tlsDir.resolve("https-cert.pem")));
  }

  static String subject(java.security.cert.X509Certificate certificate) {
    return certificate
        .getSubjectX500Principal()
        .getName("RFC2253", java.util.Map.of("2.5.4.5", "SERIALNUMBER"));
  }

  @Test
  void a_configured_certificate_wins_over_the_generated_one_and_none_is_generated() {
    TlsMaterial configured = SelfSignedCertificate.ensure(elsewhere);
    HttpsCertificate certificate = HttpsCertificate.load(Optional.of(configured), tlsDir, CLOCK);
    assertEquals(TlsKeyLoader.read(configured).leaf(), certificate.current().leaf());
    assertFalse(Files.exists(tlsDir.resolve("https-cert.pem")));
  }

  @Test
  void a_replacement_wins_over_the_configured_and_the_generated_certificate() throws Exception {
    Issued replaced = TestCertificates.selfSigned("replaced.example", TestCertificates.ec());
    Files.writeString(
        tlsDir.resolve(HttpsCertificate.REPLACEMENT_FILE),
        replaced.certificatePem() + replaced.pkcs8KeyPem());
    TlsMaterial configured = SelfSignedCertificate.ensure(elsewhere);
    assertEquals(
        replaced.certificate(),
        HttpsCertificate.load(Optional.of(configured), tlsDir, CLOCK).current().leaf());
    assertEquals(
        replaced.certificate(),
        HttpsCertificate.load(Optional.empty(), tlsDir, CLOCK).current().leaf());
  }

  @Test
  void a_damaged_replacement_is_skipped_so_the_agent_still_starts() throws Exception {
    Files.writeString(
        tlsDir.resolve(HttpsCertificate.REPLACEMENT_FILE),
        "-----BEGIN CERTIFICATE-----\ntruncated");
    HttpsCertificate certificate = HttpsCertificate.load(Optional.empty(), tlsDir, CLOCK);
    assertEquals(TlsKeyLoader.read(generated()).leaf(), certificate.current().leaf());
  }

  @Test
  void replace_installs_then_keeps_the_pair_readable_by_the_owner_only() throws Exception {
    HttpsCertificate certificate = attached(HttpsCertificate.load(Optional.empty(), tlsDir, CLOCK));
    Issued next = TestCertificates.selfSigned("next.example", TestCertificates.rsa());

    TlsCredentials replaced = certificate.replace(next.certificatePem() + next.legacyKeyPem());

    assertEquals(next.certificate(), replaced.leaf());
    assertEquals(next.certificate(), certificate.current().leaf());
    assertEquals(List.of(certificate.keyManagers()), installed);
    Path file = tlsDir.resolve(HttpsCertificate.REPLACEMENT_FILE);
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    // the restarted agent reads the same pair back
    assertEquals(
        next.certificate(),
        HttpsCertificate.load(Optional.empty(), tlsDir, CLOCK).current().leaf());
  }

  @Test
  void refused_material_changes_nothing() {
    HttpsCertificate certificate = attached(HttpsCertificate.load(Optional.empty(), tlsDir, CLOCK));
    TlsCredentials before = certificate.current();
    Issued other = TestCertificates.selfSigned("other.example", TestCertificates.ec());
    Issued expired =
        TestCertificates.selfSigned(
            "old.example",
            TestCertificates.ec(),
            Instant.now().minus(Duration.ofDays(30)),
            Instant.now().minus(Duration.ofDays(1)));
    String strangersKey = TestCertificates.selfSigned("x", TestCertificates.ec()).pkcs8KeyPem();

    assertThrows(InvalidTlsMaterialException.class, () -> certificate.replace("nonsense"));
    assertThrows(
        InvalidTlsMaterialException.class,
        () -> certificate.replace(other.certificatePem() + strangersKey));
    InvalidTlsMaterialException e =
        assertThrows(
            InvalidTlsMaterialException.class,
            () -> certificate.replace(expired.certificatePem() + expired.pkcs8KeyPem()));
    assertTrue(e.getMessage().contains("expired"), e.getMessage());

    assertEquals(before, certificate.current());
    assertEquals(List.of(), installed);
    assertFalse(Files.exists(tlsDir.resolve(HttpsCertificate.REPLACEMENT_FILE)));
  }

  @Test
  void a_server_that_refuses_the_keys_leaves_everything_as_it_was() {
    HttpsCertificate certificate = HttpsCertificate.load(Optional.empty(), tlsDir, CLOCK);
    certificate.attach(keys -> CompletableFuture.failedFuture(new IllegalArgumentException("no")));
    TlsCredentials before = certificate.current();
    Issued next = TestCertificates.selfSigned("next.example", TestCertificates.ec());

    assertThrows(
        IllegalStateException.class,
        () -> certificate.replace(next.certificatePem() + next.pkcs8KeyPem()));
    assertEquals(before, certificate.current());
    assertFalse(Files.exists(tlsDir.resolve(HttpsCertificate.REPLACEMENT_FILE)));
  }

  @Test
  void a_file_that_cannot_be_written_puts_the_previous_keys_back() throws Exception {
    HttpsCertificate certificate = attached(HttpsCertificate.load(Optional.empty(), tlsDir, CLOCK));
    KeyManagerFactory before = certificate.keyManagers();
    // a directory where the file should go: the rename over it fails
    Files.createDirectories(tlsDir.resolve(HttpsCertificate.REPLACEMENT_FILE).resolve("blocker"));
    Issued next = TestCertificates.selfSigned("next.example", TestCertificates.ec());

    assertThrows(
        IllegalStateException.class,
        () -> certificate.replace(next.certificatePem() + next.pkcs8KeyPem()));
    assertEquals(2, installed.size());
    assertEquals(before, installed.get(1));
    assertEquals(before, certificate.keyManagers());
  }

  @Test
  void nothing_is_replaced_before_the_server_listens() {
    HttpsCertificate certificate = HttpsCertificate.load(Optional.empty(), tlsDir, CLOCK);
    Issued next = TestCertificates.selfSigned("next.example", TestCertificates.ec());
    assertThrows(
        IllegalStateException.class,
        () -> certificate.replace(next.certificatePem() + next.pkcs8KeyPem()));
  }

  private HttpsCertificate attached(HttpsCertificate certificate) {
    certificate.attach(
        keys -> {
          installed.add(keys);
          return CompletableFuture.completedFuture(null);
        });
    return certificate;
  }

  private TlsMaterial generated() {
    return new TlsMaterial(tlsDir.resolve("https-cert.pem"), tlsDir.resolve("https-key.pem"), true);
  }
}

package io.gpuchassis.agent.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuchassis.agent.security.MutableClock;
import io.gpuchassis.agent.tls.TestCertificates.Issued;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The expiry warning: nothing while the certificate has more than 30 days, one warning (not one per
 * check) once it has fewer, and the all-clear when a replacement has more again, reported by the
 * replacement itself.
 */
class CertificateExpiryTest {

  @TempDir Path tlsDir;

  private final List<String> heard = new ArrayList<>();

  private final CertificateExpiry.Listener listener =
      new CertificateExpiry.Listener() {
        @Override
        public void expiring(X509Certificate certificate, long daysLeft) {
          heard.add("expiring " + name(certificate) + " in " + daysLeft);
        }

        @Override
        public void renewed(X509Certificate certificate) {
          heard.add("renewed " + name(certificate));
        }
      };

  @Test
  void a_certificate_is_reported_once_within_30_days_and_cleared_by_its_replacement() {
    Instant now = Instant.parse("2026-12-03T12:00:00Z");
    MutableClock clock = new MutableClock(now);
    Issued old =
        TestCertificates.selfSigned(
            "old.example",
            TestCertificates.ec(),
            now.minus(Duration.ofDays(300)),
            now.plus(Duration.ofDays(40)));
    HttpsCertificate certificate =
        new HttpsCertificate(
            TlsKeyLoader.parse(old.certificatePem() + old.pkcs8KeyPem()),
            tlsDir.resolve(HttpsCertificate.REPLACEMENT_FILE),
            clock);
    certificate.attach(keys -> CompletableFuture.completedFuture(null));
    CertificateExpiry expiry = new CertificateExpiry(certificate, clock, listener);
    certificate.onReplaced(expiry::check);

    expiry.check();
    assertEquals(List.of(), heard, "40 days left");
    clock.advance(Duration.ofDays(11));
    expiry.check();
    expiry.check();
    assertEquals(List.of("expiring old.example in 29"), heard, "once, not at every check");

    Issued next = TestCertificates.selfSigned("next.example", TestCertificates.ec());
    certificate.replace(next.certificatePem() + next.pkcs8KeyPem());
    assertEquals(List.of("expiring old.example in 29", "renewed next.example"), heard);
    expiry.check();
    assertEquals(2, heard.size());
  }

  private static String name(X509Certificate certificate) {
    return certificate.getSubjectX500Principal().getName().replaceFirst(".*CN=([^,]+).*", "$1");
  }
}

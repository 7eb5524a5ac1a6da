package io.gpuchassis.agent.tls;

import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Warns, once per certificate, when the HTTPS certificate presented comes within {@value
 * #WARN_DAYS} days of expiring, and says so again when a replacement puts it out of reach. Checked
 * at start, after every replacement and every hour ({@link #check}); the listener turns it into a
 * log line and an event.
 */
public final class CertificateExpiry {

  /** How long before the end of its validity a certificate is reported. */
  public static final int WARN_DAYS = 30;

  /** What the check found. */
  public interface Listener {

    /** {@code certificate} expires within {@value #WARN_DAYS} days ({@code daysLeft} may be 0). */
    void expiring(X509Certificate certificate, long daysLeft);

    /** The certificate reported before was replaced by {@code certificate}, which is not. */
    void renewed(X509Certificate certificate);
  }

  private final HttpsCertificate certificate;
  private final Clock clock;
  private final Listener listener;
  private X509Certificate reported;

  public CertificateExpiry(HttpsCertificate certificate, Clock clock, Listener listener) {
    this.certificate = certificate;
    this.clock = clock;
    this.listener = listener;
  }

  /** Looks at the certificate presented now; tells the listener what changed since last time. */
  public synchronized void check() {
    X509Certificate leaf = certificate.current().leaf();
    Instant notAfter = leaf.getNotAfter().toInstant();
    Instant now = clock.instant();
    boolean expiring = !now.isBefore(notAfter.minus(Duration.ofDays(WARN_DAYS)));
    if (expiring && !leaf.equals(reported)) {
      reported = leaf;
      listener.expiring(leaf, Math.max(0, Duration.between(now, notAfter).toDays()));
    } else if (!expiring && reported != null) {
      reported = null;
      listener.renewed(leaf);
    }
  }
}

package io.gpuchassis.agent.events;

import io.gpuchassis.agent.tls.CertificateExpiry;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.message.ResourceEventMessages;
import java.security.cert.X509Certificate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTPS certificate's expiry as a log line and an event about the certificate's resource:
 * ResourceEvent's {@code ResourceWarningThresholdExceeded} for its {@code ValidNotAfter} at {@value
 * CertificateExpiry#WARN_DAYS} (days), and {@code ResourceWarningThresholdCleared} once a
 * replacement is not expiring. DMTF's registries have no message of a certificate's own.
 */
public final class CertificateExpiryEvents implements CertificateExpiry.Listener {

  private static final Logger LOG = LoggerFactory.getLogger(CertificateExpiryEvents.class);

  private final EventBus bus;

  public CertificateExpiryEvents(EventBus bus) {
    this.bus = bus;
  }

  @Override
  public void expiring(X509Certificate certificate, long daysLeft) {
    LOG.warn(
        "The HTTPS certificate '{}' expires on {}, in {} days: replace it"
            + " (CertificateService.GenerateCSR, then ReplaceCertificate)",
        certificate.getSubjectX500Principal().getName(),
        certificate.getNotAfter().toInstant(),
        daysLeft);
    bus.publish(
        ResourceEventMessages.RESOURCE_WARNING_THRESHOLD_EXCEEDED.with(
            "ValidNotAfter", CertificateExpiry.WARN_DAYS),
        Uris.httpsCertificate());
  }

  @Override
  public void renewed(X509Certificate certificate) {
    LOG.info(
        "The HTTPS certificate was renewed: '{}' is valid until {}",
        certificate.getSubjectX500Principal().getName(),
        certificate.getNotAfter().toInstant());
    bus.publish(
        ResourceEventMessages.RESOURCE_WARNING_THRESHOLD_CLEARED.with(
            "ValidNotAfter", CertificateExpiry.WARN_DAYS),
        Uris.httpsCertificate());
  }
}

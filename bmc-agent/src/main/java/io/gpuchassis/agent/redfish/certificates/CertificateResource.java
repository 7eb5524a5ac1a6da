package io.gpuchassis.agent.redfish.certificates;

import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.tls.HttpsCertificate;
import io.gpuchassis.agent.tls.TlsCredentials;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.model.Certificate;
import io.gpuchassis.redfish.route.RedfishRoutes;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * {@code /redfish/v1/Managers/BMC/NetworkProtocol/HTTPS/Certificates[/1]}: the certificate the
 * HTTPS server presents right now, at the URI DSP8010 gives a manager's HTTPS certificates.
 * ManagerNetworkProtocol itself is not served, so CertificateLocations is what links here.
 */
public final class CertificateResource {

  private final HttpsCertificate certificate;
  private final Clock clock;

  public CertificateResource(HttpsCertificate certificate, Clock clock) {
    this.certificate = certificate;
    this.clock = clock;
  }

  public void register(RedfishRoutes routes) {
    String collection = Uris.HTTPS_CERTIFICATES_TEMPLATE;
    routes.resource(
        collection,
        "CertificateCollection",
        (params, caller) -> {
          checkManager(params);
          return Collections.render(
              Schemas.CERTIFICATE_COLLECTION,
              Uris.httpsCertificates(),
              "HTTPS Certificate Collection",
              List.of(Uris.httpsCertificate()));
        });
    routes.resource(
        Uris.HTTPS_CERTIFICATE_TEMPLATE,
        "Certificate",
        (params, caller) -> {
          checkManager(params);
          String id = params.get("CertificateId");
          if (!Uris.HTTPS_CERTIFICATE_ID.equals(id)) {
            throw RedfishErrors.notFound("Certificate", id);
          }
          return render();
        });
  }

  Certificate render() {
    return render(certificate.current());
  }

  Certificate render(TlsCredentials presented) {
    return CertificateRenderer.render(
            Uris.httpsCertificate(),
            Uris.HTTPS_CERTIFICATE_ID,
            "HTTPS Certificate",
            presented,
            clock.instant())
        .description("The certificate the Redfish service presents to HTTPS clients");
  }

  private static void checkManager(Map<String, String> params) {
    String id = params.get("ManagerId");
    if (!Uris.MANAGER_ID.equals(id)) {
      throw RedfishErrors.notFound("Manager", id);
    }
  }
}

package io.gpuchassis.agent.redfish.certificates;

import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.model.CertificateLocations;
import io.gpuchassis.redfish.model.CertificateLocationsLinks;
import io.gpuchassis.redfish.model.CertificateService;
import io.gpuchassis.redfish.model.CertificateServiceActions;
import io.gpuchassis.redfish.model.ReplaceCertificateAction;
import io.gpuchassis.redfish.route.RedfishRoutes;
import java.util.List;

/**
 * {@code /redfish/v1/CertificateService}, its {@code CertificateLocations} (every certificate the
 * service holds: the HTTPS one) and its {@code ReplaceCertificate} action, which {@link
 * CertificateReplacement} carries out.
 */
public final class CertificateServiceResource {

  private final CertificateReplacement replacement;

  public CertificateServiceResource(CertificateReplacement replacement) {
    this.replacement = replacement;
  }

  public void register(RedfishRoutes routes) {
    routes.resource(Uris.CERTIFICATE_SERVICE, "CertificateService", (params, caller) -> render());
    routes.resource(
        Uris.CERTIFICATE_LOCATIONS, "CertificateLocations", (params, caller) -> renderLocations());
    // An action is a POST on the resource that offers it: CertificateService's privileges
    // (ConfigureManager).
    routes.post(Uris.REPLACE_CERTIFICATE, "CertificateService", replacement::handle);
  }

  static CertificateService render() {
    return new CertificateService()
        .atOdataId(Uris.CERTIFICATE_SERVICE)
        .atOdataType(Schemas.CERTIFICATE_SERVICE.odataType())
        .id("CertificateService")
        .name("Certificate Service")
        .description("Replaces the certificate the Redfish service presents")
        .certificateLocations(Uris.ref(Uris.CERTIFICATE_LOCATIONS))
        .actions(
            new CertificateServiceActions()
                .hashCertificateServiceReplaceCertificate(
                    new ReplaceCertificateAction().target(Uris.REPLACE_CERTIFICATE)));
  }

  static CertificateLocations renderLocations() {
    return new CertificateLocations()
        .atOdataId(Uris.CERTIFICATE_LOCATIONS)
        .atOdataType(Schemas.CERTIFICATE_LOCATIONS.odataType())
        .id("CertificateLocations")
        .name("Certificate Locations")
        .links(
            new CertificateLocationsLinks()
                .certificates(List.of(Uris.ref(Uris.httpsCertificate())))
                .certificatesAtOdataCount(1));
  }
}

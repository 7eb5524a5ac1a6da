package io.gpuchassis.agent.redfish.certificates;

import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.model.CertificateLocations;
import io.gpuchassis.redfish.model.CertificateLocationsLinks;
import io.gpuchassis.redfish.model.CertificateService;
import io.gpuchassis.redfish.model.CertificateServiceActions;
import io.gpuchassis.redfish.model.GenerateCSRAction;
import io.gpuchassis.redfish.model.ReplaceCertificateAction;
import io.gpuchassis.redfish.route.RedfishRoutes;
import java.util.List;
import java.util.function.Supplier;

/**
 * {@code /redfish/v1/CertificateService}, its {@code CertificateLocations} (every certificate the
 * service holds: the HTTPS one and those push subscriptions trust) and its actions: {@code
 * GenerateCSR} ({@link CertificateSigningRequest}) and {@code ReplaceCertificate} ({@link
 * CertificateReplacement}).
 */
public final class CertificateServiceResource {

  private final CertificateReplacement replacement;
  private final CertificateSigningRequest signingRequest;
  private final Supplier<List<String>> trustedCertificates;

  /**
   * @param trustedCertificates the URIs of the certificates push subscriptions trust, listed in
   *     CertificateLocations beside the HTTPS one
   */
  public CertificateServiceResource(
      CertificateReplacement replacement,
      CertificateSigningRequest signingRequest,
      Supplier<List<String>> trustedCertificates) {
    this.replacement = replacement;
    this.signingRequest = signingRequest;
    this.trustedCertificates = trustedCertificates;
  }

  public void register(RedfishRoutes routes) {
    routes.resource(Uris.CERTIFICATE_SERVICE, "CertificateService", (params, caller) -> render());
    routes.resource(
        Uris.CERTIFICATE_LOCATIONS,
        "CertificateLocations",
        (params, caller) -> renderLocations(trustedCertificates.get()));
    routes.resource(
        Uris.GENERATE_CSR_ACTION_INFO,
        "ActionInfo",
        (params, caller) -> GenerateCsrActionInfo.render());
    // An action is a POST on the resource that offers it: CertificateService's privileges
    // (ConfigureManager).
    routes.post(Uris.REPLACE_CERTIFICATE, "CertificateService", replacement::handle);
    routes.post(Uris.GENERATE_CSR, "CertificateService", signingRequest::handle);
  }

  static CertificateService render() {
    return new CertificateService()
        .atOdataId(Uris.CERTIFICATE_SERVICE)
        .atOdataType(Schemas.CERTIFICATE_SERVICE.odataType())
        .id("CertificateService")
        .name("Certificate Service")
        .description(
            "Makes signing requests for, and replaces, the certificate the Redfish service presents")
        .certificateLocations(Uris.ref(Uris.CERTIFICATE_LOCATIONS))
        .actions(
            new CertificateServiceActions()
                .hashCertificateServiceGenerateCSR(
                    new GenerateCSRAction()
                        .target(Uris.GENERATE_CSR)
                        .atRedfishActionInfo(Uris.GENERATE_CSR_ACTION_INFO))
                .hashCertificateServiceReplaceCertificate(
                    new ReplaceCertificateAction().target(Uris.REPLACE_CERTIFICATE)));
  }

  static CertificateLocations renderLocations(List<String> trusted) {
    List<String> all = new java.util.ArrayList<>(List.of(Uris.httpsCertificate()));
    all.addAll(trusted);
    return new CertificateLocations()
        .atOdataId(Uris.CERTIFICATE_LOCATIONS)
        .atOdataType(Schemas.CERTIFICATE_LOCATIONS.odataType())
        .id("CertificateLocations")
        .name("Certificate Locations")
        .links(
            new CertificateLocationsLinks()
                .certificates(all.stream().map(Uris::ref).toList())
                .certificatesAtOdataCount(all.size()));
  }
}

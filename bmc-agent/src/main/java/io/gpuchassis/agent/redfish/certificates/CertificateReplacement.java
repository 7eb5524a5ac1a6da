package io.gpuchassis.agent.redfish.certificates;

import io.gpuchassis.agent.events.DestinationCertificates;
import io.gpuchassis.agent.events.Subscriptions;
import io.gpuchassis.agent.tls.HttpsCertificate;
import io.gpuchassis.agent.tls.InvalidTlsMaterialException;
import io.gpuchassis.agent.tls.TlsCredentials;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.http.ActionParameters;
import io.gpuchassis.redfish.http.RedfishResponses;
import io.gpuchassis.redfish.http.RequestBodies;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.route.Caller;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.ext.web.RoutingContext;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code POST /redfish/v1/CertificateService/Actions/CertificateService.ReplaceCertificate}:
 * replaces the HTTPS certificate while the agent runs; new connections are served with the new one.
 *
 * <p>Parameters (CertificateService v1_2_1): {@code CertificateUri} (a link to the HTTPS
 * certificate), {@code CertificateType} ({@code PEM} or {@code PEMchain}, read alike) and {@code
 * CertificateString}: the certificates, leaf first, followed by the leaf's unencrypted private key,
 * all PEM. The key goes into {@code CertificateString} because the schema says so: "If the service
 * does not know the private key for the certificate and it is needed to use the certificate, the
 * client shall provide the private key as part of the string". Responses never contain it.
 *
 * <p>{@code CertificateUri} may also name a certificate a push subscription trusts ({@code
 * /redfish/v1/EventService/Subscriptions/{id}/Certificates/{n}}): then {@code CertificateString}
 * holds that one certificate, without a key.
 *
 * <p>Success is 200 with the new certificate's representation and {@code Location} naming it (the
 * certificate is replaced in place, so its URI stays). Every refusal is a 400 that changes nothing.
 */
public final class CertificateReplacement {

  static final String ACTION = "CertificateService.ReplaceCertificate";
  static final List<String> TYPES = List.of("PEM", "PEMchain");

  private static final Logger LOG = LoggerFactory.getLogger(CertificateReplacement.class);

  /** A push subscription's trusted certificate: its subscription and its number. */
  private static final Pattern DESTINATION_CERTIFICATE =
      Pattern.compile(
          Pattern.quote(Uris.SUBSCRIPTIONS) + "/([^/]+)/Certificates/([1-9][0-9]{0,2})");

  private final HttpsCertificate certificate;
  private final CertificateResource resource;
  private final Subscriptions subscriptions;
  private final DestinationCertificates destinations;
  private final Clock clock;

  public CertificateReplacement(
      HttpsCertificate certificate,
      CertificateResource resource,
      Subscriptions subscriptions,
      DestinationCertificates destinations,
      Clock clock) {
    this.certificate = certificate;
    this.resource = resource;
    this.subscriptions = subscriptions;
    this.destinations = destinations;
    this.clock = clock;
  }

  void handle(RoutingContext ctx) {
    ActionParameters parameters =
        new ActionParameters(ACTION, RequestBodies.object(ctx))
            .expect(
                List.of("CertificateUri", "CertificateType", "CertificateString"),
                List.of(),
                // PKCS#12 is not taken, so neither is its password
                Set.of("Password"));
    parameters.oneOf("CertificateType", TYPES);
    String uri = parameters.link("CertificateUri");
    String pem = parameters.secret("CertificateString");
    Matcher destination = DESTINATION_CERTIFICATE.matcher(stripSlash(uri));
    if (destination.matches() && subscriptions.find(destination.group(1)).isPresent()) {
      replaceTrusted(
          ctx, parameters, destination.group(1), Integer.parseInt(destination.group(2)), pem);
      return;
    }
    if (!stripSlash(uri).equals(Uris.httpsCertificate())) {
      throw RedfishErrors.of(
              BaseMessages.RESOURCE_MISSING_AT_URI.with(uri).about("/CertificateUri"))
          .withDetail(
              "There is no replaceable certificate at '"
                  + uri
                  + "'; "
                  + Uris.CERTIFICATE_LOCATIONS
                  + " lists the certificates of this service.");
    }
    Caller caller = RedfishRoutes.caller(ctx).orElseThrow();
    // Parsing, the disk and the server's new TLS context all block: a worker thread, never the
    // event loop.
    ctx.vertx()
        .<TlsCredentials>executeBlocking(() -> certificate.replace(pem), false)
        .onSuccess(
            replaced -> {
              LOG.info("HTTPS certificate replaced through Redfish by '{}'", caller.userName());
              ctx.response().putHeader("Location", Uris.httpsCertificate());
              RedfishResponses.ok(ctx, resource.render(replaced));
            })
        .onFailure(
            e -> {
              if (e instanceof InvalidTlsMaterialException invalid) {
                RedfishResponses.error(
                    ctx, parameters.invalid("CertificateString").withDetail(invalid.getMessage()));
              } else {
                LOG.error(
                    "Replacing the HTTPS certificate failed; the previous one is still presented",
                    e);
                RedfishResponses.error(ctx, RedfishErrors.internal());
              }
            });
  }

  /**
   * Replaces an authority a push subscription trusts (its certificate only: it is not the agent's
   * to hold the key of); the subscription's next delivery trusts the new one.
   */
  private void replaceTrusted(
      RoutingContext ctx, ActionParameters parameters, String subscription, int id, String pem) {
    String uri = Uris.subscriptionCertificates(subscription) + "/" + id;
    ctx.vertx()
        .<java.util.Optional<DestinationCertificates.Kept>>executeBlocking(
            () -> {
              if (!destinations.replace(subscription, id, pem)) {
                return java.util.Optional.empty();
              }
              // it reads the subscription's certificates: off the event loop too
              subscriptions.trustChanged(subscription);
              return destinations.find(subscription, id);
            },
            false)
        .onSuccess(
            replaced -> {
              if (replaced.isEmpty()) {
                RedfishResponses.error(
                    ctx,
                    RedfishErrors.of(
                        BaseMessages.RESOURCE_MISSING_AT_URI.with(uri).about("/CertificateUri")));
                return;
              }
              ctx.response().putHeader("Location", uri);
              RedfishResponses.ok(
                  ctx,
                  CertificateRenderer.render(
                      uri,
                      Integer.toString(id),
                      "Trusted certificate " + id,
                      List.of(replaced.get().certificate()),
                      clock.instant()));
            })
        .onFailure(
            e -> {
              if (e instanceof InvalidTlsMaterialException invalid) {
                RedfishResponses.error(
                    ctx, parameters.invalid("CertificateString").withDetail(invalid.getMessage()));
              } else {
                LOG.error("Replacing a subscription's certificate failed", e);
                RedfishResponses.error(ctx, RedfishErrors.internal());
              }
            });
  }

  private static String stripSlash(String uri) {
    return uri.length() > 1 && uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri;
  }
}

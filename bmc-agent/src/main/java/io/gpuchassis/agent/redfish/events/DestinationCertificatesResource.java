package io.gpuchassis.agent.redfish.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.events.DestinationCertificates;
import io.gpuchassis.agent.events.Subscription;
import io.gpuchassis.agent.events.Subscriptions;
import io.gpuchassis.agent.redfish.certificates.CertificateRenderer;
import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.Offload;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.tls.InvalidTlsMaterialException;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.http.RedfishResponses;
import io.gpuchassis.redfish.http.RequestBodies;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.MessageInstance;
import io.gpuchassis.redfish.model.Certificate;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code /redfish/v1/EventService/Subscriptions/{SubscriptionId}/Certificates[/{CertificateId}]}:
 * the CA certificates a push subscription's HTTPS destination must present a chain to (Redfish
 * {@code EventDestination.Certificates}), kept by {@link DestinationCertificates}. An administrator
 * (ConfigureManager, the Certificate privileges of DSP8011) lists them, adds one with a POST of
 * {@code CertificateString} and {@code CertificateType} {@code PEM}, replaces one with
 * CertificateService.ReplaceCertificate, and deletes one. With any, deliveries trust exactly them;
 * every change applies to the subscription's next delivery. A certificate that cannot be parsed, a
 * private key, several certificates at once or one not valid now is refused with a 400 naming
 * {@code CertificateString}, and nothing changes.
 */
public final class DestinationCertificatesResource {

  private static final List<String> WRITABLE = List.of("CertificateString", "CertificateType");

  private final Subscriptions subscriptions;
  private final DestinationCertificates certificates;
  private final Vertx vertx;
  private final Clock clock;

  public DestinationCertificatesResource(
      Subscriptions subscriptions, DestinationCertificates certificates, Vertx vertx, Clock clock) {
    this.subscriptions = subscriptions;
    this.certificates = certificates;
    this.vertx = vertx;
    this.clock = clock;
  }

  public void register(RedfishRoutes routes) {
    routes.resource(
        Uris.SUBSCRIPTION_CERTIFICATES_TEMPLATE,
        "CertificateCollection",
        (params, caller) -> {
          String id = subscription(params).id();
          return Collections.render(
              Schemas.CERTIFICATE_COLLECTION,
              Uris.subscriptionCertificates(id),
              "Certificates trusted for the destination of subscription " + id,
              certificates.list(id).stream()
                  .map(k -> Uris.subscriptionCertificates(id) + "/" + k.id())
                  .toList());
        });
    routes.post(Uris.SUBSCRIPTION_CERTIFICATES_TEMPLATE, "CertificateCollection", this::handleAdd);
    routes.resource(
        Uris.SUBSCRIPTION_CERTIFICATE_TEMPLATE,
        "Certificate",
        (params, caller) -> {
          String id = subscription(params).id();
          int number = number(params);
          return render(
              id,
              certificates
                  .find(id, number)
                  .orElseThrow(
                      () -> RedfishErrors.notFound("Certificate", params.get("CertificateId"))));
        });
    routes.delete(Uris.SUBSCRIPTION_CERTIFICATE_TEMPLATE, "Certificate", this::handleDelete);
  }

  private Certificate render(String subscriptionId, DestinationCertificates.Kept kept) {
    return CertificateRenderer.render(
            Uris.subscriptionCertificates(subscriptionId) + "/" + kept.id(),
            Integer.toString(kept.id()),
            "Trusted certificate " + kept.id(),
            List.of(kept.certificate()),
            clock.instant())
        .description("An authority the destination's HTTPS certificate may chain to");
  }

  private void handleAdd(RoutingContext ctx) {
    Subscription s = subscription(ctx.pathParams());
    if (s.syslog().isPresent()) {
      throw RedfishErrors.of(BaseMessages.OPERATION_NOT_ALLOWED.with())
          .withDetail("A syslog subscription keeps its authorities in the agent's configuration.");
    }
    String pem = certificateString(RequestBodies.object(ctx));
    Offload.run(
        vertx,
        ctx,
        () -> {
          try {
            DestinationCertificates.Kept kept = certificates.add(s.id(), pem);
            // the queue restarts with what the store keeps now: off the event loop too
            subscriptions.trustChanged(s.id());
            return kept;
          } catch (InvalidTlsMaterialException e) {
            throw RedfishErrors.of(
                    BaseMessages.PROPERTY_VALUE_ERROR
                        .with("CertificateString")
                        .about("/CertificateString"))
                .withDetail(e.getMessage());
          } catch (IllegalStateException e) {
            throw RedfishErrors.of(BaseMessages.CREATE_LIMIT_REACHED_FOR_RESOURCE.with())
                .withDetail(
                    "A subscription keeps at most "
                        + DestinationCertificates.MAX_PER_SUBSCRIPTION
                        + " certificates.");
          }
        },
        kept -> {
          String uri = Uris.subscriptionCertificates(s.id()) + "/" + kept.id();
          ctx.response().putHeader("Location", uri);
          RedfishResponses.json(ctx, 201, RedfishResponses.tree(render(s.id(), kept)));
        });
  }

  /**
   * The PEM text of a new certificate: the body has {@code CertificateString} and {@code
   * CertificateType} {@code PEM}, and nothing else. The text is never echoed: a client may have
   * pasted a key into it.
   */
  private static String certificateString(ObjectNode body) {
    List<MessageInstance> problems = new ArrayList<>();
    body.fieldNames()
        .forEachRemaining(
            name -> {
              if (!name.startsWith("@") && !WRITABLE.contains(name)) {
                problems.add(BaseMessages.PROPERTY_UNKNOWN.with(name).about("/" + name));
              }
            });
    for (String name : WRITABLE) {
      if (!body.hasNonNull(name)) {
        problems.add(BaseMessages.PROPERTY_MISSING.with(name).about("/" + name));
      }
    }
    JsonNode type = body.get("CertificateType");
    if (type != null && !type.isNull() && !"PEM".equals(type.asText())) {
      problems.add(
          BaseMessages.PROPERTY_VALUE_NOT_IN_LIST
              .with(type.asText(), "CertificateType")
              .about("/CertificateType"));
    }
    JsonNode pem = body.get("CertificateString");
    if (pem != null && !pem.isNull() && !pem.isTextual()) {
      problems.add(
          BaseMessages.PROPERTY_VALUE_ERROR.with("CertificateString").about("/CertificateString"));
    }
    if (!problems.isEmpty()) {
      throw RedfishErrors.of(problems);
    }
    return pem.asText();
  }

  private void handleDelete(RoutingContext ctx) {
    Subscription s = subscription(ctx.pathParams());
    int number = number(ctx.pathParams());
    Offload.run(
        vertx,
        ctx,
        () -> {
          if (!certificates.remove(s.id(), number)) {
            throw RedfishErrors.notFound("Certificate", ctx.pathParams().get("CertificateId"));
          }
          subscriptions.trustChanged(s.id());
          return null;
        },
        done -> {
          ctx.response().setStatusCode(204).putHeader("OData-Version", "4.0").end();
        });
  }

  private Subscription subscription(Map<String, String> params) {
    String id = params.get("SubscriptionId");
    return subscriptions.find(id).orElseThrow(() -> RedfishErrors.notFound("EventDestination", id));
  }

  private static int number(Map<String, String> params) {
    String id = params.get("CertificateId");
    if (!id.matches("[1-9][0-9]{0,2}")) {
      throw RedfishErrors.notFound("Certificate", id);
    }
    return Integer.parseInt(id);
  }
}

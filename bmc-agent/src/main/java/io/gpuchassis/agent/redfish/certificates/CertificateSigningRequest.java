package io.gpuchassis.agent.redfish.certificates;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.tls.HttpsCertificate;
import io.gpuchassis.agent.tls.SigningRequest;
import io.gpuchassis.agent.tls.SigningRequest.KeyKind;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.http.ActionParameters;
import io.gpuchassis.redfish.http.RedfishResponses;
import io.gpuchassis.redfish.http.RequestBodies;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.route.Caller;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.ext.web.RoutingContext;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code POST /redfish/v1/CertificateService/Actions/CertificateService.GenerateCSR}: a new key
 * pair for the HTTPS certificate, made and kept on the chassis, and a signing request for it that
 * the operator's CA signs. The signed certificate comes back through ReplaceCertificate without a
 * key ({@link CertificateReplacement}); the private key never leaves the chassis.
 *
 * <p>Parameters (CertificateService v1_2_1): {@code CertificateCollection} (the HTTPS
 * certificates), {@code CommonName}, and optionally {@code Organization}, {@code
 * OrganizationalUnit}, {@code City}, {@code State}, {@code Country} (two letters), {@code Email},
 * {@code AlternativeNames} (DNS names and IP addresses), {@code KeyPairAlgorithm} ({@code
 * TPM_ALG_ECDSA}, the default, or {@code TPM_ALG_RSA}), {@code KeyCurveId} ({@code
 * TPM_ECC_NIST_P256}, the default, or {@code TPM_ECC_NIST_P384}) and {@code KeyBitLength} (RSA:
 * 2048, the default, 3072 or 4096). Every refusal is a 400 naming the parameter, and changes
 * nothing.
 */
public final class CertificateSigningRequest {

  static final String ACTION = "CertificateService.GenerateCSR";

  private static final Logger LOG = LoggerFactory.getLogger(CertificateSigningRequest.class);
  private static final Pattern COUNTRY = Pattern.compile("[A-Z]{2}");
  private static final Pattern EMAIL = Pattern.compile("[^@\\s]{1,64}@[^@\\s]{1,255}");
  private static final int MAX_ALTERNATIVE_NAMES = 32;

  private final HttpsCertificate certificate;

  public CertificateSigningRequest(HttpsCertificate certificate) {
    this.certificate = certificate;
  }

  void handle(RoutingContext ctx) {
    ActionParameters p =
        new ActionParameters(ACTION, RequestBodies.object(ctx))
            .expect(
                List.of("CertificateCollection", "CommonName"),
                List.of(
                    "Organization",
                    "OrganizationalUnit",
                    "City",
                    "State",
                    "Country",
                    "Email",
                    "AlternativeNames",
                    "KeyPairAlgorithm",
                    "KeyCurveId",
                    "KeyBitLength"),
                Set.of(
                    "ChallengePassword",
                    "ContactPerson",
                    "GivenName",
                    "Initials",
                    "KeyUsage",
                    "Surname",
                    "UnstructuredName"));
    String collection = p.link("CertificateCollection");
    if (!stripSlash(collection).equals(Uris.httpsCertificates())) {
      throw RedfishErrors.of(
              BaseMessages.RESOURCE_MISSING_AT_URI.with(collection).about("/CertificateCollection"))
          .withDetail(
              "Only the HTTPS certificates take a signing request: "
                  + Uris.httpsCertificates()
                  + ".");
    }
    SigningRequest request =
        new SigningRequest(
            name(p, "CommonName", p.string("CommonName")),
            p.optionalString("Organization").map(v -> name(p, "Organization", v)),
            p.optionalString("OrganizationalUnit").map(v -> name(p, "OrganizationalUnit", v)),
            p.optionalString("City").map(v -> name(p, "City", v)),
            p.optionalString("State").map(v -> name(p, "State", v)),
            p.optionalString("Country")
                .map(v -> matching(p, "Country", v, COUNTRY, "two capital letters (ISO 3166)")),
            p.optionalString("Email").map(v -> matching(p, "Email", v, EMAIL, "an e-mail address")),
            alternativeNames(p),
            keyKind(p));
    Caller caller = RedfishRoutes.caller(ctx).orElseThrow();
    // An RSA key takes up to seconds to make: a worker thread, never the event loop.
    ctx.vertx()
        .<String>executeBlocking(() -> certificate.requestSignature(request), false)
        .onSuccess(
            csr -> {
              LOG.info(
                  "Signing request for '{}' made through Redfish by '{}'",
                  request.commonName(),
                  caller.userName());
              ObjectNode body = JsonNodeFactory.instance.objectNode();
              body.put("CSRString", csr);
              body.putObject("CertificateCollection").put("@odata.id", Uris.httpsCertificates());
              RedfishResponses.ok(ctx, body);
            })
        .onFailure(
            e -> {
              LOG.error("Making a signing request failed", e);
              RedfishResponses.error(ctx, RedfishErrors.internal());
            });
  }

  /** A subject name: not blank, at most {@link SigningRequest#MAX_NAME} characters. */
  private static String name(ActionParameters p, String parameter, String value) {
    if (value.isBlank() || value.length() > SigningRequest.MAX_NAME) {
      throw p.invalid(parameter)
          .withDetail(
              parameter
                  + " must have 1 to "
                  + SigningRequest.MAX_NAME
                  + " characters, got "
                  + value.length()
                  + ".");
    }
    if (value.codePoints().anyMatch(Character::isISOControl)) {
      throw p.invalid(parameter).withDetail(parameter + " must not hold control characters.");
    }
    return value;
  }

  private static String matching(
      ActionParameters p, String parameter, String value, Pattern pattern, String what) {
    if (!pattern.matcher(value).matches()) {
      throw p.invalid(parameter).withDetail(parameter + " must be " + what + ".");
    }
    return value;
  }

  private static List<String> alternativeNames(ActionParameters p) {
    List<String> names = p.strings("AlternativeNames");
    if (names.size() > MAX_ALTERNATIVE_NAMES) {
      throw p.invalid("AlternativeNames")
          .withDetail("At most " + MAX_ALTERNATIVE_NAMES + " alternative names are taken.");
    }
    for (String name : names) {
      SigningRequest.alternativeNameProblem(name)
          .ifPresent(
              problem -> {
                throw p.invalid("AlternativeNames").withDetail(problem + ".");
              });
    }
    return names;
  }

  /** The key the parameters ask for; an elliptic-curve P-256 key when they say nothing. */
  private static KeyKind keyKind(ActionParameters p) {
    String algorithm =
        p.optionalString("KeyPairAlgorithm").isPresent()
            ? p.oneOf("KeyPairAlgorithm", List.of("TPM_ALG_ECDSA", "TPM_ALG_RSA"))
            : "TPM_ALG_ECDSA";
    OptionalLong bits = p.optionalInteger("KeyBitLength");
    Optional<String> curve =
        p.optionalString("KeyCurveId").isPresent()
            ? Optional.of(p.oneOf("KeyCurveId", List.of("TPM_ECC_NIST_P256", "TPM_ECC_NIST_P384")))
            : Optional.empty();
    if (algorithm.equals("TPM_ALG_RSA")) {
      if (curve.isPresent()) {
        throw p.invalid("KeyCurveId").withDetail("An RSA key has no curve.");
      }
      long length = bits.orElse(2048);
      return Arrays.stream(KeyKind.values())
          .filter(k -> k.algorithm().equals(algorithm) && k.bits() == length)
          .findFirst()
          .orElseThrow(
              () ->
                  p.invalid("KeyBitLength")
                      .withDetail("An RSA key has 2048, 3072 or 4096 bits, not " + length + "."));
    }
    KeyKind kind =
        curve
            .map(c -> c.equals("TPM_ECC_NIST_P384") ? KeyKind.EC_P384 : KeyKind.EC_P256)
            .orElse(
                bits.isPresent() && bits.getAsLong() == 384 ? KeyKind.EC_P384 : KeyKind.EC_P256);
    if (bits.isPresent() && bits.getAsLong() != kind.bits()) {
      throw p.invalid("KeyBitLength")
          .withDetail(
              "An elliptic-curve key on "
                  + kind.curve().orElseThrow()
                  + " has "
                  + kind.bits()
                  + " bits, not "
                  + bits.getAsLong()
                  + ".");
    }
    return kind;
  }

  private static String stripSlash(String uri) {
    return uri.length() > 1 && uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri;
  }
}

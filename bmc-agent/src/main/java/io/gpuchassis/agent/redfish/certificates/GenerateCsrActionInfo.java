package io.gpuchassis.agent.redfish.certificates;

import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.tls.SigningRequest.KeyKind;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.model.ActionInfo;
import io.gpuchassis.redfish.model.ActionInfoParameters;
import io.gpuchassis.redfish.model.ParameterTypes;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@code /redfish/v1/CertificateService/GenerateCSRActionInfo}: the parameters {@code
 * CertificateService.GenerateCSR} takes, with the key algorithms, curves and lengths the agent can
 * make a key pair for (read from {@link KeyKind}, so they are what {@link
 * CertificateSigningRequest} accepts).
 */
final class GenerateCsrActionInfo {

  private GenerateCsrActionInfo() {}

  static ActionInfo render() {
    return new ActionInfo()
        .atOdataId(Uris.GENERATE_CSR_ACTION_INFO)
        .atOdataType(Schemas.ACTION_INFO.odataType())
        .id("GenerateCSRActionInfo")
        .name("CertificateService.GenerateCSR Action Info")
        .description(
            "Makes a key pair on the chassis and a certificate signing request for it; the private"
                + " key never leaves the chassis.")
        .parameters(
            List.of(
                new ActionInfoParameters()
                    .name("CertificateCollection")
                    .required(true)
                    .dataType(ParameterTypes.OBJECT)
                    .objectDataType("#CertificateCollection.CertificateCollection")
                    .allowableValues(List.of(Uris.httpsCertificates())),
                text("CommonName", true),
                text("AlternativeNames", false).dataType(ParameterTypes.STRING_ARRAY),
                text("Organization", false),
                text("OrganizationalUnit", false),
                text("City", false),
                text("State", false),
                text("Country", false),
                text("Email", false),
                text("KeyPairAlgorithm", false).allowableValues(distinct(KeyKind::algorithm)),
                text("KeyCurveId", false).allowableValues(distinct(k -> k.curve().orElse(null))),
                new ActionInfoParameters()
                    .name("KeyBitLength")
                    .required(false)
                    .dataType(ParameterTypes.NUMBER)
                    .allowableValues(distinct(k -> Integer.toString(k.bits())))));
  }

  private static ActionInfoParameters text(String name, boolean required) {
    return new ActionInfoParameters().name(name).required(required).dataType(ParameterTypes.STRING);
  }

  private static List<String> distinct(Function<KeyKind, String> property) {
    return Arrays.stream(KeyKind.values())
        .map(property)
        .flatMap(v -> Optional.ofNullable(v).stream())
        .distinct()
        .toList();
  }
}

package io.gpuchassis.redfish.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpuchassis.redfish.json.RedfishJson;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * CertificateService v1_2_1, CertificateLocations v1_0_4 and Certificate v1_11_0 serialize to
 * Redfish property names.
 */
class CertificateServiceTest {

  private static final ObjectMapper MAPPER = RedfishJson.mapper();

  @Test
  void certificateServiceWithActions() throws Exception {
    CertificateService service =
        new CertificateService()
            .atOdataId("/redfish/v1/CertificateService")
            .atOdataType("#CertificateService.v1_2_1.CertificateService")
            .id("CertificateService")
            .name("Certificate Service")
            .certificateLocations(ref("/redfish/v1/CertificateService/CertificateLocations"))
            .actions(
                new CertificateServiceActions()
                    .hashCertificateServiceGenerateCSR(
                        new GenerateCSRAction()
                            .target(
                                "/redfish/v1/CertificateService/Actions/CertificateService.GenerateCSR")
                            .atRedfishActionInfo(
                                "/redfish/v1/CertificateService/GenerateCSRActionInfo"))
                    .hashCertificateServiceReplaceCertificate(
                        new ReplaceCertificateAction()
                            .target(
                                "/redfish/v1/CertificateService/Actions/CertificateService.ReplaceCertificate")
                            .title("Replace a certificate")));

    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/CertificateService",
                  "@odata.type": "#CertificateService.v1_2_1.CertificateService",
                  "Id": "CertificateService",
                  "Name": "Certificate Service",
                  "CertificateLocations": {"@odata.id": "/redfish/v1/CertificateService/CertificateLocations"},
                  "Actions": {
                    "#CertificateService.GenerateCSR": {
                      "target": "/redfish/v1/CertificateService/Actions/CertificateService.GenerateCSR",
                      "@Redfish.ActionInfo": "/redfish/v1/CertificateService/GenerateCSRActionInfo"
                    },
                    "#CertificateService.ReplaceCertificate": {
                      "target": "/redfish/v1/CertificateService/Actions/CertificateService.ReplaceCertificate",
                      "title": "Replace a certificate"
                    }
                  }
                }
                """,
            service);

    assertFalse(actual.has("Description"));
    assertFalse(actual.has("Oem"));
    assertFalse(actual.get("Actions").get("#CertificateService.GenerateCSR").has("title"));
    assertFalse(
        actual
            .get("Actions")
            .get("#CertificateService.ReplaceCertificate")
            .has("@Redfish.ActionInfo"));
  }

  @Test
  void certificateLocations() throws Exception {
    CertificateLocations locations =
        new CertificateLocations()
            .atOdataId("/redfish/v1/CertificateService/CertificateLocations")
            .atOdataType("#CertificateLocations.v1_0_4.CertificateLocations")
            .id("CertificateLocations")
            .name("Certificate Locations")
            .links(
                new CertificateLocationsLinks()
                    .addCertificatesItem(
                        ref("/redfish/v1/Managers/BMC/NetworkProtocol/HTTPS/Certificates/1"))
                    .certificatesAtOdataCount(1));

    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/CertificateService/CertificateLocations",
                  "@odata.type": "#CertificateLocations.v1_0_4.CertificateLocations",
                  "Id": "CertificateLocations",
                  "Name": "Certificate Locations",
                  "Links": {
                    "Certificates": [{"@odata.id": "/redfish/v1/Managers/BMC/NetworkProtocol/HTTPS/Certificates/1"}],
                    "Certificates@odata.count": 1
                  }
                }
                """,
            locations);
    assertFalse(actual.has("Description"));

    assertSerializesTo(
        """
                {"Id": "CertificateLocations", "Name": "Certificate Locations", "Links": {}}
                """,
        new CertificateLocations()
            .id("CertificateLocations")
            .name("Certificate Locations")
            .links(new CertificateLocationsLinks()));
  }

  @Test
  void certificate() throws Exception {
    Certificate certificate =
        new Certificate()
            .atOdataId("/redfish/v1/Managers/BMC/NetworkProtocol/HTTPS/Certificates/1")
            .atOdataType("#Certificate.v1_11_0.Certificate")
            .id("1")
            .name("HTTPS Certificate")
            .certificateString("-----BEGIN CERTIFICATE-----\nMIIB...\n-----END CERTIFICATE-----\n")
            .certificateType(CertificateType.PEM)
            .addCertificateUsageTypesItem(CertificateUsageType.WEB)
            .issuer(
                new CertificateIdentifier()
                    .commonName("chassis.example.net")
                    .organization("Contoso")
                    .organizationalUnit("Lab")
                    .city("Portland")
                    .state("Oregon")
                    .country("US")
                    .email("admin@example.net")
                    .displayString("CN=chassis.example.net, O=Contoso"))
            .subject(new CertificateIdentifier().commonName("chassis.example.net").country("US"))
            .validNotBefore(OffsetDateTime.of(2025, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC))
            .validNotAfter(OffsetDateTime.of(2026, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC))
            .keyUsage(
                List.of(
                    KeyUsage.DIGITAL_SIGNATURE,
                    KeyUsage.KEY_ENCIPHERMENT,
                    KeyUsage.SERVER_AUTHENTICATION))
            .serialNumber("5D:7B:3C:11")
            .fingerprint("A6:E9:D2:5A:45:F4:81")
            .fingerprintHashAlgorithm("TPM_ALG_SHA256")
            .signatureAlgorithm("sha256WithRSAEncryption")
            .status(new Status().state(State.ENABLED).health(Health.OK));

    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/Managers/BMC/NetworkProtocol/HTTPS/Certificates/1",
                  "@odata.type": "#Certificate.v1_11_0.Certificate",
                  "Id": "1",
                  "Name": "HTTPS Certificate",
                  "CertificateString": "-----BEGIN CERTIFICATE-----\\nMIIB...\\n-----END CERTIFICATE-----\\n",
                  "CertificateType": "PEM",
                  "CertificateUsageTypes": ["Web"],
                  "Issuer": {
                    "CommonName": "chassis.example.net",
                    "Organization": "Contoso",
                    "OrganizationalUnit": "Lab",
                    "City": "Portland",
                    "State": "Oregon",
                    "Country": "US",
                    "Email": "admin@example.net",
                    "DisplayString": "CN=chassis.example.net, O=Contoso"
                  },
                  "Subject": {"CommonName": "chassis.example.net", "Country": "US"},
                  "ValidNotBefore": "2025-01-01T00:00:00Z",
                  "ValidNotAfter": "2026-01-01T00:00:00Z",
                  "KeyUsage": ["DigitalSignature", "KeyEncipherment", "ServerAuthentication"],
                  "SerialNumber": "5D:7B:3C:11",
                  "Fingerprint": "A6:E9:D2:5A:45:F4:81",
                  "FingerprintHashAlgorithm": "TPM_ALG_SHA256",
                  "SignatureAlgorithm": "sha256WithRSAEncryption",
                  "Status": {"State": "Enabled", "Health": "OK"}
                }
                """,
            certificate);

    assertFalse(actual.has("Description"));
    assertFalse(actual.has("Oem"));
    for (String unset :
        new String[] {
          "Organization", "OrganizationalUnit", "City", "State", "Email", "DisplayString"
        }) {
      assertFalse(actual.get("Subject").has(unset), "Subject." + unset + " must be absent");
    }

    Certificate read = MAPPER.readValue(MAPPER.writeValueAsString(certificate), Certificate.class);
    assertEquals(certificate, read);
  }

  @Test
  void certificateEnumStrings() throws Exception {
    assertSerializesTo(
        """
                {"CertificateType": "PEMchain",
                 "CertificateUsageTypes": ["IDevID", "LDevID", "BIOS", "SSH"],
                 "KeyUsage": ["CRLSigning", "OCSPSigning", "KeyCertSign", "Timestamping"]}
                """,
        new Certificate()
            .certificateType(CertificateType.PE_MCHAIN)
            .certificateUsageTypes(
                List.of(
                    CertificateUsageType.I_DEV_ID,
                    CertificateUsageType.L_DEV_ID,
                    CertificateUsageType.BIOS,
                    CertificateUsageType.SSH))
            .keyUsage(
                List.of(
                    KeyUsage.CRL_SIGNING,
                    KeyUsage.OCSP_SIGNING,
                    KeyUsage.KEY_CERT_SIGN,
                    KeyUsage.TIMESTAMPING)));
    assertEquals(CertificateType.PKCS7, MAPPER.readValue("\"PKCS7\"", CertificateType.class));
    assertEquals(CertificateType.PKCS12, MAPPER.readValue("\"PKCS12\"", CertificateType.class));
  }

  private static OdataIdRef ref(String uri) {
    return new OdataIdRef().atOdataId(uri);
  }

  /**
   * Serializes {@code model} to text and compares the parsed result with {@code expectedJson} as
   * trees.
   */
  private static JsonNode assertSerializesTo(String expectedJson, Object model)
      throws JsonProcessingException {
    JsonNode expected = MAPPER.readTree(expectedJson);
    JsonNode actual = MAPPER.readTree(MAPPER.writeValueAsString(model));
    assertEquals(
        expected,
        actual,
        () -> "expected " + expected.toPrettyString() + "\nbut was " + actual.toPrettyString());
    return actual;
  }
}

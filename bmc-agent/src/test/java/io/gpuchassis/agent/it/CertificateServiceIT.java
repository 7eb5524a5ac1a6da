package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.basic;
import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.Agent;
import io.gpuchassis.agent.config.AgentConfig;
import io.gpuchassis.agent.config.ListenAddress;
import io.gpuchassis.agent.config.SimulationSpeed;
import io.gpuchassis.agent.conformance.RedfishSchemaValidator;
import io.gpuchassis.agent.security.TestPasswordHashing;
import io.gpuchassis.agent.tls.HttpsCertificate;
import io.gpuchassis.agent.tls.TestCertificates;
import io.gpuchassis.agent.tls.TestCertificates.Issued;
import java.io.ByteArrayInputStream;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CertificateService over real HTTPS: the HTTPS certificate resource shows the certificate the
 * server presents, and ReplaceCertificate makes new connections present another one without a
 * restart, or refuses and changes nothing.
 */
class CertificateServiceIT {

  static final String ADMIN = basic("admin", "it-admin-password");
  static final String SERVICE = "/redfish/v1/CertificateService";
  static final String LOCATIONS = SERVICE + "/CertificateLocations";
  static final String REPLACE = SERVICE + "/Actions/CertificateService.ReplaceCertificate";
  static final String GENERATE_CSR = SERVICE + "/Actions/CertificateService.GenerateCSR";
  static final String EVENT_LOG = "/redfish/v1/Managers/BMC/LogServices/EventLog/Entries";
  static final String COLLECTION = "/redfish/v1/Managers/BMC/NetworkProtocol/HTTPS/Certificates";
  static final String CERTIFICATE = COLLECTION + "/1";

  @TempDir Path stateDir;
  @TempDir Path files;
  Agent agent;
  AgentClient client;

  @BeforeEach
  void start() throws Exception {
    agent =
        Agent.start(
            config(),
            Map.of("BMC_AGENT_ADMIN_PASSWORD", "it-admin-password"),
            TestPasswordHashing.hasher());
    client = new AgentClient(agent.port(), generatedCertificate());
  }

  @AfterEach
  void stop() {
    if (agent != null) {
      agent.close();
    }
  }

  @Test
  void the_service_links_its_locations_and_offers_replace_certificate() throws Exception {
    JsonNode service = ok(client.get(SERVICE, ADMIN));
    assertEquals(LOCATIONS, service.at("/CertificateLocations/@odata.id").asText());
    assertEquals(
        REPLACE, service.at("/Actions/#CertificateService.ReplaceCertificate/target").asText());
    assertEquals(
        SERVICE,
        json(client.get("/redfish/v1/", null)).at("/CertificateService/@odata.id").asText());

    JsonNode locations = ok(client.get(LOCATIONS, ADMIN));
    assertEquals(CERTIFICATE, locations.at("/Links/Certificates/0/@odata.id").asText());
    assertEquals(1, locations.at("/Links/Certificates@odata.count").asInt());

    // Nothing links the collection (ManagerNetworkProtocol is not served), so the crawl does not
    // validate it: here.
    JsonNode collection = ok(client.get(COLLECTION, ADMIN));
    assertEquals(CERTIFICATE, collection.at("/Members/0/@odata.id").asText());
    assertEquals(1, collection.get("Members@odata.count").asInt());
    assertValid(List.of(service, locations, collection, ok(client.get(CERTIFICATE, ADMIN))));

    assertEquals(404, client.get(COLLECTION + "/2", ADMIN).statusCode());
    assertEquals(
        404,
        client
            .get("/redfish/v1/Managers/Other/NetworkProtocol/HTTPS/Certificates", ADMIN)
            .statusCode());
  }

  @Test
  void the_certificate_resource_shows_the_certificate_the_server_presents() throws Exception {
    HttpResponse<String> response = client.get(CERTIFICATE, ADMIN);
    JsonNode certificate = ok(response);
    X509Certificate presented =
        (X509Certificate) response.sslSession().orElseThrow().getPeerCertificates()[0];

    assertEquals(fingerprint(presented), certificate.get("Fingerprint").asText());
    assertEquals("TPM_ALG_SHA256", certificate.get("FingerprintHashAlgorithm").asText());
    assertEquals("PEM", certificate.get("CertificateType").asText());
    assertEquals(presented, parse(certificate.get("CertificateString").asText()).get(0));
    assertEquals(
        Files.readString(generatedCertificate()).strip(),
        certificate.get("CertificateString").asText().strip());
    assertEquals("GPU chassis management agent", certificate.at("/Subject/Organization").asText());
    String chassisSerial =
        ok(client.get("/redfish/v1/Chassis/GPUChassis", ADMIN)).get("SerialNumber").asText();
    String subject =
        presented.getSubjectX500Principal().getName("RFC2253", Map.of("2.5.4.5", "SERIALNUMBER"));
    assertTrue(
        subject.contains("SERIALNUMBER=" + chassisSerial),
        "the first start's certificate names the chassis: " + subject);
    assertEquals(certificate.get("Subject"), certificate.get("Issuer"));
    assertEquals(
        presented.getNotAfter().toInstant(),
        Instant.parse(certificate.get("ValidNotAfter").asText()));
    assertEquals(
        presented.getNotBefore().toInstant(),
        Instant.parse(certificate.get("ValidNotBefore").asText()));
    String serial =
        HexFormat.ofDelimiter(":")
            .withUpperCase()
            .formatHex(presented.getSerialNumber().toByteArray());
    assertEquals(serial.replaceFirst("^00:", ""), certificate.get("SerialNumber").asText());
    assertEquals("ecdsa-with-SHA256", certificate.get("SignatureAlgorithm").asText());
    assertEquals(
        List.of("DigitalSignature", "KeyAgreement", "KeyCertSign", "ServerAuthentication"),
        strings(certificate.get("KeyUsage")));
    assertEquals(List.of("Web"), strings(certificate.get("CertificateUsageTypes")));
    assertFalse(response.body().contains("PRIVATE KEY"));
  }

  @Test
  void replace_certificate_presents_the_new_chain_on_new_connections_without_a_restart()
      throws Exception {
    Issued ca = TestCertificates.authority("Replacement Test CA");
    Issued leaf =
        TestCertificates.issuedBy(ca, "CN=chassis-7.example.net,O=Contoso", TestCertificates.rsa());
    Path trustOld = generatedCertificate();
    byte[] generatedBefore = Files.readAllBytes(trustOld);

    HttpResponse<String> response =
        client.send(
            "POST",
            REPLACE,
            ADMIN,
            replace(
                    CERTIFICATE,
                    "PEMchain",
                    leaf.certificatePem() + ca.certificatePem() + leaf.legacyKeyPem())
                .toString());

    assertEquals(200, response.statusCode(), response.body());
    assertEquals(CERTIFICATE, response.headers().firstValue("Location").orElse(null));
    JsonNode body = json(response);
    assertEquals(fingerprint(leaf.certificate()), body.get("Fingerprint").asText());
    assertFalse(response.body().contains("PRIVATE KEY"));

    // A client that trusts only the new chain's CA connects, and is shown the new leaf.
    AgentClient trustingNew =
        new AgentClient(agent.port(), ca.writeCertificate(files.resolve("ca.pem")));
    HttpResponse<String> fresh = trustingNew.get(CERTIFICATE, ADMIN);
    assertEquals(leaf.certificate(), fresh.sslSession().orElseThrow().getPeerCertificates()[0]);
    JsonNode shown = ok(fresh);
    assertEquals("chassis-7.example.net", shown.at("/Subject/CommonName").asText());
    assertEquals("Replacement Test CA", shown.at("/Issuer/CommonName").asText());
    assertEquals("PEMchain", shown.get("CertificateType").asText());
    assertEquals(
        List.of(leaf.certificate(), ca.certificate()),
        parse(shown.get("CertificateString").asText()));
    assertEquals(
        "ecdsa-with-SHA256", shown.get("SignatureAlgorithm").asText()); // the CA (EC) signed it
    assertValid(List.of(shown));

    // A new connection of a client that trusts only the old certificate fails.
    AgentClient trustingOld = new AgentClient(agent.port(), trustOld);
    assertThrows(SSLHandshakeException.class, () -> trustingOld.get("/redfish/v1/", null));

    // Kept in the state directory, readable by the agent's user only; the generated certificate is
    // left alone.
    Path kept = stateDir.resolve("tls").resolve(HttpsCertificate.REPLACEMENT_FILE);
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(kept)));
    assertArrayEquals(generatedBefore, Files.readAllBytes(trustOld));
  }

  @Test
  void a_replaced_certificate_is_presented_again_after_a_restart() throws Exception {
    Issued next = TestCertificates.selfSigned("restarted.example", TestCertificates.ec());
    HttpResponse<String> response =
        client.send(
            "POST",
            REPLACE,
            ADMIN,
            replace(CERTIFICATE, "PEM", next.certificatePem() + next.pkcs8KeyPem()).toString());
    assertEquals(200, response.statusCode(), response.body());
    agent.close();

    agent = Agent.start(config(), Map.of(), TestPasswordHashing.hasher());
    AgentClient trustingNew =
        new AgentClient(agent.port(), next.writeCertificate(files.resolve("next.pem")));
    HttpResponse<String> after = trustingNew.get(CERTIFICATE, ADMIN);
    assertEquals(next.certificate(), after.sslSession().orElseThrow().getPeerCertificates()[0]);
    assertEquals(fingerprint(next.certificate()), ok(after).get("Fingerprint").asText());
  }

  @Test
  void refused_requests_say_why_and_change_nothing() throws Exception {
    Issued own = TestCertificates.selfSigned("own.example", TestCertificates.ec());
    Issued other = TestCertificates.selfSigned("other.example", TestCertificates.ec());
    Issued expired =
        TestCertificates.selfSigned(
            "expired.example",
            TestCertificates.ec(),
            Instant.now().minus(Duration.ofDays(60)),
            Instant.now().minus(Duration.ofDays(1)));
    String good = own.certificatePem() + own.pkcs8KeyPem();
    ObjectNode withPassword = replace(CERTIFICATE, "PEM", good).put("Password", "x");
    ObjectNode withUnknown = replace(CERTIFICATE, "PEM", good).put("Colour", "blue");
    ObjectNode uriAsString = replace(CERTIFICATE, "PEM", good).put("CertificateUri", CERTIFICATE);
    ObjectNode numberString = replace(CERTIFICATE, "PEM", good).put("CertificateString", 42);

    List<Refusal> refusals =
        List.of(
            new Refusal("{", "MalformedJSON", ""),
            new Refusal("{}", "ActionParameterMissing", ""),
            new Refusal(
                replace(CERTIFICATE, "PKCS12", good).toString(),
                "ActionParameterValueNotInList",
                "PKCS12"),
            new Refusal(
                replace(CERTIFICATE, "PEM", "hello").toString(),
                "ActionParameterValueError",
                "no certificate"),
            new Refusal(
                replace(CERTIFICATE, "PEM", own.certificatePem()).toString(),
                "ActionParameterValueError",
                "issued for neither"),
            new Refusal(
                replace(CERTIFICATE, "PEM", own.certificatePem() + other.pkcs8KeyPem()).toString(),
                "ActionParameterValueError",
                "does not belong"),
            new Refusal(
                replace(CERTIFICATE, "PEM", expired.certificatePem() + expired.pkcs8KeyPem())
                    .toString(),
                "ActionParameterValueError",
                "expired"),
            new Refusal(
                replace(COLLECTION + "/2", "PEM", good).toString(),
                "ResourceMissingAtURI",
                LOCATIONS),
            new Refusal(
                replace("/redfish/v1/Chassis", "PEM", good).toString(), "ResourceMissingAtURI", ""),
            new Refusal(uriAsString.toString(), "ActionParameterValueTypeError", ""),
            new Refusal(numberString.toString(), "ActionParameterValueError", "must be a string"),
            new Refusal(withPassword.toString(), "ActionParameterNotSupported", ""),
            new Refusal(withUnknown.toString(), "ActionParameterUnknown", ""));

    X509Certificate before = presented(generatedCertificate());
    List<String> failures = new ArrayList<>();
    for (Refusal refusal : refusals) {
      HttpResponse<String> r = client.send("POST", REPLACE, ADMIN, refusal.body());
      JsonNode error = json(r).get("error");
      String ids = error.get("@Message.ExtendedInfo").findValuesAsText("MessageId").toString();
      if (r.statusCode() != 400 || !ids.contains("Base.1.22.1." + refusal.messageId())) {
        failures.add(refusal.messageId() + ": " + r.statusCode() + " " + ids);
      }
      if (!error.get("message").asText().contains(refusal.detail())) {
        failures.add(
            refusal.messageId()
                + ": message '"
                + error.get("message").asText()
                + "' lacks '"
                + refusal.detail()
                + "'");
      }
      String keyLine = own.pkcs8KeyPem().lines().skip(1).findFirst().orElseThrow();
      if (r.body().contains("PRIVATE KEY") || r.body().contains(keyLine)) {
        failures.add(refusal.messageId() + ": the answer repeats the private key");
      }
    }
    assertEquals(List.of(), failures);
    JsonNode missing = json(client.send("POST", REPLACE, ADMIN, "{}"));
    assertEquals(
        3, missing.at("/error/@Message.ExtendedInfo").size(), "every missing parameter is named");

    assertEquals(before, presented(generatedCertificate()));
    assertEquals(
        fingerprint(before), ok(client.get(CERTIFICATE, ADMIN)).get("Fingerprint").asText());
    assertFalse(Files.exists(stateDir.resolve("tls").resolve(HttpsCertificate.REPLACEMENT_FILE)));
  }

  @Test
  void the_action_needs_credentials_and_answers_only_post() throws Exception {
    Issued own = TestCertificates.selfSigned("own.example", TestCertificates.ec());
    String body = replace(CERTIFICATE, "PEM", own.certificatePem() + own.pkcs8KeyPem()).toString();
    assertEquals(401, client.send("POST", REPLACE, null, body).statusCode());
    assertEquals(401, client.send("POST", REPLACE, basic("admin", "wrong"), body).statusCode());
    assertEquals(401, client.get(CERTIFICATE, null).statusCode());

    HttpResponse<String> get = client.get(REPLACE, ADMIN);
    assertEquals(405, get.statusCode());
    assertEquals("POST", get.headers().firstValue("Allow").orElse(null));
    assertEquals(405, client.send("PATCH", CERTIFICATE, ADMIN, "{}").statusCode());
    assertFalse(Files.exists(stateDir.resolve("tls").resolve(HttpsCertificate.REPLACEMENT_FILE)));
  }

  @Test
  void a_signing_request_signed_by_the_operators_ca_is_installed_and_the_key_stays()
      throws Exception {
    try (KeptConnection opened = new KeptConnection(agent.port(), generatedCertificate())) {
      assertEquals(200, opened.get("/redfish/v1/"));
      JsonNode service = ok(client.get(SERVICE, ADMIN));
      assertEquals(
          GENERATE_CSR, service.at("/Actions/#CertificateService.GenerateCSR/target").asText());

      HttpResponse<String> response =
          client.send(
              "POST",
              GENERATE_CSR,
              ADMIN,
              csr()
                  .put("Organization", "Contoso")
                  .put("Country", "DE")
                  .put("KeyCurveId", "TPM_ECC_NIST_P384")
                  .toString());
      JsonNode answer = ok(response);
      assertEquals(COLLECTION, answer.at("/CertificateCollection/@odata.id").asText());
      String csr = answer.get("CSRString").asText();
      assertFalse(response.body().contains("PRIVATE KEY"), "the key stays on the chassis");
      var request =
          (org.bouncycastle.pkcs.PKCS10CertificationRequest)
              new org.bouncycastle.openssl.PEMParser(new java.io.StringReader(csr)).readObject();
      assertEquals("C=DE,O=Contoso,CN=chassis-9.example.net", request.getSubject().toString());
      Path requestKey = stateDir.resolve("tls").resolve(HttpsCertificate.REQUEST_KEY_FILE);
      assertEquals(
          "rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(requestKey)));
      X509Certificate before = presented(generatedCertificate());

      Issued ca = TestCertificates.authority("Operator CA");
      X509Certificate signed = TestCertificates.signRequest(ca, csr);
      assertEquals("EC", signed.getPublicKey().getAlgorithm());
      // a certificate for the key of the request, sent without a key: installed
      HttpResponse<String> installed =
          client.send(
              "POST",
              REPLACE,
              ADMIN,
              replace(CERTIFICATE, "PEMchain", TestCertificates.pemOf(signed) + ca.certificatePem())
                  .toString());
      assertEquals(200, installed.statusCode(), installed.body());
      assertFalse(Files.exists(requestKey), "the request's key is used up");

      AgentClient trustingCa =
          new AgentClient(agent.port(), ca.writeCertificate(files.resolve("operator-ca.pem")));
      HttpResponse<String> fresh = trustingCa.get(CERTIFICATE, ADMIN);
      assertEquals(signed, fresh.sslSession().orElseThrow().getPeerCertificates()[0]);
      assertEquals("chassis-9.example.net", ok(fresh).at("/Subject/CommonName").asText());
      assertThrows(
          SSLHandshakeException.class,
          () -> presented(generatedCertificate()),
          "a new connection that trusts only the old certificate fails");
      assertEquals(200, opened.get("/redfish/v1/"), "the connection opened before works on");
      assertFalse(before.equals(signed));
    }
  }

  @Test
  void the_action_info_lists_the_parameters_and_every_key_it_lists_can_be_made() throws Exception {
    String infoUri =
        ok(client.get(SERVICE, ADMIN))
            .at("/Actions/#CertificateService.GenerateCSR/@Redfish.ActionInfo")
            .asText();
    assertEquals(SERVICE + "/GenerateCSRActionInfo", infoUri);
    JsonNode info = ok(client.get(infoUri, ADMIN));
    Map<String, JsonNode> parameters = new java.util.LinkedHashMap<>();
    info.get("Parameters").forEach(p -> parameters.put(p.get("Name").asText(), p));
    assertEquals(
        List.of("CertificateCollection", "CommonName"),
        parameters.values().stream()
            .filter(p -> p.get("Required").asBoolean())
            .map(p -> p.get("Name").asText())
            .toList());
    assertEquals(
        COLLECTION, parameters.get("CertificateCollection").at("/AllowableValues/0").asText());
    for (JsonNode curve : parameters.get("KeyCurveId").get("AllowableValues")) {
      HttpResponse<String> r =
          client.send(
              "POST", GENERATE_CSR, ADMIN, csr().put("KeyCurveId", curve.asText()).toString());
      assertEquals(200, r.statusCode(), curve + " -> " + r.body());
    }
    List<String> algorithms = new ArrayList<>();
    parameters
        .get("KeyPairAlgorithm")
        .get("AllowableValues")
        .forEach(a -> algorithms.add(a.asText()));
    assertEquals(List.of("TPM_ALG_ECDSA", "TPM_ALG_RSA"), algorithms);
    HttpResponse<String> rsa =
        client.send(
            "POST",
            GENERATE_CSR,
            ADMIN,
            csr().put("KeyPairAlgorithm", "TPM_ALG_RSA").put("KeyBitLength", 2048).toString());
    assertEquals(200, rsa.statusCode(), rsa.body());
    assertTrue(
        parameters.get("KeyBitLength").get("AllowableValues").toString().contains("\"2048\""));
    assertValid(List.of(info));
  }

  @Test
  void bad_signing_requests_say_why_and_change_nothing() throws Exception {
    Issued stranger =
        TestCertificates.issuedBy(
            TestCertificates.authority("Other CA"), "CN=stranger.example", TestCertificates.ec());
    List<Refusal> refusals =
        List.of(
            new Refusal(csr().without("CommonName").toString(), "ActionParameterMissing", ""),
            new Refusal(
                csr().put("CommonName", "").toString(), "ActionParameterValueError", "1 to 64"),
            new Refusal(
                csr().put("Country", "Germany").toString(),
                "ActionParameterValueError",
                "two capital"),
            new Refusal(
                csr().put("KeyPairAlgorithm", "TPM_ALG_SM2").toString(),
                "ActionParameterValueNotInList",
                "TPM_ALG_SM2"),
            new Refusal(
                csr().put("KeyPairAlgorithm", "TPM_ALG_RSA").put("KeyBitLength", 1024).toString(),
                "ActionParameterValueError",
                "2048, 3072 or 4096"),
            new Refusal(
                csr().put("KeyCurveId", "TPM_ECC_NIST_P256").put("KeyBitLength", 384).toString(),
                "ActionParameterValueError",
                "256 bits"),
            new Refusal(
                csr()
                    .set(
                        "AlternativeNames", AgentClient.JSON.createArrayNode().add("no such name!"))
                    .toString(),
                "ActionParameterValueError",
                "neither a DNS name"),
            new Refusal(
                csr().put("AlternativeNames", "one.example").toString(),
                "ActionParameterValueTypeError",
                ""),
            new Refusal(
                csr().put("ChallengePassword", "x").toString(), "ActionParameterNotSupported", ""),
            new Refusal(
                csr()
                    .set(
                        "CertificateCollection",
                        AgentClient.JSON.createObjectNode().put("@odata.id", "/redfish/v1/Chassis"))
                    .toString(),
                "ResourceMissingAtURI",
                COLLECTION));
    List<String> failures = new ArrayList<>();
    for (Refusal refusal : refusals) {
      HttpResponse<String> r = client.send("POST", GENERATE_CSR, ADMIN, refusal.body());
      JsonNode error = json(r).get("error");
      String ids = error.get("@Message.ExtendedInfo").findValuesAsText("MessageId").toString();
      if (r.statusCode() != 400 || !ids.contains("Base.1.22.1." + refusal.messageId())) {
        failures.add(refusal.messageId() + ": " + r.statusCode() + " " + ids);
      }
      if (!error.get("message").asText().contains(refusal.detail())) {
        failures.add(refusal.messageId() + ": '" + error.get("message").asText() + "'");
      }
    }
    assertEquals(List.of(), failures);
    assertFalse(
        Files.exists(stateDir.resolve("tls").resolve(HttpsCertificate.REQUEST_KEY_FILE)),
        "no refused request made a key");
    assertEquals(401, client.send("POST", GENERATE_CSR, null, csr().toString()).statusCode());

    // a signed certificate for a key the chassis never made, without that key: refused
    X509Certificate before = presented(generatedCertificate());
    HttpResponse<String> foreign =
        client.send(
            "POST",
            REPLACE,
            ADMIN,
            replace(CERTIFICATE, "PEM", stranger.certificatePem()).toString());
    assertEquals(400, foreign.statusCode(), foreign.body());
    assertTrue(foreign.body().contains("issued for neither"), foreign.body());
    assertEquals(before, presented(generatedCertificate()));
  }

  @Test
  void a_certificate_near_its_end_raises_an_event_and_its_replacement_clears_it() throws Exception {
    Issued soon =
        TestCertificates.selfSigned(
            "soon.example",
            TestCertificates.ec(),
            Instant.now().minus(Duration.ofDays(300)),
            Instant.now().plus(Duration.ofDays(10)));
    HttpResponse<String> replaced =
        client.send(
            "POST",
            REPLACE,
            ADMIN,
            replace(CERTIFICATE, "PEM", soon.certificatePem() + soon.pkcs8KeyPem()).toString());
    assertEquals(200, replaced.statusCode(), replaced.body());
    HealthIT.await(
        "the expiry warning in the event log",
        () -> eventLog().contains("ResourceWarningThresholdExceeded"));
    JsonNode warning = entry("ResourceWarningThresholdExceeded");
    assertEquals(CERTIFICATE, warning.at("/Links/OriginOfCondition/@odata.id").asText());
    assertEquals("[\"ValidNotAfter\",\"30\"]", warning.get("MessageArgs").toString());

    Issued later = TestCertificates.selfSigned("later.example", TestCertificates.ec());
    assertEquals(
        200,
        client
            .send(
                "POST",
                REPLACE,
                ADMIN,
                replace(CERTIFICATE, "PEM", later.certificatePem() + later.pkcs8KeyPem())
                    .toString())
            .statusCode());
    HealthIT.await(
        "the all-clear in the event log",
        () -> eventLog().contains("ResourceWarningThresholdCleared"));
    assertEquals(
        CERTIFICATE,
        entry("ResourceWarningThresholdCleared").at("/Links/OriginOfCondition/@odata.id").asText());
  }

  private String eventLog() {
    try {
      return client.get(EVENT_LOG + "?$expand=.", ADMIN).body();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private JsonNode entry(String messageKey) throws Exception {
    for (JsonNode e : json(client.get(EVENT_LOG + "?$expand=.", ADMIN)).get("Members")) {
      if (e.get("MessageId").asText().endsWith("." + messageKey)) {
        return e;
      }
    }
    throw new AssertionError("no " + messageKey + " in the event log");
  }

  /** GenerateCSR's body for the HTTPS certificates, named as the test's clients reach it. */
  static ObjectNode csr() {
    ObjectNode body = AgentClient.JSON.createObjectNode();
    body.putObject("CertificateCollection").put("@odata.id", COLLECTION);
    body.put("CommonName", "chassis-9.example.net");
    body.set(
        "AlternativeNames",
        AgentClient.JSON
            .createArrayNode()
            .add("chassis-9.example.net")
            .add("localhost")
            .add("127.0.0.1"));
    return body;
  }

  /**
   * An HTTPS connection opened and kept: HTTP/1.1 requests on one TLS session, to show that a
   * replaced certificate leaves connections made before it alone.
   */
  static final class KeptConnection implements AutoCloseable {
    private final javax.net.ssl.SSLSocket socket;
    private final java.io.BufferedInputStream in;

    KeptConnection(int port, Path trust) throws Exception {
      java.security.KeyStore store = java.security.KeyStore.getInstance("PKCS12");
      store.load(null, null);
      store.setCertificateEntry("agent", parse(Files.readString(trust)).get(0));
      javax.net.ssl.TrustManagerFactory trustManagers =
          javax.net.ssl.TrustManagerFactory.getInstance(
              javax.net.ssl.TrustManagerFactory.getDefaultAlgorithm());
      trustManagers.init(store);
      javax.net.ssl.SSLContext context = javax.net.ssl.SSLContext.getInstance("TLS");
      context.init(null, trustManagers.getTrustManagers(), null);
      socket = (javax.net.ssl.SSLSocket) context.getSocketFactory().createSocket("127.0.0.1", port);
      socket.startHandshake();
      in = new java.io.BufferedInputStream(socket.getInputStream());
    }

    /** Sends a GET on this connection and returns the status, reading the whole answer. */
    int get(String path) throws Exception {
      socket
          .getOutputStream()
          .write(
              ("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                  .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
      socket.getOutputStream().flush();
      String status = line();
      int length = 0;
      for (String header = line(); !header.isEmpty(); header = line()) {
        if (header.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
          length = Integer.parseInt(header.substring(15).trim());
        }
      }
      in.readNBytes(length);
      return Integer.parseInt(status.split(" ")[1]);
    }

    private String line() throws java.io.IOException {
      StringBuilder b = new StringBuilder();
      for (int c = in.read(); c != '\n'; c = in.read()) {
        if (c < 0) {
          throw new java.io.EOFException("the connection was closed");
        }
        if (c != '\r') {
          b.append((char) c);
        }
      }
      return b.toString();
    }

    @Override
    public void close() throws java.io.IOException {
      socket.close();
    }
  }

  private record Refusal(String body, String messageId, String detail) {}

  private AgentConfig config() {
    return AgentConfig.defaults()
        .withListen(new ListenAddress("127.0.0.1", 0))
        .withStateDir(stateDir)
        .withSimulationSpeed(SimulationSpeed.FAST);
  }

  private Path generatedCertificate() {
    return stateDir.resolve("tls/https-cert.pem");
  }

  /** The certificate a new connection of a client that trusts {@code trust} is presented. */
  private X509Certificate presented(Path trust) throws Exception {
    HttpResponse<String> r = new AgentClient(agent.port(), trust).get("/redfish/v1/", null);
    return (X509Certificate) r.sslSession().orElseThrow().getPeerCertificates()[0];
  }

  static ObjectNode replace(String uri, String type, String pem) {
    ObjectNode body = AgentClient.JSON.createObjectNode();
    body.putObject("CertificateUri").put("@odata.id", uri);
    body.put("CertificateType", type);
    body.put("CertificateString", pem);
    return body;
  }

  private static JsonNode ok(HttpResponse<String> response) throws Exception {
    assertEquals(200, response.statusCode(), () -> response.uri() + ": " + response.body());
    return json(response);
  }

  private static void assertValid(List<JsonNode> bodies) {
    Optional<RedfishSchemaValidator> validator = RedfishSchemaValidator.locate();
    if (validator.isEmpty()) {
      return; // the DMTF schemas are not beside the project: RedfishTreeIT reports the skip
    }
    List<String> errors = new ArrayList<>();
    bodies.forEach(
        b -> validator.get().validate(b).forEach(e -> errors.add(b.get("@odata.id") + ": " + e)));
    assertEquals(List.of(), errors);
  }

  private static List<X509Certificate> parse(String pem) throws Exception {
    List<X509Certificate> chain = new ArrayList<>();
    for (Certificate c :
        CertificateFactory.getInstance("X.509")
            .generateCertificates(new ByteArrayInputStream(pem.getBytes()))) {
      chain.add((X509Certificate) c);
    }
    return chain;
  }

  private static String fingerprint(X509Certificate certificate) throws Exception {
    return HexFormat.ofDelimiter(":")
        .withUpperCase()
        .formatHex(MessageDigest.getInstance("SHA-256").digest(certificate.getEncoded()));
  }

  private static List<String> strings(JsonNode array) {
    List<String> values = new ArrayList<>();
    array.forEach(v -> values.add(v.asText()));
    return values;
  }
}

package io.gpuchassis.companion;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The chassis' agent over Redfish, on HTTPS only. The certificate is checked against the given CA
 * file, or the JDK's trusted authorities without one, and the host name against it: there is no way
 * to turn that off. Logs in with a Redfish session (one password check for all requests) and ends
 * it on {@link #close}.
 */
public final class RedfishAgent implements ChassisAgent, AutoCloseable {

  static final String REPORT_ACTION = "/Actions/Oem/GpuChassisAgent.HostReport";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final URI base;
  private final String user;
  private final String password;
  private final Duration timeout;
  private final HttpClient http;
  private String token;
  private String session;

  /**
   * @param base the agent's address, {@code https://host[:port]}
   * @param caFile PEM certificates to trust for the agent (its own self-signed one, or the CA that
   *     signed it); empty for the JDK's trusted authorities
   */
  public RedfishAgent(
      URI base, String user, String password, Optional<Path> caFile, Duration timeout) {
    if (!"https".equalsIgnoreCase(base.getScheme()) || base.getHost() == null) {
      throw new CompanionException(
          "the agent's address must be https://host[:port], not "
              + base
              + " (it serves HTTPS only)");
    }
    this.base = base;
    this.user = user;
    this.password = password;
    this.timeout = timeout;
    HttpClient.Builder builder =
        HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NEVER);
    caFile.ifPresent(file -> builder.sslContext(trusting(file)));
    this.http = builder.build();
  }

  @Override
  public void report(
      String system, String systemUuid, OptionalLong hotPlugWindowMiB, List<SeenDevice> devices) {
    ObjectNode body = JSON.createObjectNode().put("SystemUUID", systemUuid);
    hotPlugWindowMiB.ifPresent(mib -> body.put("HotPlugWindowMiB", mib));
    ArrayNode list = body.putArray("Devices");
    for (SeenDevice d : devices) {
      ObjectNode device = list.addObject();
      device.putObject("ResourceBlock").put("@odata.id", resourceBlock(d.slot()));
      device.put("HostAddress", d.address().toString());
      d.uuid().ifPresent(u -> device.put("DeviceUUID", u));
      if (!d.partitions().isEmpty()) {
        ArrayNode partitions = device.putArray("Partitions");
        for (MigDevice m : d.partitions()) {
          partitions
              .addObject()
              .put("Index", m.index())
              .put("Profile", m.profile())
              .put("UUID", m.uuid());
        }
      }
    }
    send("POST", "/redfish/v1/Systems/" + checkedId(system) + REPORT_ACTION, body);
  }

  @Override
  public void readyToRemove(int slot) {
    send("PATCH", pcieDevice(slot), JSON.createObjectNode().put("ReadyToRemove", true));
  }

  @Override
  public Optional<PciAddress> reportedAddress(int slot) {
    JsonNode device = send("GET", pcieDevice(slot), null);
    JsonNode address = device.at("/Oem/GpuChassisAgent/SeenByHost/HostAddress");
    return address.isTextual() ? PciAddress.find(address.asText()) : Optional.empty();
  }

  /** The GPU's PCIeDevice, as its processor links it (the chassis' id is the agent's to name). */
  private String pcieDevice(int slot) {
    JsonNode gpu = send("GET", resourceBlock(slot) + "/Processors/GPU", null);
    JsonNode uri = gpu.at("/Links/PCIeDevice/@odata.id");
    if (!uri.isTextual()) {
      throw new CompanionException("the agent names no PCIe device for the GPU in slot " + slot);
    }
    return uri.asText();
  }

  static String resourceBlock(int slot) {
    return "/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot" + slot;
  }

  private static String checkedId(String system) {
    if (!system.matches("[A-Za-z0-9_.-]+")) {
      throw new CompanionException("'" + system + "' is not a system id such as Host3");
    }
    return system;
  }

  private JsonNode send(String method, String path, JsonNode body) {
    if (token == null) {
      login();
    }
    HttpResponse<String> response =
        exchange(request(path).header("X-Auth-Token", token), method, path, body);
    return answer(method, path, response);
  }

  private void login() {
    String path = "/redfish/v1/SessionService/Sessions";
    ObjectNode credentials =
        JSON.createObjectNode().put("UserName", user).put("Password", password);
    HttpResponse<String> response = exchange(request(path), "POST", path, credentials);
    answer("POST", path, response);
    token = response.headers().firstValue("X-Auth-Token").orElse(null);
    session = response.headers().firstValue("Location").orElse(null);
    if (token == null) {
      throw new CompanionException("the agent opened a session without a token");
    }
  }

  private HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(base.resolve(path))
        .timeout(timeout)
        .header("Accept", "application/json")
        .header("OData-Version", "4.0");
  }

  private HttpResponse<String> exchange(
      HttpRequest.Builder request, String method, String path, JsonNode body) {
    HttpRequest.BodyPublisher publisher =
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body.toString());
    if (body != null) {
      request.header("Content-Type", "application/json");
    }
    try {
      return http.send(
          request.method(method, publisher).build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new CompanionException(
          "cannot reach the agent at " + base + " (" + method + " " + path + "): " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CompanionException("interrupted while talking to the agent");
    }
  }

  private static JsonNode answer(String method, String path, HttpResponse<String> response) {
    int status = response.statusCode();
    JsonNode body;
    try {
      body = response.body().isBlank() ? JSON.createObjectNode() : JSON.readTree(response.body());
    } catch (IOException e) {
      body = JSON.createObjectNode();
    }
    if (status / 100 != 2) {
      throw new CompanionException(
          "the agent answered " + status + " to " + method + " " + path + ": " + messages(body));
    }
    return body;
  }

  /** The messages of a Redfish error body, or its code. */
  private static String messages(JsonNode body) {
    List<String> texts = new ArrayList<>();
    body.path("error")
        .path("@Message.ExtendedInfo")
        .forEach(m -> texts.add(m.path("Message").asText()));
    if (texts.isEmpty()) {
      texts.add(body.path("error").path("message").asText("no error body"));
    }
    return String.join(" ", texts);
  }

  private static SSLContext trusting(Path caFile) {
    try (InputStream in = Files.newInputStream(caFile)) {
      KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
      store.load(null, null);
      int n = 0;
      for (Certificate c : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
        store.setCertificateEntry("ca-" + n++, c);
      }
      if (n == 0) {
        throw new CompanionException(caFile + " holds no PEM certificate");
      }
      TrustManagerFactory trust =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      trust.init(store);
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, trust.getTrustManagers(), null);
      return context;
    } catch (IOException | GeneralSecurityException e) {
      throw new CompanionException("cannot read the CA file " + caFile + ": " + e.getMessage(), e);
    }
  }

  /** Ends the session; a failure to do so only leaves it to expire on the agent. */
  @Override
  public void close() {
    if (session == null) {
      return;
    }
    try {
      exchange(request(session).header("X-Auth-Token", token), "DELETE", session, null);
    } catch (CompanionException e) {
      // the session times out on the agent
    } finally {
      session = null;
      token = null;
    }
  }
}

package io.gpuchassis.agent.redfish;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.firmware.BundleException;
import io.gpuchassis.firmware.StagingStore;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.http.ActionParameters;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.UpdateMessages;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Fetches the image of a SimpleUpdate over HTTP or HTTPS (the JDK's HTTP client; HTTPS servers are checked against the
 * JDK's trusted certificate authorities) into the staging store, bounded by its size limit.
 */
final class ImageFetch {

  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
  private static final Duration TRANSFER_TIMEOUT = Duration.ofMinutes(10);

  /**
   * Where the image is and how to ask for it.
   *
   * @param credentials {@code user:password} for HTTP Basic, when given
   */
  record Source(URI uri, Optional<String> credentials) {

    /** The SimpleUpdate parameters that say where the image is; every problem is a 400 naming the parameter. */
    static Source of(String action, ObjectNode body) {
      ActionParameters p = new ActionParameters(action, body)
          .expect(List.of("ImageURI"), List.of("TransferProtocol", "Username", "Password", "Targets", "ForceUpdate"),
              Set.of("ExcludeTargets", "Stage", "LocalImage"));
      String text = p.string("ImageURI");
      URI uri;
      try {
        uri = new URI(text);
      } catch (URISyntaxException e) {
        throw new RedfishException(400, BaseMessages.ACTION_PARAMETER_VALUE_FORMAT_ERROR.with(text, "ImageURI",
            action));
      }
      String scheme = uri.getScheme() == null ? null : uri.getScheme().toUpperCase(Locale.ROOT);
      String protocol = body.has("TransferProtocol") ? p.oneOf("TransferProtocol", List.of("HTTP", "HTTPS")) : scheme;
      if (protocol == null || !List.of("HTTP", "HTTPS").contains(protocol) || uri.getHost() == null) {
        throw new RedfishException(400, BaseMessages.ACTION_PARAMETER_VALUE_FORMAT_ERROR.with(text, "ImageURI",
            action)).withDetail("ImageURI must be an http:// or https:// URI (or a host and path with"
            + " TransferProtocol HTTP or HTTPS)");
      }
      if (scheme == null) {
        uri = URI.create(protocol.toLowerCase(Locale.ROOT) + "://" + text);
      } else if (!scheme.equals(protocol)) {
        throw new RedfishException(400, BaseMessages.ACTION_PARAMETER_VALUE_NOT_IN_LIST.with(scheme, "ImageURI",
            action)).withDetail("only HTTP and HTTPS image URIs are fetched, and TransferProtocol must agree");
      }
      Optional<String> credentials = body.has("Username")
          ? Optional.of(p.string("Username") + ":" + (body.has("Password") ? p.secret("Password") : ""))
          : Optional.empty();
      return new Source(uri, credentials);
    }
  }

  private final StagingStore staging;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).followRedirects(HttpClient.Redirect.NORMAL).build();

  ImageFetch(StagingStore staging) {
    this.staging = staging;
  }

  /** Fetches the image into the staging store; blocking. Fails with TransferFailed when it cannot be had. */
  Path stage(Source source) {
    HttpRequest.Builder request = HttpRequest.newBuilder(source.uri()).timeout(TRANSFER_TIMEOUT).GET();
    source.credentials().ifPresent(c -> request.header("Authorization",
        "Basic " + Base64.getEncoder().encodeToString(c.getBytes(StandardCharsets.UTF_8))));
    try {
      HttpResponse<InputStream> response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
      try (InputStream body = response.body()) {
        if (response.statusCode() != 200) {
          throw failed(source, "the server answered HTTP " + response.statusCode());
        }
        return staging.stage(body);
      }
    } catch (BundleException e) {
      throw new RedfishException(413, BaseMessages.PAYLOAD_TOO_LARGE.with()).withDetail(e.getMessage());
    } catch (IOException e) {
      throw failed(source, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw failed(source, "interrupted");
    }
  }

  private static RedfishException failed(Source source, String why) {
    return new RedfishException(400, UpdateMessages.TRANSFER_FAILED.with(source.uri().toString(), "UpdateService"))
        .withDetail("the image could not be fetched from " + source.uri() + ": " + why);
  }
}

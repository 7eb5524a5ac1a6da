package io.gpuchassis.agent.redfish.update;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.config.OutboundPolicy;
import io.gpuchassis.agent.events.OutboundGuard;
import io.gpuchassis.agent.firmware.ImageDownload;
import io.gpuchassis.agent.firmware.StagingWriter;
import io.gpuchassis.agent.tasks.Secrets;
import io.gpuchassis.firmware.BundleException;
import io.gpuchassis.firmware.StagingStore;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.http.ActionParameters;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.UpdateMessages;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Fetches the image of a SimpleUpdate into the staging place, where the {@link OutboundPolicy}
 * allows: https (http only when allowed), never into a denied network, checked when the request
 * arrives and again at every connection ({@link ImageDownload}). Bounded like a push: one at a
 * time, room on the file system first, the size limit, and the upload deadline for the whole
 * transfer.
 */
final class ImageFetch {

  /**
   * Where the image is and how to ask for it.
   *
   * @param uri the image's URI without user information
   * @param credentials {@code user:password} for HTTP Basic: Username and Password, or else the
   *     URI's user information
   * @param shown the URI as it may be shown to anyone: its user information masked
   */
  record Source(URI uri, Optional<String> credentials, String shown) {

    /**
     * The SimpleUpdate parameters that say where the image is; every problem is a 400 naming the
     * parameter.
     */
    static Source of(String action, ObjectNode body) {
      ActionParameters p =
          new ActionParameters(action, body)
              .expect(
                  List.of("ImageURI"),
                  List.of("TransferProtocol", "Username", "Password", "Targets", "ForceUpdate"),
                  Set.of("ExcludeTargets", "Stage", "LocalImage"));
      String text = p.string("ImageURI");
      String masked = Secrets.maskUris(text);
      URI uri;
      try {
        uri = new URI(text);
      } catch (URISyntaxException e) {
        throw RedfishErrors.of(
            BaseMessages.ACTION_PARAMETER_VALUE_FORMAT_ERROR.with(masked, "ImageURI", action));
      }
      String scheme = uri.getScheme() == null ? null : uri.getScheme().toUpperCase(Locale.ROOT);
      String protocol =
          body.has("TransferProtocol")
              ? p.oneOf("TransferProtocol", List.of("HTTP", "HTTPS"))
              : scheme;
      if (protocol == null
          || !List.of("HTTP", "HTTPS").contains(protocol)
          || (scheme != null && uri.getHost() == null)) {
        throw RedfishErrors.of(
                BaseMessages.ACTION_PARAMETER_VALUE_FORMAT_ERROR.with(masked, "ImageURI", action))
            .withDetail(
                "ImageURI must be an https:// URI (or a host and path with TransferProtocol HTTPS)");
      }
      if (scheme == null) {
        uri = URI.create(protocol.toLowerCase(Locale.ROOT) + "://" + text);
      } else if (!scheme.equals(protocol)) {
        throw RedfishErrors.of(
                BaseMessages.ACTION_PARAMETER_VALUE_NOT_IN_LIST.with(scheme, "ImageURI", action))
            .withDetail(
                "only HTTP and HTTPS image URIs are fetched, and TransferProtocol must agree");
      }
      if (uri.getHost() == null) {
        throw RedfishErrors.of(
                BaseMessages.ACTION_PARAMETER_VALUE_FORMAT_ERROR.with(masked, "ImageURI", action))
            .withDetail("ImageURI names no host");
      }
      Optional<String> credentials =
          body.has("Username")
              ? Optional.of(
                  p.string("Username") + ":" + (body.has("Password") ? p.secret("Password") : ""))
              : Optional.ofNullable(uri.getRawUserInfo())
                  .map(info -> URLDecoder.decode(info, StandardCharsets.UTF_8));
      return new Source(withoutUserInfo(uri), credentials, Secrets.maskUris(uri.toString()));
    }

    private static URI withoutUserInfo(URI uri) {
      String authority = uri.getRawAuthority();
      String hostPort = authority.substring(authority.lastIndexOf('@') + 1);
      String path = uri.getRawPath() == null ? "" : uri.getRawPath();
      return URI.create(
          uri.getScheme()
              + "://"
              + hostPort
              + path
              + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery()));
    }
  }

  private final Vertx vertx;
  private final StagingStore staging;
  private final long maxBytes;
  private final OutboundPolicy policy;
  private final OutboundGuard guard;
  private final ImageDownload download;

  ImageFetch(Vertx vertx, StagingStore staging, long maxBytes, OutboundPolicy policy) {
    this.vertx = vertx;
    this.staging = staging;
    this.maxBytes = maxBytes;
    this.policy = policy;
    this.guard = new OutboundGuard(policy);
    this.download = new ImageDownload(vertx, guard);
  }

  /**
   * Refuses, before any task starts, an image the agent may not fetch; blocking (it may ask DNS).
   */
  void check(Source source) {
    try {
      guard.check(source.uri());
    } catch (OutboundGuard.Refused e) {
      throw refused(source, e.getMessage());
    }
  }

  /**
   * Fetches the image into the staging place; blocking. The caller closes the returned upload once
   * done with its file. Fails with TransferFailed when the image cannot be had, and with the
   * refusals of a push otherwise.
   */
  StagingStore.Upload stage(Source source) {
    StagingStore.Upload upload = begin();
    StagingWriter writer = new StagingWriter(vertx, upload.file(), maxBytes, false);
    try {
      download
          .fetch(source.uri(), source.credentials(), this::requireRoom, writer)
          .toCompletionStage()
          .toCompletableFuture()
          .get(policy.uploadDeadline().toMillis(), TimeUnit.MILLISECONDS);
      return upload;
    } catch (TimeoutException e) {
      writer.abort(e);
      upload.close();
      throw failed(
          source, "it did not arrive within " + policy.uploadDeadline().toSeconds() + " s");
    } catch (ExecutionException e) {
      upload.close();
      throw refusal(source, e.getCause());
    } catch (InterruptedException e) {
      writer.abort(e);
      upload.close();
      Thread.currentThread().interrupt();
      throw failed(source, "interrupted");
    } catch (RuntimeException e) {
      upload.close();
      throw e;
    }
  }

  private StagingStore.Upload begin() {
    try {
      return staging
          .begin()
          .orElseThrow(
              () ->
                  RedfishErrors.retryLater(
                      MultipartPush.RETRY_AFTER_SECONDS,
                      "another firmware bundle is being received or checked"));
    } catch (IOException e) {
      throw RedfishErrors.of(BaseMessages.SERVICE_TEMPORARILY_UNAVAILABLE.with("10"))
          .withDetail("the image cannot be stored: " + e.getMessage());
    }
  }

  /** Before the body is read: not over the size limit, and room for it on the file system. */
  private void requireRoom(long declared) throws IOException {
    if (declared > maxBytes) {
      throw RedfishErrors.of(BaseMessages.PAYLOAD_TOO_LARGE.with())
          .withDetail("the image is " + declared + " bytes; MaxImageSizeBytes is " + maxBytes);
    }
    try {
      staging.requireSpace(
          declared >= 0 ? declared : maxBytes, policy.stagingFreeSpaceMarginBytes());
    } catch (BundleException e) {
      throw RedfishErrors.of(BaseMessages.INSUFFICIENT_STORAGE.with())
          .withDetail("the image cannot be stored: " + e.getMessage());
    }
  }

  private RedfishException refusal(Source source, Throwable cause) {
    if (cause instanceof RedfishException r) {
      return r;
    }
    if (cause instanceof ImageDownload.Failed f) {
      return switch (f.kind()) {
        case REFUSED -> refused(source, f.getMessage());
        case TOO_LARGE ->
            RedfishErrors.of(BaseMessages.PAYLOAD_TOO_LARGE.with())
                .withDetail("the image is larger than MaxImageSizeBytes (" + maxBytes + ")");
        case UNAVAILABLE -> failed(source, f.getMessage());
      };
    }
    return failed(
        source,
        cause.getMessage() == null
            ? cause.getClass().getSimpleName()
            : Secrets.maskUris(cause.getMessage()));
  }

  private static RedfishException refused(Source source, String why) {
    return RedfishErrors.of(
            BaseMessages.ACTION_PARAMETER_VALUE_FORMAT_ERROR.with(
                source.shown(), "ImageURI", UpdateServiceResource.SIMPLE_UPDATE))
        .withDetail("ImageURI is refused: " + why);
  }

  private static RedfishException failed(Source source, String why) {
    return RedfishErrors.of(UpdateMessages.TRANSFER_FAILED.with(source.shown(), "UpdateService"))
        .withDetail("the image could not be fetched from " + source.shown() + ": " + why);
  }
}

package io.gpuchassis.agent.redfish.update;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.firmware.StagingWriter;
import io.gpuchassis.agent.tasks.Secrets;
import io.gpuchassis.firmware.BundleException;
import io.gpuchassis.firmware.StagingStore;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.json.RedfishJson;
import io.gpuchassis.redfish.message.BaseMessages;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerFileUpload;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import java.time.Duration;
import java.util.Locale;

/**
 * Receives a firmware push as {@code multipart/form-data} (DSP0266 "Multipart HTTP push update"):
 * the {@code UpdateParameters} part as JSON and the {@code UpdateFile} part streamed straight into
 * the staging place. Bytes beyond the size limit are read but not stored, and the push is answered
 * 413. Other parts ({@code OemXxx}) are read and ignored. The request must arrive paused (the
 * router's first handler pauses it): the upload is only taken once the caller is authenticated and
 * authorised.
 *
 * <p>The same receiver takes the older, unstructured push to {@code HttpPushUri}: the bundle as the
 * whole {@code application/octet-stream} body, with no parameters ({@link #receiveRaw}).
 *
 * <p>Against a client that fills the disk: one push at a time (a second one is answered 503 with
 * Retry-After), none unless the state file system has room for it (its Content-Length, or the size
 * limit, plus a margin; 507), and a push that has not arrived whole within its deadline, or whose
 * connection ends first, has its file removed at once and is answered 408 (or nothing, when the
 * client is gone). A refused push's connection is closed once answered, so the rest of its body is
 * never read.
 */
final class MultipartPush {

  /** Largest UpdateParameters part accepted. */
  private static final int MAX_PARAMETERS_BYTES = 64 * 1024;

  /** Room for the part headers, boundaries and any small Oem parts around the bundle. */
  private static final int MULTIPART_OVERHEAD_BYTES = 64 * 1024;

  /** When a client refused for a push in progress is asked to try again. */
  static final int RETRY_AFTER_SECONDS = 10;

  /**
   * How a push is bounded.
   *
   * @param maxBytes the largest bundle (MaxImageSizeBytes)
   * @param deadline how long the whole push may take to arrive
   * @param freeSpaceMargin bytes the state file system keeps free beyond the push
   */
  record Limits(long maxBytes, Duration deadline, long freeSpaceMargin) {}

  /**
   * A received push: its parameters, and the staging place holding its file (close it when done
   * with the file).
   */
  record Received(ObjectNode parameters, StagingStore.Upload upload, String fileName) {}

  private final Vertx vertx;
  private final RoutingContext ctx;
  private final HttpServerRequest request;
  private final StagingStore staging;
  private final Limits limits;

  /** The whole body is the bundle (HttpPushUri), not multipart parts. */
  private final boolean raw;

  private final Promise<Received> result = Promise.promise();
  private StagingStore.Upload upload;
  private StagingWriter writer;
  private Buffer parameters;
  private String fileName;
  private Future<Long> fileWritten = Future.succeededFuture(0L);

  /** Set once the push is answered either way: nothing more is done for it. */
  private boolean settled;

  private long deadlineTimer = -1;

  private MultipartPush(
      Vertx vertx, RoutingContext ctx, StagingStore staging, Limits limits, boolean raw) {
    this.vertx = vertx;
    this.ctx = ctx;
    this.request = ctx.request();
    this.staging = staging;
    this.limits = limits;
    this.raw = raw;
  }

  /**
   * Reads the push; fails with a RedfishException (400, 408, 413, 503, 507) when it is not one or
   * cannot be taken, leaving no file behind.
   */
  static Future<Received> receive(
      Vertx vertx, RoutingContext ctx, StagingStore staging, Limits limits) {
    return new MultipartPush(vertx, ctx, staging, limits, false).start();
  }

  /**
   * Reads a push whose whole body is the bundle ({@code HttpPushUri}); its parameters are empty.
   * Fails as {@link #receive} does.
   */
  static Future<Received> receiveRaw(
      Vertx vertx, RoutingContext ctx, StagingStore staging, Limits limits) {
    return new MultipartPush(vertx, ctx, staging, limits, true).start();
  }

  private Future<Received> start() {
    ctx.addEndHandler(
        sent -> {
          // A refusal answered before its body was read closes the connection in the
          // ConnectionGuard, after telling the client so; closing here as well raced a client that
          // had been told nothing into sending its next request on a dead connection.
          if (sent.failed()) {
            fail(brokeOff("the connection closed"));
          }
        });
    String type = request.getHeader("Content-Type");
    if (raw) {
      if (type == null || !type.toLowerCase(Locale.ROOT).startsWith("application/octet-stream")) {
        // JSON passes the router's ContentTypeRule everywhere; this URI takes the bundle itself
        fail(RedfishErrors.unsupportedMediaType(type));
        return result.future();
      }
    } else if (type == null || !type.toLowerCase(Locale.ROOT).startsWith("multipart/form-data")) {
      fail(
          missingFile()
              .withDetail(
                  "push the bundle as multipart/form-data with an UpdateFile part (and optionally UpdateParameters)"));
      return result.future();
    }
    long declared = declaredLength();
    if (declared
        > limits.maxBytes() + (raw ? 0 : MAX_PARAMETERS_BYTES + MULTIPART_OVERHEAD_BYTES)) {
      fail(
          tooLarge()
              .withDetail(
                  "the push declares "
                      + declared
                      + " bytes; MaxImageSizeBytes is "
                      + limits.maxBytes()));
      return result.future();
    }
    deadlineTimer =
        vertx.setTimer(
            limits.deadline().toMillis(),
            t ->
                fail(
                    RedfishErrors.requestTimeout(BaseMessages.MISSING_OR_MALFORMED_PART.with())
                        .withDetail(
                            "the push did not arrive whole within "
                                + limits.deadline().toSeconds()
                                + " s; it was discarded")));
    request.exceptionHandler(e -> fail(brokeOff(e.getMessage())));
    vertx
        .executeBlocking(() -> claim(declared >= 0 ? declared : limits.maxBytes()), false)
        .onFailure(this::fail)
        .onSuccess(
            claimed -> {
              upload = claimed;
              if (settled) {
                discard(); // given up while the place was being taken
              } else {
                receiveParts();
              }
            });
    return result.future();
  }

  /**
   * Takes the one staging place and checks the room for {@code bytes}; blocking (file system
   * calls).
   */
  private StagingStore.Upload claim(long bytes) {
    StagingStore.Upload claimed;
    try {
      claimed =
          staging
              .begin()
              .orElseThrow(
                  () ->
                      RedfishErrors.retryLater(
                          RETRY_AFTER_SECONDS,
                          "another firmware bundle is being received or checked; push again when it is done"));
    } catch (IOException e) {
      throw unstorable(e.getMessage());
    }
    try {
      staging.requireSpace(bytes, limits.freeSpaceMargin());
      return claimed;
    } catch (BundleException e) {
      claimed.close();
      throw RedfishErrors.of(BaseMessages.INSUFFICIENT_STORAGE.with())
          .withDetail("the bundle cannot be stored: " + e.getMessage());
    } catch (IOException | RuntimeException e) {
      claimed.close();
      throw e instanceof RedfishException r ? r : unstorable(e.getMessage());
    }
  }

  private void receiveParts() {
    if (raw) {
      fileName = "HttpPushUri";
      writer = new StagingWriter(vertx, upload.file(), limits.maxBytes(), true);
      // the writer owns the request's handlers: it ends when the body has been read whole
      fileWritten = writer.copy(request);
      fileWritten.onComplete(written -> finish());
      return;
    }
    request.setExpectMultipart(true);
    request.uploadHandler(this::part);
    request.endHandler(v -> fileWritten.onComplete(written -> finish()));
    request.resume();
  }

  private void part(HttpServerFileUpload part) {
    switch (part.name()) {
      case "UpdateParameters" -> {
        Buffer content = Buffer.buffer();
        part.handler(
            chunk -> {
              if (content.length() + chunk.length() <= MAX_PARAMETERS_BYTES) {
                content.appendBuffer(chunk);
              }
            });
        part.endHandler(v -> parameters = content);
      }
      case "UpdateFile" -> {
        if (writer != null || settled) {
          part.handler(chunk -> {});
          return;
        }
        fileName =
            part.filename() == null || part.filename().isBlank()
                ? "UpdateFile"
                : Secrets.maskUris(part.filename());
        writer = new StagingWriter(vertx, upload.file(), limits.maxBytes(), true);
        fileWritten = writer.copy(part);
      }
      default -> part.handler(chunk -> {});
    }
  }

  private void finish() {
    if (settled) {
      return;
    }
    if (fileWritten.failed()) {
      fail(unstorable(fileWritten.cause().getMessage()));
      return;
    }
    if (writer == null) {
      fail(missingFile().withDetail("the push has no UpdateFile part"));
      return;
    }
    if (raw) {
      if (fileWritten.result() == 0) {
        fail(
            RedfishErrors.of(BaseMessages.NO_OPERATION.with())
                .withDetail("the push has no body: POST the bundle itself"));
        return;
      }
      settled = true;
      vertx.cancelTimer(deadlineTimer);
      result.complete(new Received(RedfishJson.mapper().createObjectNode(), upload, fileName));
      return;
    }
    if (fileWritten.result() > limits.maxBytes()) {
      fail(
          tooLarge()
              .withDetail(
                  "the bundle is larger than MaxImageSizeBytes (" + limits.maxBytes() + ")"));
      return;
    }
    String text = request.formAttributes().get("UpdateParameters");
    Buffer raw = text != null ? Buffer.buffer(text) : parameters;
    try {
      ObjectNode params =
          raw == null || raw.length() == 0
              ? RedfishJson.mapper().createObjectNode()
              : (ObjectNode) RedfishJson.mapper().readTree(raw.getBytes());
      settled = true;
      vertx.cancelTimer(deadlineTimer);
      result.complete(new Received(params, upload, fileName));
    } catch (IOException | ClassCastException e) {
      fail(
          RedfishErrors.of(BaseMessages.MALFORMED_JSON.with())
              .withDetail("the UpdateParameters part is not a JSON object"));
    }
  }

  /**
   * Ends the push with {@code e}: the file is closed and removed at once and the staging place
   * freed, and only then is the push answered, so that a client may push again as soon as it has
   * its answer.
   */
  private void fail(Throwable e) {
    if (settled) {
      return;
    }
    settled = true;
    vertx.cancelTimer(deadlineTimer);
    discard().onComplete(done -> result.fail(e));
  }

  private Future<Void> discard() {
    Future<Void> closed =
        writer == null
            ? Future.succeededFuture()
            : writer.abort(new IllegalStateException("ended"));
    StagingStore.Upload held = upload;
    if (held == null) {
      return closed;
    }
    return closed
        .transform(
            c ->
                vertx.executeBlocking(
                    () -> {
                      held.close();
                      return null;
                    },
                    false))
        .mapEmpty();
  }

  private long declaredLength() {
    String length = request.getHeader("Content-Length");
    return length != null && length.matches("\\d{1,18}") ? Long.parseLong(length) : -1;
  }

  private static RedfishException brokeOff(String why) {
    return RedfishErrors.of(BaseMessages.MISSING_OR_MALFORMED_PART.with())
        .withDetail("the push broke off before it was whole (" + why + "); nothing was kept");
  }

  private static RedfishException unstorable(String why) {
    return RedfishErrors.of(BaseMessages.SERVICE_TEMPORARILY_UNAVAILABLE.with("10"))
        .withDetail("the bundle could not be stored: " + why);
  }

  private static RedfishException tooLarge() {
    return RedfishErrors.of(BaseMessages.PAYLOAD_TOO_LARGE.with());
  }

  private static RedfishException missingFile() {
    return RedfishErrors.of(
        BaseMessages.ACTION_PARAMETER_MISSING.with(
            "UpdateService.MultipartHttpPush", "UpdateFile"));
  }
}

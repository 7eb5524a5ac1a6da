package io.gpuchassis.agent.redfish;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.json.RedfishJson;
import io.gpuchassis.redfish.message.BaseMessages;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.file.AsyncFile;
import io.vertx.core.file.OpenOptions;
import io.vertx.core.http.HttpServerFileUpload;
import io.vertx.core.http.HttpServerRequest;
import java.nio.file.Path;
import java.util.Locale;
import java.util.UUID;

/**
 * Receives a firmware push as {@code multipart/form-data} (DSP0266 "Multipart HTTP push update"): the
 * {@code UpdateParameters} part as JSON and the {@code UpdateFile} part streamed straight into the staging folder.
 * Bytes beyond the size limit are read but not stored, and the push is answered 413. Other parts ({@code OemXxx}) are
 * read and ignored. The request must arrive paused (the router's first handler pauses it): the upload is only taken
 * once the caller is authenticated and authorised.
 */
final class MultipartPush {

  /** Largest UpdateParameters part accepted. */
  private static final int MAX_PARAMETERS_BYTES = 64 * 1024;

  /** A received push: its parameters and where its file lies (to be discarded by whoever takes it). */
  record Received(ObjectNode parameters, Path file, String fileName) {}

  private final Vertx vertx;
  private final HttpServerRequest request;
  private final Path stagingDir;
  private final long maxBytes;
  private final Promise<Received> result = Promise.promise();
  private Buffer parameters;
  private Path file;
  private String fileName;
  private Future<Void> fileWritten = Future.succeededFuture();
  private long received;

  private MultipartPush(Vertx vertx, HttpServerRequest request, Path stagingDir, long maxBytes) {
    this.vertx = vertx;
    this.request = request;
    this.stagingDir = stagingDir;
    this.maxBytes = maxBytes;
  }

  /** Reads the push; fails with a RedfishException (400, 413) when it is not one, leaving no file behind. */
  static Future<Received> receive(Vertx vertx, HttpServerRequest request, Path stagingDir, long maxBytes) {
    return new MultipartPush(vertx, request, stagingDir, maxBytes).start();
  }

  private Future<Received> start() {
    String type = request.getHeader("Content-Type");
    if (type == null || !type.toLowerCase(Locale.ROOT).startsWith("multipart/form-data")) {
      request.resume();
      return Future.failedFuture(missingFile().withDetail(
          "push the bundle as multipart/form-data with an UpdateFile part (and optionally UpdateParameters)"));
    }
    request.setExpectMultipart(true);
    request.uploadHandler(this::part);
    request.exceptionHandler(e -> fail(new RedfishException(400, BaseMessages.GENERAL_ERROR.with())
        .withDetail("the upload broke off: " + e.getMessage())));
    request.endHandler(v -> fileWritten.onComplete(written -> finish()));
    request.resume();
    return result.future();
  }

  private void part(HttpServerFileUpload upload) {
    switch (upload.name()) {
      case "UpdateParameters" -> {
        Buffer content = Buffer.buffer();
        upload.handler(chunk -> {
          if (content.length() + chunk.length() <= MAX_PARAMETERS_BYTES) {
            content.appendBuffer(chunk);
          }
        });
        upload.endHandler(v -> parameters = content);
      }
      case "UpdateFile" -> {
        if (file != null) {
          upload.handler(chunk -> { });
          return;
        }
        file = stagingDir.resolve("push-" + UUID.randomUUID() + ".part");
        fileName = upload.filename() == null || upload.filename().isBlank() ? "UpdateFile" : upload.filename();
        upload.pause();
        Promise<Void> written = Promise.promise();
        fileWritten = written.future();
        vertx.fileSystem().open(file.toString(), new OpenOptions().setCreateNew(true).setWrite(true))
            .onFailure(written::fail)
            .onSuccess(out -> stream(upload, out, written));
      }
      default -> upload.handler(chunk -> { });
    }
  }

  private void stream(HttpServerFileUpload upload, AsyncFile out, Promise<Void> written) {
    upload.handler(chunk -> {
      received += chunk.length();
      if (received > maxBytes) {
        return; // keep reading, stop storing: the push is refused at its end
      }
      out.write(chunk);
      if (out.writeQueueFull()) {
        upload.pause();
        out.drainHandler(v -> upload.resume());
      }
    });
    upload.exceptionHandler(e -> out.close());
    upload.endHandler(v -> out.close().onComplete(closed -> written.handle(closed)));
    upload.resume();
  }

  private void finish() {
    if (fileWritten.failed()) {
      fail(new RedfishException(503, BaseMessages.SERVICE_TEMPORARILY_UNAVAILABLE.with("10"))
          .withDetail("the bundle could not be stored: " + fileWritten.cause().getMessage()));
      return;
    }
    if (file == null) {
      fail(missingFile().withDetail("the push has no UpdateFile part"));
      return;
    }
    if (received > maxBytes) {
      fail(new RedfishException(413, BaseMessages.PAYLOAD_TOO_LARGE.with())
          .withDetail("the bundle is larger than MaxImageSizeBytes (" + maxBytes + ")"));
      return;
    }
    String text = request.formAttributes().get("UpdateParameters");
    Buffer raw = text != null ? Buffer.buffer(text) : parameters;
    try {
      ObjectNode params = raw == null || raw.length() == 0 ? RedfishJson.mapper().createObjectNode()
          : (ObjectNode) RedfishJson.mapper().readTree(raw.getBytes());
      result.tryComplete(new Received(params, file, fileName));
    } catch (java.io.IOException | ClassCastException e) {
      fail(new RedfishException(400, BaseMessages.MALFORMED_JSON.with())
          .withDetail("the UpdateParameters part is not a JSON object"));
    }
  }

  private void fail(RedfishException e) {
    if (file != null) {
      vertx.fileSystem().delete(file.toString());
    }
    result.tryFail(e);
  }

  private static RedfishException missingFile() {
    return new RedfishException(400, BaseMessages.ACTION_PARAMETER_MISSING.with("UpdateService.MultipartHttpPush",
        "UpdateFile"));
  }
}

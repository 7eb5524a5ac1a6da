package io.gpuchassis.agent.firmware;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.file.AsyncFile;
import io.vertx.core.file.OpenOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.streams.ReadStream;
import java.nio.file.Path;

/**
 * Streams a bundle as it arrives (a pushed part, a fetched body) into its staging file: the source
 * is paused while the disk catches up, at most {@code maxBytes} are stored, and {@link #abort}
 * closes the file at once so that its space can be given back. Call it on one Vert.x context.
 */
public final class StagingWriter {

  /** More than the limit arrived; only when the excess is not drained. */
  public static final class TooLarge extends Exception {
    private static final long serialVersionUID = 1L;

    TooLarge(long maxBytes) {
      super("more than " + maxBytes + " bytes arrived", null, false, false);
    }
  }

  private final Vertx vertx;
  private final Path file;
  private final long maxBytes;
  private final boolean drainExcess;
  private final Promise<Long> done = Promise.promise();
  private AsyncFile out;
  private Future<Void> closed;
  private ReadStream<Buffer> source;
  private long received;

  /**
   * @param file an existing, empty file (the staging place's)
   * @param drainExcess whether bytes beyond the limit are read and dropped (a push answered at its
   *     end) rather than failing the copy with {@link TooLarge} at once (a fetch, which can simply
   *     stop)
   */
  public StagingWriter(Vertx vertx, Path file, long maxBytes, boolean drainExcess) {
    this.vertx = vertx;
    this.file = file;
    this.maxBytes = maxBytes;
    this.drainExcess = drainExcess;
  }

  /**
   * Copies {@code from} (paused by the caller until now) to the file; completes with the bytes
   * received in all.
   */
  public Future<Long> copy(ReadStream<Buffer> from) {
    this.source = from;
    if (done.future().isComplete()) {
      abort(done.future().cause()); // aborted before the body came: stop it too
      return done.future();
    }
    from.pause();
    vertx
        .fileSystem()
        .open(
            file.toString(),
            new OpenOptions().setWrite(true).setCreate(false).setTruncateExisting(true))
        .onFailure(done::tryFail)
        .onSuccess(
            opened -> {
              out = opened;
              if (done.future().isComplete()) {
                closeFile(); // aborted while opening
                return;
              }
              stream(from, opened);
            });
    return done.future();
  }

  /** Bytes received so far, stored or not. */
  public long received() {
    return received;
  }

  /** Stops: the source is no longer read, the file is closed, the copy fails with {@code why}. */
  public Future<Void> abort(Throwable why) {
    done.tryFail(why);
    if (source instanceof HttpClientResponse fetched) {
      fetched.exceptionHandler(ignored -> {}); // the reset is expected
      fetched
          .request()
          .reset(); // a fetch stops here; a push's connection is closed by its receiver
    } else if (source != null) {
      source.handler(null);
    }
    return closeFile();
  }

  private void stream(ReadStream<Buffer> from, AsyncFile to) {
    from.handler(
        chunk -> {
          received += chunk.length();
          if (received > maxBytes) {
            if (!drainExcess) {
              abort(new TooLarge(maxBytes));
            }
            return; // keep reading, stop storing
          }
          to.write(chunk);
          if (to.writeQueueFull()) {
            from.pause();
            to.drainHandler(v -> from.resume());
          }
        });
    from.exceptionHandler(e -> abort(e));
    to.exceptionHandler(e -> abort(e));
    from.endHandler(
        v -> {
          if (done.future().isComplete()) {
            return;
          }
          closeFile()
              .onComplete(
                  closed -> {
                    if (closed.failed()) {
                      done.tryFail(closed.cause());
                    } else {
                      done.tryComplete(received);
                    }
                  });
        });
    from.resume();
  }

  /** Closes the file once; a later call (an abort racing the end) gets the same close. */
  private Future<Void> closeFile() {
    if (out == null) {
      return Future.succeededFuture();
    }
    if (closed == null) {
      closed = out.close();
    }
    return closed;
  }
}

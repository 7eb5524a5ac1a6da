package io.gpuchassis.agent.events;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.LongFunction;

/**
 * The write side of one Server-Sent Event stream, bounded: frames wait here until the socket takes
 * them, and at most {@code limitBytes} of live events may wait. A reader that falls further behind
 * is not buffered for: the frames already waiting are still sent, then a notice of the gap (without
 * an {@code id:} line, so the reader's Last-Event-ID stays at the last event it got and a reconnect
 * replays from there), then the response ends and the connection is closed; a reader that does not
 * take even that within {@code grace} is cut off. Events replayed for a reconnecting reader are
 * bounded by the EventLog and not counted. Not thread-safe: call it on the stream's context.
 */
public final class SseOutbox {

  /** Bytes handed to the connection at a time; the rest waits here, where it is counted. */
  static final int IN_FLIGHT_BYTES = 64 * 1024;

  private record Frame(Buffer data, boolean counted) {}

  private final Vertx vertx;
  private final HttpServerResponse response;
  private final Runnable closeConnection;
  private final long limitBytes;
  private final Duration grace;
  private final LongFunction<String> gapNotice;
  private final Deque<Frame> queue = new ArrayDeque<>();
  private long countedBytes;
  private long inFlight;
  private boolean overflowed;
  private boolean ended;

  /**
   * @param closeConnection closes the stream's connection
   * @param gapNotice the frame telling the reader that events from the given id on were not sent
   */
  public SseOutbox(
      Vertx vertx,
      HttpServerResponse response,
      Runnable closeConnection,
      long limitBytes,
      Duration grace,
      LongFunction<String> gapNotice) {
    this.vertx = vertx;
    this.response = response;
    this.closeConnection = closeConnection;
    this.limitBytes = limitBytes;
    this.grace = grace;
    this.gapNotice = gapNotice;
  }

  /**
   * Queues the frame of event {@code id}. Returns false when the reader is too far behind: then
   * this event and every later one are not sent, the reader is told, and the stream ends.
   */
  public boolean offerEvent(long id, String frame) {
    if (overflowed || ended) {
      return false;
    }
    Buffer data = Buffer.buffer(frame);
    if (countedBytes + data.length() > limitBytes) {
      overflow(id);
      return false;
    }
    add(new Frame(data, true));
    return true;
  }

  /**
   * Queues a comment (a heartbeat); dropped when the reader is behind, which keeps the connection
   * busy anyway.
   */
  public void offerComment(String comment) {
    if (!overflowed && !ended && countedBytes + comment.length() <= limitBytes) {
      add(new Frame(Buffer.buffer(comment), true));
    }
  }

  /**
   * Queues a metric report. Dropped, as a heartbeat is, when it does not fit: the next report
   * carries newer values, and a reader of reports is not cut off for it. Returns whether it was
   * queued.
   */
  public boolean offerReport(String frame) {
    if (overflowed || ended || countedBytes + frame.length() > limitBytes) {
      return false;
    }
    add(new Frame(Buffer.buffer(frame), true));
    return true;
  }

  /**
   * Queues an event replayed from the EventLog for a reader that reconnected; the log's size bounds
   * these.
   */
  public void replay(String frame) {
    if (!overflowed && !ended) {
      add(new Frame(Buffer.buffer(frame), false));
    }
  }

  public boolean overflowed() {
    return overflowed;
  }

  /** Bytes of live events waiting for the reader. */
  public long waitingBytes() {
    return countedBytes;
  }

  /** Ends the stream normally (its destination was deleted, its session ended). */
  public void end() {
    ended = true;
    queue.clear();
    countedBytes = 0;
    if (!response.ended() && !response.closed()) {
      response.end();
    }
  }

  private void overflow(long firstDropped) {
    overflowed = true;
    queue.addLast(new Frame(Buffer.buffer(gapNotice.apply(firstDropped)), false));
    vertx.setTimer(Math.max(1, grace.toMillis()), t -> closeConnection.run());
    pump();
  }

  private void add(Frame frame) {
    queue.addLast(frame);
    if (frame.counted()) {
      countedBytes += frame.data().length();
    }
    pump();
  }

  private void pump() {
    while (!queue.isEmpty() && inFlight < IN_FLIGHT_BYTES) {
      if (response.closed() || response.ended()) {
        queue.clear();
        countedBytes = 0;
        return;
      }
      Frame next = queue.pollFirst();
      int size = next.data().length();
      if (next.counted()) {
        countedBytes -= size;
      }
      inFlight += size;
      response
          .write(next.data())
          .onComplete(
              written -> {
                inFlight -= size;
                if (written.succeeded()) {
                  pump();
                }
              });
    }
    if (overflowed && queue.isEmpty() && !ended) {
      // Everything the reader was owed, and the notice, is on its way: finish, and free the
      // connection once sent.
      ended = true;
      response.end().onComplete(done -> closeConnection.run());
    }
  }
}

package io.gpuchassis.agent.it;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Iterator;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Reads a real Server-Sent Event stream on a thread of its own: each event's {@code id:} and {@code
 * data:} lines become one {@link Received}; comment lines (heartbeats) are skipped. Knows when the
 * server ended the stream.
 */
final class SseReader implements AutoCloseable {

  /** One event: its SSE id and its data (the Event JSON). */
  record Received(String id, JsonNode data) {}

  final HttpResponse<Stream<String>> response;
  private final BlockingQueue<Received> events = new LinkedBlockingQueue<>();
  private final CountDownLatch ended = new CountDownLatch(1);
  private final Thread thread;

  SseReader(HttpResponse<Stream<String>> response) {
    this.response = response;
    this.thread = new Thread(this::read, "sse-reader");
    thread.setDaemon(true);
    thread.start();
  }

  private void read() {
    try {
      Iterator<String> lines = response.body().iterator();
      String id = null;
      StringBuilder data = new StringBuilder();
      while (lines.hasNext()) {
        String line = lines.next();
        if (line.startsWith("id:")) {
          id = line.substring(3).trim();
        } else if (line.startsWith("data:")) {
          data.append(line.substring(5).trim());
        } else if (line.isEmpty() && data.length() > 0) {
          events.add(new Received(id, AgentClient.JSON.readTree(data.toString())));
          id = null;
          data.setLength(0);
        }
      }
    } catch (Exception e) {
      // The stream was closed under us: that is an end too.
    } finally {
      ended.countDown();
    }
  }

  /** The next event within {@code timeout}, or null. */
  Received next(Duration timeout) throws InterruptedException {
    return events.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** Whether the server ended the stream within {@code timeout}. */
  boolean endsWithin(Duration timeout) throws InterruptedException {
    return ended.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  @Override
  public void close() {
    response.body().close();
    thread.interrupt();
  }
}

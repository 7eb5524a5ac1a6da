package io.gpuchassis.agent.http;

import io.vertx.core.Handler;
import io.vertx.core.http.HttpConnection;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Closes new connections beyond {@code max} open ones, so that a flood of idle connections cannot use up the agent's
 * file descriptors and memory. Orchestrators keep a few keep-alive connections; 128 is far above that.
 */
final class ConnectionLimit implements Handler<HttpConnection> {

  private static final Logger LOG = LoggerFactory.getLogger(ConnectionLimit.class);

  private final int max;
  private final AtomicInteger open = new AtomicInteger();

  ConnectionLimit(int max) {
    this.max = max;
  }

  @Override
  public void handle(HttpConnection connection) {
    if (open.incrementAndGet() > max) {
      open.decrementAndGet();
      LOG.warn("Refusing a connection from {}: {} connections are open", connection.remoteAddress(), max);
      connection.close();
      return;
    }
    connection.closeHandler(closed -> open.decrementAndGet());
  }

  int open() {
    return open.get();
  }
}

package io.gpuchassis.agent.http;

import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;

/**
 * The agent's Vert.x instance: Netty's native epoll transport where its library loads (Linux x86_64
 * and aarch64), Java NIO elsewhere. Epoll spares each read and write the selector's bookkeeping and
 * the JDK's socket wrappers (docs/PERFORMANCE.md has the measurement).
 */
public final class EventLoops {

  private EventLoops() {}

  /** Vert.x with {@code options} (its pools), on epoll where it loads. */
  public static Vertx create(VertxOptions options) {
    return Vertx.vertx(options.setPreferNativeTransport(true));
  }

  /** For the start-up log: which transport the instance runs on. */
  public static String describe(Vertx vertx) {
    return vertx.isNativeTransportEnabled() ? "epoll" : "Java NIO";
  }
}

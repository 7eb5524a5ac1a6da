package io.gpuchassis.switchdrv.expether;

import java.time.Duration;
import java.util.Objects;
import javax.net.ssl.SSLContext;

/**
 * How the client reaches the manager.
 *
 * @param connectTimeout how long a TCP (and TLS) connect may take
 * @param requestTimeout how long one request may wait for its answer
 * @param sslContext the trust for an {@code https} manager; null for the JDK's default
 */
public record EemOptions(Duration connectTimeout, Duration requestTimeout, SSLContext sslContext) {

  public EemOptions {
    Objects.requireNonNull(connectTimeout, "connectTimeout");
    Objects.requireNonNull(requestTimeout, "requestTimeout");
  }

  /** Generous enough for a manager on a management LAN; a group change answers at once. */
  public static EemOptions defaults() {
    return new EemOptions(Duration.ofSeconds(5), Duration.ofSeconds(30), null);
  }

  public EemOptions withRequestTimeout(Duration timeout) {
    return new EemOptions(connectTimeout, timeout, sslContext);
  }
}

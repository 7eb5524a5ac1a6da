package io.gpuchassis.agent.events;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import java.time.Duration;
import java.util.concurrent.CompletionStage;

/**
 * Delivers events with Vert.x's asynchronous HTTP client: no thread waits for a subscriber. Connection pools are per
 * destination host, so one slow receiver cannot take the connections another needs. HTTPS destinations must present
 * a certificate the JVM trusts, for the host named.
 */
public final class HttpEventSender implements EventSender, AutoCloseable {

  private final HttpClient client;
  private final Duration timeout;

  /** @param timeout how long a receiver may take to answer before the delivery counts as failed */
  public HttpEventSender(Vertx vertx, Duration timeout) {
    this.client =
        vertx.createHttpClient(
            new HttpClientOptions().setConnectTimeout((int) Math.min(timeout.toMillis(), 5_000)).setVerifyHost(true));
    this.timeout = timeout;
  }

  @Override
  public CompletionStage<Integer> post(String destination, String jsonBody) {
    RequestOptions options =
        new RequestOptions()
            .setAbsoluteURI(destination)
            .setMethod(HttpMethod.POST)
            .setIdleTimeout(timeout.toMillis())
            .putHeader("Content-Type", "application/json")
            .putHeader("OData-Version", "4.0");
    return client
        .request(options)
        .compose(request -> request.send(Buffer.buffer(jsonBody)))
        .compose(response -> response.body().map(ignored -> response.statusCode()))
        .toCompletionStage();
  }

  @Override
  public void close() {
    client.close();
  }
}

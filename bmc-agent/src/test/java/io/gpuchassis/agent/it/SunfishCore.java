package io.gpuchassis.agent.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.tls.TestCertificates;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.PemKeyCertOptions;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The event side of an OpenFabrics Sunfish core, over HTTPS as a real one is reached: its
 * EventListener records every event body POSTed to it, answers an {@code
 * AggregationSourceDiscovered} with 200 and the AggregationSource it makes for the agent (a new one
 * at every registration, as the reference core makes a new UUID each time), and anything else with
 * 200.
 */
final class SunfishCore implements AutoCloseable {

  static final String LISTENER = "/EventListener";

  private final HttpServer server;
  private final BlockingQueue<JsonNode> received = new LinkedBlockingQueue<>();
  private volatile String lastSource = "";

  private SunfishCore(HttpServer server) {
    this.server = server;
  }

  /** Listens on a free loopback port, presenting {@code certificate} (it names 127.0.0.1). */
  static SunfishCore start(Vertx vertx, TestCertificates.Issued certificate) {
    SunfishCore[] self = new SunfishCore[1];
    HttpServer server =
        vertx
            .createHttpServer(
                new HttpServerOptions()
                    .setSsl(true)
                    .setKeyCertOptions(
                        new PemKeyCertOptions()
                            .addCertValue(Buffer.buffer(certificate.certificatePem()))
                            .addKeyValue(Buffer.buffer(certificate.pkcs8KeyPem()))))
            .requestHandler(
                request ->
                    request
                        .body()
                        .onSuccess(
                            body -> {
                              JsonNode event;
                              try {
                                event = AgentClient.JSON.readTree(body.getBytes());
                              } catch (java.io.IOException e) {
                                request.response().setStatusCode(400).end();
                                return;
                              }
                              // The source is made before the event is seen: a test that has
                              // the event may read the source at once
                              String answer =
                                  messageOf(event).endsWith(".AggregationSourceDiscovered")
                                      ? self[0].aggregationSource(event)
                                      : "{}";
                              self[0].received.add(event);
                              request
                                  .response()
                                  .setStatusCode(200)
                                  .putHeader("Content-Type", "application/json")
                                  .end(answer);
                            }));
    self[0] = new SunfishCore(server);
    server.listen(0, "127.0.0.1").await();
    return self[0];
  }

  /** The AggregationSource the core makes for the agent that sent {@code event}. */
  private String aggregationSource(JsonNode event) {
    String id = UUID.randomUUID().toString();
    lastSource = id;
    ObjectNode source = AgentClient.JSON.createObjectNode();
    source.put("@odata.type", "#AggregationSource.v1_5_0.AggregationSource");
    source.put("@odata.id", "/redfish/v1/AggregationService/AggregationSources/" + id);
    source.put("Id", id);
    source.put("Name", "Agent " + id);
    source.put("HostName", event.at("/Events/0/MessageArgs/1").asText());
    source.putObject("Links").putArray("ResourcesAccessed");
    return source.toString();
  }

  static String messageOf(JsonNode event) {
    return event.at("/Events/0/MessageId").asText();
  }

  String url() {
    return "https://127.0.0.1:" + server.actualPort() + LISTENER;
  }

  /** The id of the AggregationSource made last. */
  String lastSource() {
    return lastSource;
  }

  /** Forgets the events received so far (those of an agent that has stopped). */
  void clear() {
    received.clear();
  }

  /** The next event received within {@code timeout}, or null. */
  JsonNode next(Duration timeout) throws InterruptedException {
    return received.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  @Override
  public void close() {
    server.close().await();
  }
}

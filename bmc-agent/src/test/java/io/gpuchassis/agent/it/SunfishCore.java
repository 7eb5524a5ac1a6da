package io.gpuchassis.agent.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.tls.TestCertificates;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.PemKeyCertOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The event side of an OpenFabrics Sunfish core, over HTTPS as a real one is reached: its
 * EventListener records every event body POSTed to it and answers anything but an {@code
 * AggregationSourceDiscovered} with 200. That one it handles as the reference core does: it GETs
 * the event's {@code OriginOfCondition} from the agent as the agent's ConnectionMethod ({@link
 * AgentReads}), keeps what it read, and only then answers 200 with the AggregationSource it made
 * for the agent (a new one at every registration, as the reference core makes a new UUID each
 * time), linked to that ConnectionMethod. A registration without an origin, or whose
 * ConnectionMethod the agent does not give, is answered 500, as the reference core fails it.
 */
final class SunfishCore implements AutoCloseable {

  static final String LISTENER = "/EventListener";

  private final HttpServer server;
  private final BlockingQueue<JsonNode> received = new LinkedBlockingQueue<>();
  private final Map<String, JsonNode> connectionMethods = new ConcurrentHashMap<>();
  private final List<String> failures = new CopyOnWriteArrayList<>();
  private volatile String lastSource = "";
  private volatile AgentReads reads;

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
                              Context context = vertx.getOrCreateContext();
                              self[0]
                                  .handle(event)
                                  .whenComplete(
                                      (answer, error) ->
                                          context.runOnContext(
                                              v -> self[0].answer(request, event, answer, error)));
                            }));
    self[0] = new SunfishCore(server);
    server.listen(0, "127.0.0.1").await();
    return self[0];
  }

  /** The body of the core's answer to {@code event}, once it has done what the event asks. */
  private CompletableFuture<String> handle(JsonNode event) {
    if (!messageOf(event).endsWith(".AggregationSourceDiscovered")) {
      return CompletableFuture.completedFuture("{}");
    }
    JsonNode origin = event.at("/Events/0/OriginOfCondition/@odata.id");
    if (!origin.isTextual()) {
      return CompletableFuture.failedFuture(
          new IllegalStateException("no OriginOfCondition: no ConnectionMethod to read"));
    }
    String hostname = event.at("/Events/0/MessageArgs/1").asText();
    AgentReads agent = reads;
    if (agent == null) {
      return CompletableFuture.failedFuture(
          new IllegalStateException("the test told the core nothing of how to read the agent"));
    }
    return agent
        .get(hostname, origin.asText())
        .thenApply(
            response -> {
              if (response.statusCode() != 200) {
                throw new IllegalStateException(
                    "Cannot find ConnectionMethod "
                        + origin.asText()
                        + ": "
                        + response.statusCode()
                        + " "
                        + response.body());
              }
              JsonNode method;
              try {
                method = AgentClient.JSON.readTree(response.body());
              } catch (java.io.IOException e) {
                throw new IllegalStateException("ConnectionMethod is no JSON: " + e, e);
              }
              // Kept in the core's own tree at the URI the agent gave it
              String at = method.path("@odata.id").asText("");
              if (!at.startsWith("/redfish/v1/")) {
                throw new IllegalStateException("ConnectionMethod without @odata.id: " + method);
              }
              connectionMethods.put(at, method);
              return aggregationSource(event, origin.asText());
            });
  }

  /**
   * Answers {@code event}: 200 and {@code answer}, the event recorded first (a test that has the
   * event may read what the core made at once), or 500 and why the core failed it.
   */
  private void answer(
      io.vertx.core.http.HttpServerRequest request,
      JsonNode event,
      String answer,
      Throwable error) {
    if (error != null) {
      String why = String.valueOf(error instanceof CompletionException ? error.getCause() : error);
      failures.add(why);
      request.response().setStatusCode(500).end(why);
      return;
    }
    received.add(event);
    request.response().setStatusCode(200).putHeader("Content-Type", "application/json").end(answer);
  }

  /**
   * The AggregationSource the core makes for the agent that sent {@code event}, reached as the
   * ConnectionMethod at {@code connectionMethod} says.
   */
  private String aggregationSource(JsonNode event, String connectionMethod) {
    String id = UUID.randomUUID().toString();
    lastSource = id;
    ObjectNode source = AgentClient.JSON.createObjectNode();
    source.put("@odata.type", "#AggregationSource.v1_5_0.AggregationSource");
    source.put("@odata.id", "/redfish/v1/AggregationService/AggregationSources/" + id);
    source.put("Id", id);
    source.put("Name", "Agent " + id);
    source.put("HostName", event.at("/Events/0/MessageArgs/1").asText());
    ObjectNode links = source.putObject("Links");
    links.putObject("ConnectionMethod").put("@odata.id", connectionMethod);
    links.putArray("ResourcesAccessed");
    return source.toString();
  }

  static String messageOf(JsonNode event) {
    return event.at("/Events/0/MessageId").asText();
  }

  String url() {
    return "https://127.0.0.1:" + server.actualPort() + LISTENER;
  }

  /** How the core reads the agent that registers next: see {@link AgentReads}. */
  void readsAgentWith(Path certificate, String authorization) {
    reads = new AgentReads(certificate, authorization);
  }

  /** The ConnectionMethod the core read and keeps at {@code uri}, if any. */
  Optional<JsonNode> connectionMethod(String uri) {
    return Optional.ofNullable(connectionMethods.get(uri));
  }

  /** Why the core failed the events it answered with 500, in order. */
  List<String> failures() {
    return List.copyOf(failures);
  }

  /** The id of the AggregationSource made last. */
  String lastSource() {
    return lastSource;
  }

  /** Forgets the events received so far (those of an agent that has stopped) and its failures. */
  void clear() {
    received.clear();
    failures.clear();
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

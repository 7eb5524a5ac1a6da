package io.gpuchassis.agent.sunfish;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.config.SunfishSettings;
import io.gpuchassis.agent.events.DeliveryAnswer;
import io.gpuchassis.agent.events.EventBus;
import io.gpuchassis.agent.events.Subscription;
import io.gpuchassis.agent.events.Subscriptions;
import io.gpuchassis.agent.store.Settings;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.message.HeartbeatEventMessages;
import io.gpuchassis.redfish.message.MessageInstance;
import io.gpuchassis.redfish.message.ResourceEventMessages;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How the agent announces itself to a Sunfish core at every start (Sunfish Doc §4.3.1): {@code
 * ResourceEvent.AggregationSourceDiscovered} (connection method {@code Redfish}, the agent's base
 * URL, and as its OriginOfCondition the agent's ConnectionMethod, which the core GETs before it
 * answers); once the core took it, the agent's id is read from the core's answer (the
 * AggregationSource it made), or from the Context the core PATCHed into the {@link CoreDestination}
 * meanwhile, and becomes the Context of every event from then on; then one {@code
 * ResourceEvent.ResourceCreated} per top-level resource (the fabric, the chassis, the
 * CompositionService, each host's system), whose subtree the core crawls; and after a restart (the
 * agent had registered with this core before) {@code HeartbeatEvent.RedfishServiceStarted}, telling
 * the core that what it holds of this agent may be out of date. Every event is in the event log and
 * goes only to the core, through its subscription's queue: the same retries, outbound checks and
 * TLS checks as any push subscriber.
 */
public final class SunfishRegistration implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(SunfishRegistration.class);

  /** The setting that records the core the agent last registered with. */
  static final String REGISTERED_WITH = "sunfish.registeredWith";

  private final EventBus bus;
  private final Subscriptions subscriptions;
  private final Settings settings;
  // The core answers on an event loop; what follows writes to the database.
  private final ExecutorService worker =
      Executors.newSingleThreadExecutor(
          r -> {
            Thread t = new Thread(r, "sunfish-registration");
            t.setDaemon(true);
            return t;
          });

  public SunfishRegistration(EventBus bus, Subscriptions subscriptions, Settings settings) {
    this.bus = bus;
    this.subscriptions = subscriptions;
    this.settings = settings;
  }

  /**
   * Registers with the core of {@code destination} as {@code agentUrl}, reachable as {@code
   * connectionMethod} says (the URI of the agent's ConnectionMethod), announcing the top-level
   * resources of {@code state}. Returns at once; completes when the last event was delivered
   * (never, while the core cannot be reached: its deliveries are retried).
   */
  public CompletableFuture<Void> start(
      Subscription destination, URI agentUrl, String connectionMethod, ChassisState state) {
    String core = destination.destination();
    boolean restart = settings.get(REGISTERED_WITH).map(core::equals).orElse(false);
    LOG.info("Registering with the Sunfish core at {} as {}", core, agentUrl);
    return send(
            ResourceEventMessages.AGGREGATION_SOURCE_DISCOVERED.with(
                "Redfish", withoutSlash(agentUrl)),
            connectionMethod)
        .thenAcceptAsync(this::takeAgentId, worker)
        .thenCompose(
            v -> {
              settings.put(REGISTERED_WITH, core);
              List<CompletableFuture<DeliveryAnswer>> sent = new ArrayList<>();
              for (String uri : topLevel(state)) {
                sent.add(send(ResourceEventMessages.RESOURCE_CREATED.with(), uri));
              }
              if (restart) {
                sent.add(send(HeartbeatEventMessages.REDFISH_SERVICE_STARTED.with(), null));
              }
              return CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new));
            })
        .whenComplete(
            (done, error) -> {
              if (error == null) {
                LOG.info("Registered with the Sunfish core at {}", core);
              } else {
                LOG.warn("Registration with the Sunfish core at {} stopped: {}", core, error);
              }
            });
  }

  /** The resources whose subtrees the core is to crawl, in the order they are announced. */
  static List<String> topLevel(ChassisState state) {
    List<String> uris = new ArrayList<>();
    uris.add(Uris.FABRIC);
    uris.add(Uris.chassis(state.identity().id()));
    uris.add(Uris.COMPOSITION_SERVICE);
    state.hosts().forEach(h -> uris.add(Uris.system(h.id())));
    return uris;
  }

  /**
   * The core's id for the agent, as the Context of the agent's events from now on: the id of the
   * AggregationSource the core answered with, else what the core PATCHed in (then already there).
   */
  private void takeAgentId(DeliveryAnswer answer) {
    Optional<String> answered = AggregationSourceAnswer.agentId(answer.body());
    if (answered.isPresent()) {
      subscriptions.update(CoreDestination.ID, s -> s.withContext(answered.get()));
    }
    String context = subscriptions.find(CoreDestination.ID).map(Subscription::context).orElse("");
    if (context.isEmpty()) {
      LOG.warn(
          "The Sunfish core named no AggregationSource for this agent; its events carry no Context");
    } else {
      LOG.info("The Sunfish core knows this agent as {}", context);
    }
  }

  /** Records {@code message} in the event log and queues it for the core alone. */
  private CompletableFuture<DeliveryAnswer> send(MessageInstance message, String origin) {
    return bus.record(message, origin)
        .thenCompose(event -> subscriptions.sendTo(CoreDestination.ID, event));
  }

  /** The agent's base URL as Sunfish writes it: scheme, host and port, no trailing slash. */
  private static String withoutSlash(URI url) {
    String text = url.toString();
    return text.endsWith("/") ? text.substring(0, text.length() - 1) : text;
  }

  /**
   * The agent's base URL when {@code sunfish.agentUrl} names none: https, the address it listens on
   * (the host's name when that is a wildcard), its port.
   */
  public static URI agentUrl(SunfishSettings sunfish, String listenHost, int port) {
    if (sunfish.agentUrl().isPresent()) {
      return sunfish.agentUrl().get();
    }
    String host = listenHost;
    if (host.isEmpty() || host.equals("0.0.0.0") || host.equals("::") || host.equals("*")) {
      try {
        host = java.net.InetAddress.getLocalHost().getCanonicalHostName();
      } catch (java.net.UnknownHostException e) {
        host = "localhost";
      }
    }
    if (host.contains(":") && !host.startsWith("[")) {
      host = "[" + host + "]";
    }
    return URI.create("https://" + host + ":" + port);
  }

  @Override
  public void close() {
    worker.shutdownNow();
  }
}

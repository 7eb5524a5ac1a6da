package io.gpuchassis.agent.redfish.events;

import io.gpuchassis.agent.config.OutboundPolicy;
import io.gpuchassis.agent.events.AccountQuota;
import io.gpuchassis.agent.events.EventBus;
import io.gpuchassis.agent.events.EventServiceSettings;
import io.gpuchassis.agent.events.PublishedEvent;
import io.gpuchassis.agent.events.PublishedReport;
import io.gpuchassis.agent.events.SseOutbox;
import io.gpuchassis.agent.events.StreamStats;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.security.SessionManager;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.event.EventFacts;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.model.Event;
import io.gpuchassis.redfish.model.EventRecord;
import io.gpuchassis.redfish.model.EventType;
import io.gpuchassis.redfish.model.MessageSeverity;
import io.gpuchassis.redfish.query.EventStreamFilter;
import io.gpuchassis.redfish.query.QueryMessages;
import io.gpuchassis.redfish.route.Caller;
import io.gpuchassis.redfish.route.Privilege;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

/**
 * The EventService's Server-Sent Event stream ({@code ServerSentEventUri}, DSP0266 "Server-sent
 * events"): a {@code text/event-stream} response that stays open and carries each event as {@code
 * id:} and {@code data:} lines (the Event JSON), optionally narrowed by {@code $filter}; with
 * {@code EventFormatType eq 'MetricReport'} in its filter it carries the TelemetryService's metric
 * reports too, as {@code data:} lines alone. A client that reconnects with {@code Last-Event-ID}
 * first gets the events it missed that are still in the EventLog. Each open stream is also an
 * EventDestination of type SSE in the Subscriptions collection; deleting that, ending the session
 * the stream was opened with, or the client going away closes it. Streams are limited in all, per
 * account, and with the last ones kept for callers with ConfigureManager; each buffers a bounded
 * amount for its reader ({@link SseOutbox}), and a reader that falls further behind is told what it
 * missed and disconnected (settings in {@link OutboundPolicy}).
 */
public final class EventStreamResource {

  /** A comment line this often keeps the connection from the server's idle timeout (60 s). */
  static final long HEARTBEAT_MS = 20_000;

  /** How often a stream checks that the session it was opened with still exists. */
  static final long SESSION_CHECK_MS = 1_000;

  static final String ID_PREFIX = "SSE-";

  /** One open stream. Its writes happen on {@code context}, the event loop of its connection. */
  record Stream(
      String id,
      String destination,
      String owner,
      Optional<String> sessionId,
      Predicate<EventFacts> filter,
      Context context,
      SseOutbox outbox,
      long timer,
      AtomicInteger ticks) {}

  private final EventBus bus;
  private final EventServiceSettings settings;
  private final SessionManager sessions;
  private final Vertx vertx;
  private final OutboundPolicy policy;
  private final AccountQuota quota;
  private final StreamStats stats;

  /** The streams that receive events. */
  private final Map<String, Stream> streams = new ConcurrentHashMap<>();

  /**
   * Every admitted stream's owner, from admission until its connection is gone: what the quota
   * counts.
   */
  private final Map<String, String> admitted = new ConcurrentHashMap<>();

  private final AtomicLong ids = new AtomicLong();

  public EventStreamResource(
      EventBus bus,
      EventServiceSettings settings,
      SessionManager sessions,
      Vertx vertx,
      OutboundPolicy policy,
      StreamStats stats) {
    this.stats = stats;
    this.bus = bus;
    this.settings = settings;
    this.sessions = sessions;
    this.vertx = vertx;
    this.policy = policy;
    this.quota =
        new AccountQuota(
            "event streams",
            policy.maxSseStreams(),
            policy.sseStreamsPerAccount(),
            policy.sseStreamsReservedForManagers());
    bus.listen(this::deliver);
    bus.listenReports(this::deliver);
  }

  public void register(RedfishRoutes routes) {
    routes.get(Uris.EVENT_STREAM, "EventService", this::open);
  }

  /** The open streams, oldest first. */
  List<Stream> streams() {
    return streams.values().stream()
        .sorted(Comparator.comparingLong(s -> Long.parseLong(s.id().substring(ID_PREFIX.length()))))
        .toList();
  }

  Optional<Stream> find(String id) {
    return Optional.ofNullable(streams.get(id));
  }

  /** Ends the stream {@code id} (its EventDestination was deleted); returns whether it was open. */
  boolean close(String id) {
    Stream s = streams.remove(id);
    if (s == null) {
      return false;
    }
    s.context().runOnContext(v -> end(s));
    return true;
  }

  private void open(RoutingContext ctx) {
    Caller caller = RedfishRoutes.caller(ctx).orElseThrow();
    for (String name : ctx.queryParams().names()) {
      // The stream takes $filter only; paging, $expand or $select have nothing to act on.
      if ((name.startsWith("$") && !name.equals("$filter")) || name.equals("only")) {
        throw RedfishErrors.of(QueryMessages.QUERY_NOT_SUPPORTED_ON_RESOURCE.with())
            .withDetail("The event stream takes only $filter, not " + name + ".");
      }
    }
    String filterText = ctx.queryParams().get("$filter");
    Predicate<EventFacts> filter =
        filterText == null ? EventStreamFilter.everyEvent() : EventStreamFilter.parse(filterText);
    boolean head = ctx.request().method().equals(HttpMethod.HEAD);
    String id = ID_PREFIX + ids.incrementAndGet();
    if (!head) {
      admit(id, caller);
    }
    HttpServerResponse response = ctx.response();
    response
        .putHeader("Content-Type", "text/event-stream")
        .putHeader("Cache-Control", "no-cache")
        .putHeader("OData-Version", "4.0");
    if (head) {
      response.end();
      return;
    }
    Context context = vertx.getOrCreateContext();
    long timer = vertx.setPeriodic(SESSION_CHECK_MS, t -> check(id));
    var remote = ctx.request().remoteAddress();
    var connection = ctx.request().connection();
    SseOutbox outbox =
        new SseOutbox(
            vertx,
            response,
            connection::close,
            policy.sseBufferBytes(),
            policy.sseOverflowGrace(),
            firstDropped -> gapNotice(id, firstDropped));
    Stream stream =
        new Stream(
            id,
            "redfish-sse://" + remote.hostAddress() + ":" + remote.port(),
            caller.userName(),
            caller.sessionId(),
            filter,
            context,
            outbox,
            timer,
            new AtomicInteger());
    response.setChunked(true);
    // Ended (deleted, session gone, fell behind) or closed by the client: either way the stream is
    // gone.
    ctx.addEndHandler(ended -> forget(id));
    response.setStatusCode(200);
    OptionalLong lastEventId = lastEventId(ctx);
    // Joined between two events: what was published before is replayed from the log, what comes
    // after arrives live,
    // and all of it is written on the stream's event loop in that order.
    bus.betweenEvents(
        () -> {
          List<String> missed =
              lastEventId.isEmpty()
                  ? List.of()
                  : bus.log().entries().stream()
                      .filter(e -> e.id() > lastEventId.getAsLong() && filter.test(e.facts()))
                      .map(EventStreamResource::frame)
                      .toList();
          streams.put(id, stream);
          if (response.closed()) {
            forget(id);
          }
          context.runOnContext(
              v -> {
                // The headers go out now, once the stream is registered: a client that sees them is
                // subscribed.
                outbox.replay(": stream " + id + " open\n\n");
                missed.forEach(outbox::replay);
              });
        });
  }

  /** Takes a place for the caller's new stream, or refuses it (503) when the quota says no. */
  private synchronized void admit(String id, Caller caller) {
    long mine = admitted.values().stream().filter(caller.userName()::equals).count();
    quota
        .refusal(admitted.size(), mine, caller.has(Privilege.ConfigureManager))
        .ifPresent(
            why -> {
              throw RedfishErrors.of(BaseMessages.EVENT_SUBSCRIPTION_LIMIT_EXCEEDED.with())
                  .withDetail("No event stream can be opened: " + why + ".");
            });
    admitted.put(id, caller.userName());
    stats.opened();
  }

  /**
   * The client's {@code Last-Event-ID} (it reconnects after a break): events after it are sent
   * first.
   */
  private static OptionalLong lastEventId(RoutingContext ctx) {
    String header = ctx.request().getHeader("Last-Event-ID");
    return header != null && header.trim().matches("\\d{1,18}")
        ? OptionalLong.of(Long.parseLong(header.trim()))
        : OptionalLong.empty();
  }

  private static String frame(PublishedEvent event) {
    return "id: "
        + event.id()
        + "\ndata: "
        + EventRenderer.json(EventRenderer.render(event, ""))
        + "\n\n";
  }

  /**
   * What a reader that fell behind gets last: a comment naming the gap, and an Event with Base
   * EventBufferExceeded. Neither has an {@code id:} line, so the reader's Last-Event-ID stays at
   * the last event it got.
   */
  private String gapNotice(String streamId, long firstDropped) {
    String why = "the reader fell more than " + policy.sseBufferBytes() + " bytes behind";
    EventRecord record =
        new EventRecord()
            .memberId("0")
            .eventType(EventType.OTHER)
            .eventId(streamId + "-gap-" + firstDropped)
            .eventTimestamp(OffsetDateTime.now(ZoneOffset.UTC))
            .messageId(BaseMessages.EVENT_BUFFER_EXCEEDED.messageId())
            .message(BaseMessages.EVENT_BUFFER_EXCEEDED.template())
            .messageArgs(List.of())
            .messageSeverity(MessageSeverity.WARNING)
            .severity("Warning")
            .originOfCondition(Uris.ref(Uris.subscription(streamId)));
    Event event =
        new Event()
            .atOdataType(Schemas.EVENT.odataType())
            .id(streamId + "-gap-" + firstDropped)
            .name("Events from " + firstDropped + " on were not sent: " + why + "; the stream ends")
            .addEventsItem(record)
            .eventsAtOdataCount(1);
    return ": "
        + streamId
        + " fell behind: events from id "
        + firstDropped
        + " on were not sent ("
        + why
        + "); reconnect with the Last-Event-ID of the last event received\n\ndata: "
        + EventRenderer.json(event)
        + "\n\n";
  }

  /**
   * Ends streams whose session is gone, keeps the others' sessions alive, and sends the heartbeat.
   */
  private void check(String id) {
    Stream s = streams.get(id);
    if (s == null) {
      return;
    }
    // An open stream is activity on its session, so the session's idle timeout does not end a quiet
    // stream.
    if (s.sessionId().isPresent() && !sessions.keepAlive(s.sessionId().get())) {
      close(id);
      return;
    }
    if (s.ticks().incrementAndGet() % (HEARTBEAT_MS / SESSION_CHECK_MS) == 0) {
      s.context().runOnContext(v -> s.outbox().offerComment(":\n\n"));
    }
  }

  /** Called on the event publisher's thread; each stream writes on its own event loop. */
  private void deliver(PublishedEvent event) {
    if (!settings.current().serviceEnabled()) {
      return;
    }
    String frame = null;
    for (Stream s : streams.values()) {
      if (!s.filter().test(event.facts())) {
        continue;
      }
      if (frame == null) {
        frame = frame(event);
      }
      String data = frame;
      s.context()
          .runOnContext(
              v -> {
                if (streams.containsKey(s.id()) && !s.outbox().offerEvent(event.id(), data)) {
                  // Fell behind: it gets no more events, and its place is free for another stream.
                  if (s.outbox().overflowed()) {
                    stats.cutOff();
                  }
                  forget(s.id());
                }
              });
    }
  }

  /**
   * A metric report for the streams that asked for reports ({@code EventFormatType eq
   * 'MetricReport'}), without an {@code id:} line: a reconnecting reader's Last-Event-ID names
   * events, which the log replays; reports are not replayed.
   */
  private void deliver(PublishedReport report) {
    if (!settings.current().serviceEnabled()) {
      return;
    }
    String frame = null;
    for (Stream s : streams.values()) {
      if (!s.filter().test(report.facts())) {
        continue;
      }
      if (frame == null) {
        frame = "data: " + report.json().apply("") + "\n\n";
      }
      String data = frame;
      s.context()
          .runOnContext(
              v -> {
                if (streams.containsKey(s.id()) && !s.outbox().offerReport(data)) {
                  stats.reportDropped();
                }
              });
    }
  }

  private void forget(String id) {
    release(id);
    Stream s = streams.remove(id);
    if (s != null) {
      vertx.cancelTimer(s.timer());
    }
  }

  /** Frees the stream's place in the quota, once. */
  private void release(String id) {
    if (admitted.remove(id) != null) {
      stats.closed();
    }
  }

  private void end(Stream s) {
    release(s.id());
    vertx.cancelTimer(s.timer());
    s.outbox().end();
  }
}

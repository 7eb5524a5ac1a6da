package io.gpuchassis.agent.ethernet;

import io.gpuchassis.agent.config.RoceProfile;
import io.gpuchassis.agent.ethernet.RoceCheck.Item;
import io.gpuchassis.agent.ethernet.RoceCheck.ItemResult;
import io.gpuchassis.agent.ethernet.RoceCheck.ItemState;
import io.gpuchassis.redfish.message.MessageInstance;
import io.gpuchassis.redfish.message.ResourceEventMessages;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the RoCE profile on every port the board marks as carrying RoCE: checks each port at start
 * and then every {@code dataPorts.roce.checkInterval} on a thread of its own (the tools are child
 * processes; never the event loop), and keeps each port's latest {@link RoceStatus} for the views.
 *
 * <p>Events, about the port: an item of a profile the port held found otherwise (a firmware reset,
 * another administrator) raises ResourceErrorsDetected of type {@value #DRIFT} and, once
 * re-applied, ResourceErrorsCorrected; an item that cannot be applied (a tool failed, or the driver
 * did not take it) raises ResourceErrorsDetected of type {@value #NOT_APPLIED} once, and
 * ResourceErrorsCorrected once it is applied. The first check's corrections are the profile being
 * applied, no drift.
 */
public final class RoceWatch implements AutoCloseable {

  /** The error type of an item found changed behind the agent's back. */
  public static final String DRIFT = "RoCEProfileDrift";

  /** The error type of an item the agent could not apply. */
  public static final String NOT_APPLIED = "RoCEProfileNotApplied";

  private static final Logger LOG = LoggerFactory.getLogger(RoceWatch.class);

  private record Kept(DataPort port, RoceProfileApplier applier) {}

  private final List<Kept> ports;
  private final PortEventSink events;
  private final Duration period;
  private final Map<DataPort, RoceStatus> latest = new LinkedHashMap<>();
  private final Object checking = new Object();
  private volatile Map<DataPort, RoceStatus> published;
  private PeriodicThread thread;

  /**
   * @param tools runs ip, dcb and tc for the ports (the board's, or a simulated tree's)
   */
  public RoceWatch(
      List<DataPort> ports,
      RoceProfile profile,
      ToolRunner tools,
      PortEventSink events,
      Duration period,
      Clock clock) {
    this.ports =
        ports.stream()
            .map(p -> new Kept(p, new RoceProfileApplier(p.netdev(), profile, tools, clock)))
            .toList();
    this.events = events;
    this.period = period;
    ports.forEach(p -> latest.put(p, RoceStatus.unchecked(p)));
    this.published = Map.copyOf(latest);
  }

  /** A watch of no ports (a board without RoCE ports). */
  public static RoceWatch none() {
    return new RoceWatch(
        List.of(),
        RoceProfile.DEFAULT,
        c -> "",
        (p, m) -> {},
        Duration.ofMinutes(1),
        Clock.systemUTC());
  }

  /** Checks every port now, then once every period; does nothing without ports. */
  public synchronized void start() {
    if (ports.isEmpty() || thread != null) {
      return;
    }
    thread = PeriodicThread.withFixedDelay("roce-profile", period, this::checkAll);
  }

  /** One check of every port; public for tests that step instead of waiting. */
  public void checkAll() {
    synchronized (checking) {
      checkAllLocked();
    }
  }

  private void checkAllLocked() {
    List<Map.Entry<DataPort, MessageInstance>> raised = new ArrayList<>();
    for (Kept k : ports) {
      try {
        RoceStatus before = latest.get(k.port());
        RoceCheck check = k.applier().check();
        latest.put(k.port(), judge(k.port(), before, check, raised));
      } catch (RuntimeException e) {
        // one port's failure must not stop the others' checks or the next period
        LOG.warn("RoCE profile of {} could not be checked: {}", k.port().netdev(), e.toString());
      }
    }
    published = Map.copyOf(latest);
    raised.forEach(r -> events.raise(r.getKey(), r.getValue()));
  }

  private static RoceStatus judge(
      DataPort port,
      RoceStatus before,
      RoceCheck check,
      List<Map.Entry<DataPort, MessageInstance>> raised) {
    Optional<RoceCheck> previous = before.last();
    boolean drifted = false;
    boolean corrected = false;
    for (ItemResult item : check.items()) {
      Optional<ItemState> was =
          previous
              .flatMap(p -> p.items().stream().filter(i -> i.item() == item.item()).findFirst())
              .map(ItemResult::state);
      boolean held = was.map(RoceWatch::holds).orElse(false);
      String property = property(item.item());
      if (held && item.found().isPresent()) {
        drifted = true;
        corrected |= holds(item.state());
        LOG.warn(
            "RoCE profile of {} drifted: {} found as {}{}",
            port.netdev(),
            item.item().redfish(),
            item.found().get(),
            holds(item.state()) ? "; re-applied" : "");
        raised.add(
            Map.entry(port, ResourceEventMessages.RESOURCE_ERRORS_DETECTED.with(property, DRIFT)));
        if (holds(item.state())) {
          raised.add(
              Map.entry(
                  port, ResourceEventMessages.RESOURCE_ERRORS_CORRECTED.with(property, DRIFT)));
        }
      } else if (previous.isEmpty() && item.state() == ItemState.CORRECTED) {
        LOG.info(
            "RoCE profile of {}: {} applied (was {})",
            port.netdev(),
            item.item().redfish(),
            item.found().orElse("?"));
      }
      boolean bad = !holds(item.state());
      boolean wasBad = was.map(s -> !holds(s)).orElse(false);
      if (bad && !wasBad) {
        LOG.warn(
            "RoCE profile of {}: {} is {}: {}",
            port.netdev(),
            item.item().redfish(),
            item.state().redfish(),
            item.message().orElse(""));
        raised.add(
            Map.entry(
                port, ResourceEventMessages.RESOURCE_ERRORS_DETECTED.with(property, NOT_APPLIED)));
      } else if (!bad && wasBad) {
        LOG.info("RoCE profile of {}: {} applied", port.netdev(), item.item().redfish());
        raised.add(
            Map.entry(
                port, ResourceEventMessages.RESOURCE_ERRORS_CORRECTED.with(property, NOT_APPLIED)));
      }
    }
    return new RoceStatus(
        port,
        Optional.of(check),
        before.driftsCorrected() + (corrected ? 1 : 0),
        drifted ? Optional.of(check.at()) : before.lastDrift());
  }

  private static boolean holds(ItemState state) {
    return state == ItemState.IN_SYNC || state == ItemState.CORRECTED;
  }

  /** The Port property an item shows as, for the events' first argument. */
  static String property(Item item) {
    String roce = "Oem/GpuChassisAgent/RoCE/";
    return roce
        + switch (item) {
          case MTU -> "MTU";
          case DSCP_MAP -> "TrustMode";
          case PFC -> "PFCEnabledPriorities";
          case ECN -> "ECN";
        };
  }

  /** Every RoCE port's latest status, in board order. */
  public List<RoceStatus> statuses() {
    Map<DataPort, RoceStatus> now = published;
    return ports.stream().map(k -> now.get(k.port())).toList();
  }

  /** The status of the port named so in Redfish, when it carries RoCE. */
  public Optional<RoceStatus> status(String adapter, String port) {
    return statuses().stream()
        .filter(s -> s.port().adapter().equals(adapter) && s.port().port().equals(port))
        .findFirst();
  }

  @Override
  public synchronized void close() {
    if (thread != null) {
      thread.close();
    }
  }
}

package io.gpuchassis.agent.redfish.managers;

import io.gpuchassis.agent.network.ListeningSockets;
import io.gpuchassis.agent.network.ManagementNetwork;
import io.gpuchassis.agent.network.NetworkConfiguration;
import io.gpuchassis.agent.network.TimeSync;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the management processor's operating system says about its network, as the Manager's
 * EthernetInterfaces and NetworkProtocol show it: read once at start, then again every {@link
 * #REFRESH} on a worker thread, and served from memory. Those reads block (sysfs, procfs, netlink),
 * and a GET runs on the event loop, which must never block.
 */
public final class ManagerOsState {

  /** How old an answer may be: an address that changed shows within this time. */
  static final Duration REFRESH = Duration.ofSeconds(2);

  private static final Logger LOG = LoggerFactory.getLogger(ManagerOsState.class);

  /** One reading of everything the resources show. */
  record Snapshot(
      NetworkConfiguration network, TimeSync timeSync, Optional<ListeningSockets> listening) {}

  private final AtomicReference<Snapshot> current;

  /**
   * Calls {@code read} at once, on the calling thread (the agent's start), then every {@code every}
   * on {@code vertx}'s workers, never on an event loop.
   */
  ManagerOsState(Supplier<Snapshot> read, Vertx vertx, Duration every) {
    this.current = new AtomicReference<>(read.get());
    vertx.setPeriodic(
        every.toMillis(),
        timer ->
            vertx
                .executeBlocking(
                    () -> {
                      current.set(read.get());
                      return null;
                    },
                    true)
                .onFailure(
                    e ->
                        LOG.debug(
                            "Reading the network configuration failed; the last reading stays",
                            e)));
  }

  /** The machine's own network, read every {@link #REFRESH}. */
  public static ManagerOsState ofHost(Vertx vertx) {
    ManagementNetwork host = ManagementNetwork.ofHost();
    return new ManagerOsState(
        () -> new Snapshot(host.read(), host.timeSync(), host.listening()), vertx, REFRESH);
  }

  /** The latest reading; never blocks. */
  Snapshot now() {
    return current.get();
  }
}

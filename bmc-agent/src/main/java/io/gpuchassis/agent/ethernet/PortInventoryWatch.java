package io.gpuchassis.agent.ethernet;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads every data-path port's inventory (module, NIC firmware, LLDP partner) at start and then
 * every {@code dataPorts.inventoryInterval} on a thread of its own ({@code data-port-inventory}:
 * the tools block, never an event loop), apart from the 5 s samples since it changes slowly. The
 * views read the latest snapshot, an immutable map swapped whole, without locks.
 */
public final class PortInventoryWatch implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(PortInventoryWatch.class);

  private final List<DataPort> ports;
  private final PortInventoryReader reader;
  private final Duration period;
  private volatile Map<DataPort, PortInventory> published;
  private PeriodicThread thread;

  public PortInventoryWatch(List<DataPort> ports, PortInventoryReader reader, Duration period) {
    this.ports = List.copyOf(ports);
    this.reader = reader;
    this.period = period;
    Map<DataPort, PortInventory> unread = new LinkedHashMap<>();
    this.ports.forEach(p -> unread.put(p, PortInventory.unread(p)));
    this.published = Map.copyOf(unread);
  }

  /** A watch of no ports: what a board without a data path has. */
  public static PortInventoryWatch none() {
    return new PortInventoryWatch(List.of(), null, Duration.ofMinutes(1));
  }

  /** Reads now, then once every period; does nothing without ports. */
  public synchronized void start() {
    if (ports.isEmpty() || thread != null) {
      return;
    }
    thread = PeriodicThread.atFixedRate("data-port-inventory", period, this::refresh);
  }

  /** Reads every port once and publishes what it read; public for tests. */
  public void refresh() {
    if (ports.isEmpty()) {
      return;
    }
    try {
      Map<DataPort, PortInventory> next = new LinkedHashMap<>();
      reader.read(ports).forEach(i -> next.put(i.port(), i));
      published = Map.copyOf(next);
    } catch (RuntimeException e) {
      // the next period tries again; the views keep the last inventory
      LOG.warn("The data-path ports' inventory could not be read: {}", e.toString());
    }
  }

  /** The latest inventory of every port, in board order. */
  public List<PortInventory> inventories() {
    Map<DataPort, PortInventory> now = published;
    return ports.stream().map(now::get).toList();
  }

  /** The latest inventory of {@code port}; empty for a port this watch does not have. */
  public Optional<PortInventory> of(DataPort port) {
    return Optional.ofNullable(published.get(port));
  }

  /** The latest inventory of the ports of {@code adapter}, in board order. */
  public List<PortInventory> adapter(String adapter) {
    return inventories().stream().filter(i -> i.port().adapter().equals(adapter)).toList();
  }

  @Override
  public synchronized void close() {
    if (thread != null) {
      thread.close();
    }
  }
}

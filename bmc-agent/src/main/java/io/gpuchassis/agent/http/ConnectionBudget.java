package io.gpuchassis.agent.http;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Who may hold a connection slot, so that anonymous clients can never take the service away from
 * its administrators.
 *
 * <ul>
 *   <li>At most {@code max} connections are open.
 *   <li>Until a connection has made an authenticated request it is <em>unauthenticated</em>: at
 *       most {@code maxUnauthenticated} of those, and at most {@code maxUnauthenticatedPerSource}
 *       from one source.
 *   <li>Connections authenticated by callers who are not administrators hold at most {@code
 *       maxOthers} slots; the rest of the room is kept for administrators. One beyond is served,
 *       then closed.
 * </ul>
 *
 * When a newcomer finds no room, the oldest unauthenticated connection of the source holding the
 * most of them makes way, provided that source holds more than the newcomer's own: a client from a
 * quiet address always gets in, an address that already floods never pushes out anyone but its own
 * older connections, and an authenticated connection is never pushed out. Thread-safe.
 *
 * @param <C> a connection
 */
final class ConnectionBudget<C> {

  enum Standing {
    UNAUTHENTICATED,
    ADMINISTRATOR,
    OTHER,
    /** authenticated, not an administrator, beyond {@code maxOthers}: closed after its response */
    OVERFLOW
  }

  /** Whether a newcomer may stay, and the connection that made way for it (to be closed). */
  record Admission<C>(boolean admitted, Optional<C> evicted) {}

  /** How the slots are used. */
  record Usage(int open, int unauthenticated, int administrators, int others) {}

  private final int max;
  private final int maxUnauthenticated;
  private final int maxUnauthenticatedPerSource;
  private final int maxOthers;

  private final Map<C, Entry> entries = new HashMap<>();

  /** Unauthenticated connections per source, oldest first. */
  private final Map<SourceAddress, Deque<C>> waiting = new HashMap<>();

  private int unauthenticated;
  private int administrators;
  private int others;
  private long arrivals;

  ConnectionBudget(
      int max, int maxUnauthenticated, int maxUnauthenticatedPerSource, int maxOthers) {
    this.max = max;
    this.maxUnauthenticated = maxUnauthenticated;
    this.maxUnauthenticatedPerSource = maxUnauthenticatedPerSource;
    this.maxOthers = maxOthers;
  }

  synchronized Admission<C> admit(C connection, SourceAddress source) {
    int own = waitingFrom(source);
    if (own >= maxUnauthenticatedPerSource) {
      return new Admission<>(false, Optional.empty());
    }
    Optional<C> evicted = Optional.empty();
    if (unauthenticated >= maxUnauthenticated || entries.size() >= max) {
      evicted = oldestOfBusiest(own);
      if (evicted.isEmpty()) {
        return new Admission<>(false, Optional.empty());
      }
      release(evicted.get());
    }
    entries.put(connection, new Entry(source, arrivals++));
    waiting.computeIfAbsent(source, s -> new ArrayDeque<>()).addLast(connection);
    unauthenticated++;
    return new Admission<>(true, evicted);
  }

  /**
   * {@code connection} made an authenticated request. Returns whether it may stay open after its
   * response: false when it is not an administrator's and the room for others is full (or it is no
   * longer counted at all).
   */
  synchronized boolean authenticated(C connection, boolean administrator) {
    Entry entry = entries.get(connection);
    if (entry == null) {
      return false;
    }
    switch (entry.standing) {
      case UNAUTHENTICATED -> {
        unwait(connection, entry.source);
        unauthenticated--;
        if (administrator) {
          enter(entry, Standing.ADMINISTRATOR);
        } else {
          enter(entry, others < maxOthers ? Standing.OTHER : Standing.OVERFLOW);
        }
      }
      case OTHER, OVERFLOW -> {
        if (administrator) {
          leave(entry);
          enter(entry, Standing.ADMINISTRATOR);
        }
      }
      case ADMINISTRATOR -> {
        // stays an administrator's connection
      }
    }
    return entry.standing != Standing.OVERFLOW;
  }

  synchronized boolean isAuthenticated(C connection) {
    Entry entry = entries.get(connection);
    return entry != null && entry.standing != Standing.UNAUTHENTICATED;
  }

  /** The connection closed (or was pushed out); unknown connections are ignored. */
  synchronized void release(C connection) {
    Entry entry = entries.remove(connection);
    if (entry == null) {
      return;
    }
    if (entry.standing == Standing.UNAUTHENTICATED) {
      unwait(connection, entry.source);
      unauthenticated--;
    } else {
      leave(entry);
    }
  }

  synchronized Usage usage() {
    return new Usage(entries.size(), unauthenticated, administrators, others);
  }

  private int waitingFrom(SourceAddress source) {
    Deque<C> queue = waiting.get(source);
    return queue == null ? 0 : queue.size();
  }

  /**
   * The oldest unauthenticated connection of the source with most of them, if that source has more
   * than {@code own}.
   */
  private Optional<C> oldestOfBusiest(int own) {
    Deque<C> busiest = null;
    long busiestOldest = Long.MAX_VALUE;
    for (Deque<C> queue : waiting.values()) {
      long oldest = entries.get(queue.peekFirst()).arrival;
      if (busiest == null
          || queue.size() > busiest.size()
          || (queue.size() == busiest.size() && oldest < busiestOldest)) {
        busiest = queue;
        busiestOldest = oldest;
      }
    }
    return busiest != null && busiest.size() > own
        ? Optional.of(busiest.peekFirst())
        : Optional.empty();
  }

  private void unwait(C connection, SourceAddress source) {
    Deque<C> queue = waiting.get(source);
    queue.remove(connection);
    if (queue.isEmpty()) {
      waiting.remove(source);
    }
  }

  private void enter(Entry entry, Standing standing) {
    entry.standing = standing;
    if (standing == Standing.ADMINISTRATOR) {
      administrators++;
    } else if (standing == Standing.OTHER) {
      others++;
    }
  }

  private void leave(Entry entry) {
    if (entry.standing == Standing.ADMINISTRATOR) {
      administrators--;
    } else if (entry.standing == Standing.OTHER) {
      others--;
    }
  }

  private static final class Entry {
    final SourceAddress source;
    final long arrival;
    Standing standing = Standing.UNAUTHENTICATED;

    Entry(SourceAddress source, long arrival) {
      this.source = source;
      this.arrival = arrival;
    }
  }
}

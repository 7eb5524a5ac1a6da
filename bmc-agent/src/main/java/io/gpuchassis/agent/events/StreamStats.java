package io.gpuchassis.agent.events;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The SSE streams' figures, for the metrics: how many are open, and since the start how many were
 * opened, how many were cut off for falling too far behind, and how many metric reports a reader
 * that was behind did not get. Streams come and go with their connections, so they are counted
 * together rather than one series each.
 */
public final class StreamStats {

  private final AtomicLong open = new AtomicLong();
  private final AtomicLong opened = new AtomicLong();
  private final AtomicLong cutOff = new AtomicLong();
  private final AtomicLong reportsDropped = new AtomicLong();

  public void opened() {
    open.incrementAndGet();
    opened.incrementAndGet();
  }

  public void closed() {
    open.decrementAndGet();
  }

  public void cutOff() {
    cutOff.incrementAndGet();
  }

  public void reportDropped() {
    reportsDropped.incrementAndGet();
  }

  public long open() {
    return open.get();
  }

  public long openedTotal() {
    return opened.get();
  }

  public long cutOffTotal() {
    return cutOff.get();
  }

  public long reportsDroppedTotal() {
    return reportsDropped.get();
  }
}

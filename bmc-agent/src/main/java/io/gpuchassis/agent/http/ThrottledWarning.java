package io.gpuchassis.agent.http;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;

/**
 * A warning logged at most once per interval, with the number of occurrences since the last one: an
 * attack that makes the agent refuse ten thousand connections must not also fill the log.
 */
final class ThrottledWarning {

  private final Logger log;
  private final String what;
  private final long intervalNanos;
  private final AtomicLong next = new AtomicLong(Long.MIN_VALUE);
  private final AtomicLong count = new AtomicLong();

  /**
   * @param what a sentence fragment for the log, e.g. "connections refused"
   */
  ThrottledWarning(Logger log, String what, Duration interval) {
    this.log = log;
    this.what = what;
    this.intervalNanos = interval.toNanos();
  }

  /** Counts one occurrence; logs {@code detail} (with the count) if the interval has passed. */
  void occurred(String detail) {
    long n = count.incrementAndGet();
    long now = System.nanoTime();
    long due = next.get();
    if ((due == Long.MIN_VALUE || now - due >= 0) && next.compareAndSet(due, now + intervalNanos)) {
      count.addAndGet(-n);
      log.warn("{}: {} since the last report; latest: {}", what, n, detail);
    }
  }
}

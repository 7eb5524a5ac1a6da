package io.gpuchassis.agent.security;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Folds repeated unauthenticated security log entries: the first entry of a kind (MessageId) for
 * one user name from one address is recorded in full; the ones that follow within {@code window}
 * are only counted, and when the window ends one {@link AuditMessages#REPEATED_ENTRIES} entry gives
 * their number and time span. Ten thousand guesses therefore leave a handful of rows, and the count
 * still tells how hard someone tried. At most {@code tracked} windows are open; when more are
 * needed, every open window is closed (and summarised) first.
 */
public final class RepeatSummary {

  private final Duration window;
  private final int tracked;
  private final Map<Key, Window> open = new HashMap<>();

  public RepeatSummary(Duration window, int tracked) {
    this.window = window;
    this.tracked = tracked;
  }

  /**
   * What to write for an entry offered now: summaries of windows it closed, and whether the entry
   * itself is recorded (false: it was only counted).
   */
  record Decision(List<SecurityLog.Pending> summaries, boolean recordInFull) {}

  synchronized Decision offer(
      String messageId, String severity, String userName, String address, Instant now) {
    Key key = new Key(messageId, userName, address);
    Window current = open.get(key);
    if (current != null && now.isBefore(current.start.plus(window))) {
      current.count++;
      current.last = now;
      return new Decision(List.of(), false);
    }
    List<SecurityLog.Pending> summaries = new ArrayList<>();
    if (current != null) {
      open.remove(key);
      current.summary(key).ifPresent(summaries::add);
    }
    if (open.size() >= tracked) {
      summaries.addAll(ended(now, true));
    }
    open.put(key, new Window(severity, now));
    return new Decision(summaries, true);
  }

  /**
   * Closes the windows that have ended by {@code now} ({@code all}: every one), returning their
   * summaries.
   */
  synchronized List<SecurityLog.Pending> ended(Instant now, boolean all) {
    List<SecurityLog.Pending> summaries = new ArrayList<>();
    for (Iterator<Map.Entry<Key, Window>> it = open.entrySet().iterator(); it.hasNext(); ) {
      Map.Entry<Key, Window> e = it.next();
      if (all || !now.isBefore(e.getValue().start.plus(window))) {
        it.remove();
        e.getValue().summary(e.getKey()).ifPresent(summaries::add);
      }
    }
    return summaries;
  }

  private record Key(String messageId, String userName, String address) {}

  private static final class Window {
    final String severity;
    final Instant start;
    Instant last;
    long count;

    Window(String severity, Instant start) {
      this.severity = severity;
      this.start = start;
      this.last = start;
    }

    /** The summary of this window, if anything was folded into it. */
    Optional<SecurityLog.Pending> summary(Key key) {
      if (count == 0) {
        return Optional.empty();
      }
      List<String> args =
          List.of(
              key.userName() == null ? "(any user)" : key.userName(),
              String.valueOf(key.address()),
              key.messageId(),
              start.toString(),
              Long.toString(count),
              last.toString());
      return Optional.of(
          new SecurityLog.Pending(
              SecurityLog.Origin.UNAUTHENTICATED,
              last,
              severity,
              AuditMessages.REPEATED_ENTRIES.messageId(),
              AuditMessages.REPEATED_ENTRIES.format(args),
              args,
              key.userName(),
              key.address()));
    }
  }
}

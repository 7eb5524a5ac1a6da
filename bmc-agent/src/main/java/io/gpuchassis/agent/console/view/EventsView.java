package io.gpuchassis.agent.console.view;

import io.gpuchassis.agent.console.view.TextTable.Column;
import io.gpuchassis.agent.events.EventLog;
import io.gpuchassis.agent.events.PublishedEvent;
import java.util.Comparator;
import java.util.List;

/**
 * {@code show events [N]}: the newest {@code limit} entries of the event log, oldest first so the
 * newest is last.
 */
public final class EventsView {

  private EventsView() {}

  public static List<String> render(EventLog log, int limit) {
    return render(log.entries(), limit);
  }

  /** The newest {@code limit} of {@code events}, in the order they happened. */
  public static List<String> render(List<PublishedEvent> events, int limit) {
    TextTable table =
        TextTable.of(
            Column.left("Time (UTC)"), Column.left("Severity"), Column.flexible("Message"));
    List<PublishedEvent> sorted =
        events.stream()
            .sorted(
                Comparator.comparing(PublishedEvent::timestamp)
                    .thenComparingLong(PublishedEvent::id))
            .toList();
    for (PublishedEvent e : Limits.newest(sorted, limit)) {
      table.row(Cells.time(e.timestamp()), e.severity(), e.message().text());
    }
    return table.lines();
  }
}

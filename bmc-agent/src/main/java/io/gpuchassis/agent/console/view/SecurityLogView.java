package io.gpuchassis.agent.console.view;

import io.gpuchassis.agent.console.view.TextTable.Column;
import io.gpuchassis.agent.security.SecurityLog;
import java.util.Comparator;
import java.util.List;

/** {@code show security-log [N]}: the newest {@code limit} security log entries, newest last. */
public final class SecurityLogView {

  private SecurityLogView() {}

  public static List<String> render(SecurityLog log, int limit) {
    return render(log.entries(), limit);
  }

  public static List<String> render(List<SecurityLog.Entry> entries, int limit) {
    TextTable table =
        TextTable.of(
            Column.left("Time (UTC)"),
            Column.left("Severity"),
            Column.left("User"),
            Column.left("Address"),
            Column.flexible("Message"));
    List<SecurityLog.Entry> sorted =
        entries.stream()
            .sorted(
                Comparator.comparing(SecurityLog.Entry::created)
                    .thenComparingLong(SecurityLog.Entry::id))
            .toList();
    for (SecurityLog.Entry e : Limits.newest(sorted, limit)) {
      table.row(
          Cells.time(e.created()),
          e.severity(),
          e.userName().orElse("-"),
          e.address().orElse("-"),
          e.message());
    }
    return table.lines();
  }
}

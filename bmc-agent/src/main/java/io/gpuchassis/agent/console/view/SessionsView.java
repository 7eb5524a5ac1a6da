package io.gpuchassis.agent.console.view;

import io.gpuchassis.agent.console.view.TextTable.Column;
import io.gpuchassis.agent.security.Session;
import io.gpuchassis.agent.security.SessionManager;
import java.util.Comparator;
import java.util.List;

/**
 * {@code show sessions}: the open Redfish sessions, oldest first: who, from where, since when, last
 * used when.
 */
public final class SessionsView {

  private SessionsView() {}

  public static List<String> render(SessionManager sessions) {
    return render(sessions.all());
  }

  public static List<String> render(List<Session> sessions) {
    TextTable table =
        TextTable.of(
            Column.left("Id"),
            Column.flexible("User"),
            Column.left("Role"),
            Column.left("Client"),
            Column.left("Created (UTC)"),
            Column.left("Last used (UTC)"));
    sessions.stream()
        .sorted(Comparator.comparing(Session::created))
        .forEach(
            s ->
                table.row(
                    s.id(),
                    s.userName(),
                    s.role().name(),
                    s.clientAddress(),
                    Cells.time(s.created()),
                    Cells.time(s.lastUsed())));
    return table.lines();
  }
}

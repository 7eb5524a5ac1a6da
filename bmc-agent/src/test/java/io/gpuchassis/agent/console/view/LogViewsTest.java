package io.gpuchassis.agent.console.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.events.EventLog;
import io.gpuchassis.agent.security.Role;
import io.gpuchassis.agent.security.SecurityLog;
import io.gpuchassis.agent.security.Session;
import io.gpuchassis.agent.store.AgentStore;
import io.gpuchassis.agent.tasks.Payload;
import io.gpuchassis.agent.tasks.TaskRegistry;
import io.gpuchassis.redfish.message.FabricMessages;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The log-like views: the newest entries, newest last, limited, in 80 columns; sessions and tasks
 * as listed.
 */
class LogViewsTest {

  static final Instant T0 = Instant.parse("2024-05-01T12:00:00Z");

  @TempDir Path dir;

  @Test
  void events_show_the_newest_n_with_the_newest_last() {
    try (AgentStore store = AgentStore.open(dir)) {
      EventLog log = new EventLog(store, Clock.fixed(T0, ZoneOffset.UTC), 100);
      for (int i = 1; i <= 12; i++) {
        log.append(FabricMessages.ZONE_MODIFIED.with("Host" + i, "PCIe"), Optional.empty());
      }
      List<String> lines = EventsView.render(log, 5);
      assertEquals(7, lines.size(), "header, separator, five entries: " + lines);
      assertEquals(
          "2024-05-01 12:00:00Z  OK        Zone 'Host8' in fabric 'PCIe' was modified.",
          lines.get(2));
      assertTrue(lines.get(6).contains("'Host12'"), "the newest last: " + lines.get(6));
      assertEquals(2, EventsView.render(log, 0).size(), "a limit of none shows the header only");
      lines.forEach(l -> assertTrue(l.length() <= TextTable.WIDTH, l));
    }
  }

  @Test
  void the_security_log_shows_the_newest_n_with_user_address_and_message_newest_last() {
    List<SecurityLog.Entry> entries =
        List.of(
            entry(
                3,
                T0.plusSeconds(30),
                "Warning",
                "Login failed for 'admin' from 192.0.2.7 after 5 attempts in a row,"
                    + " and the account is now locked out for a while",
                null,
                "192.0.2.7"),
            entry(1, T0, "OK", "Session opened", "operator", "198.51.100.2"),
            entry(2, T0.plusSeconds(10), "OK", "Account reader created", "admin", "198.51.100.3"));
    List<String> lines = SecurityLogView.render(entries, 2);
    assertEquals(4, lines.size(), lines.toString());
    assertEquals(
        List.of("2024-05-01 12:00:10Z", "OK", "admin", "198.51.100.3", "Account reader created"),
        ConsoleViewsIT.cells(lines.get(2)));
    String last = lines.get(3);
    assertTrue(last.startsWith("2024-05-01 12:00:30Z  Warning   -"), last);
    assertEquals(TextTable.WIDTH, last.length(), "the long message is cut to fit: " + last);
    assertTrue(last.endsWith("~"), last);
  }

  @Test
  void sessions_show_user_role_client_and_times_oldest_first() {
    Session older =
        new Session(
            "7",
            1,
            "operator",
            Role.Operator,
            T0,
            T0.plusSeconds(90),
            "198.51.100.2",
            Optional.empty(),
            false);
    Session newer =
        new Session(
            "9",
            2,
            "reader",
            Role.ReadOnly,
            T0.plusSeconds(60),
            T0.plusSeconds(60),
            "2001:db8::1",
            Optional.empty(),
            false);
    List<String> lines = SessionsView.render(List.of(newer, older));
    assertEquals(
        List.of("Id", "User", "Role", "Client", "Created (UTC)", "Last used (UTC)"),
        ConsoleViewsIT.cells(lines.get(0)));
    assertEquals(
        List.of(
            "7",
            "operator",
            "Operator",
            "198.51.100.2",
            "2024-05-01 12:00:00Z",
            "2024-05-01 12:01:30Z"),
        ConsoleViewsIT.cells(lines.get(2)));
    assertEquals("9", ConsoleViewsIT.cells(lines.get(3)).get(0));
  }

  @Test
  void tasks_show_name_state_health_percent_and_start() {
    TaskRegistry tasks = new TaskRegistry(Clock.fixed(T0, ZoneOffset.UTC));
    var task =
        tasks.start(
            "Bind slot 3 to Host2",
            new Payload("POST", "/redfish/v1/Systems", "{}"),
            new CompletableFuture<>());
    task.progress(40);
    List<String> lines = TasksView.render(tasks);
    assertEquals(3, lines.size(), lines.toString());
    List<String> row = ConsoleViewsIT.cells(lines.get(2));
    assertEquals(
        List.of(
            task.id(),
            "Bind slot 3 to Host2",
            task.snapshot().state().getValue(),
            "OK",
            "40",
            "2024-05-01 12:00:00Z"),
        row);
  }

  private static SecurityLog.Entry entry(
      long id, Instant at, String severity, String message, String user, String address) {
    return new SecurityLog.Entry(
        id,
        at,
        severity,
        "Security.1.0.0.Test",
        message,
        List.of(),
        Optional.ofNullable(user),
        Optional.ofNullable(address));
  }
}

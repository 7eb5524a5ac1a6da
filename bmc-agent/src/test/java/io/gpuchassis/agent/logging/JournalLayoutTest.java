package io.gpuchassis.agent.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggingEvent;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class JournalLayoutTest {

  private static final LoggerContext CONTEXT = new LoggerContext();

  private static LoggingEvent event(Level level, String message, Throwable thrown) {
    LoggingEvent event =
        new LoggingEvent(
            JournalLayoutTest.class.getName(),
            CONTEXT.getLogger("io.gpuchassis.agent.http.RedfishServer"),
            level,
            message,
            thrown,
            null);
    event.setTimeStamp(1_700_000_000_123L);
    return event;
  }

  @Test
  void journal_lines_carry_the_syslog_priority_of_their_level_and_no_time() {
    JournalLayout journal = new JournalLayout(true, ZoneOffset.UTC);
    assertEquals(
        "<3>RedfishServer: failed\n", journal.doLayout(event(Level.ERROR, "failed", null)));
    assertEquals(
        "<4>RedfishServer: careful\n", journal.doLayout(event(Level.WARN, "careful", null)));
    assertEquals("<6>RedfishServer: ready\n", journal.doLayout(event(Level.INFO, "ready", null)));
    assertEquals(
        "<7>RedfishServer: detail\n", journal.doLayout(event(Level.DEBUG, "detail", null)));
    assertEquals("<7>RedfishServer: more\n", journal.doLayout(event(Level.TRACE, "more", null)));
  }

  @Test
  void terminal_lines_carry_the_time_and_the_level_word() {
    JournalLayout terminal = new JournalLayout(false, ZoneOffset.UTC);
    assertEquals(
        "2023-11-14T22:13:20.123Z WARN RedfishServer: careful\n",
        terminal.doLayout(event(Level.WARN, "careful", null)));
  }

  @Test
  void every_line_of_a_message_or_a_stack_trace_keeps_the_event_priority() {
    JournalLayout journal = new JournalLayout(true, ZoneOffset.UTC);
    String text =
        journal.doLayout(event(Level.ERROR, "two\nlines", new IllegalStateException("broken")));
    String[] lines = text.split("\n");
    assertTrue(lines.length > 3, text);
    for (String line : lines) {
      assertTrue(line.startsWith("<3>"), "each line is filed at the event's level: " + text);
    }
    assertEquals("<3>RedfishServer: two", lines[0]);
    assertEquals("<3>lines", lines[1]);
    assertTrue(lines[2].contains("java.lang.IllegalStateException: broken"), text);
  }
}

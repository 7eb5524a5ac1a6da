package io.gpuchassis.agent.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.LayoutBase;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * One line per event. For the journal, {@code <N>Logger: message} with the syslog priority N that
 * journald records as the entry's level (sd-daemon(3): 3 error, 4 warning, 6 info, 7 debug) and no
 * time, which the journal adds. On a terminal or in a file, {@code 2025-01-31T12:00:00.000+01:00
 * WARN Logger: message}. A stack trace follows on lines of its own, each with the event's prefix,
 * so that the journal files them at the event's level.
 */
public final class JournalLayout extends LayoutBase<ILoggingEvent> {

  /** Set by systemd when stdout or stderr is connected to the journal (systemd.exec(5)). */
  public static final String JOURNAL_STREAM = "JOURNAL_STREAM";

  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSXXX");

  private final boolean journal;
  private final ZoneId zone;

  /**
   * @param journal whether lines go to the journal (prefixed, no time) rather than a terminal or a
   *     file
   */
  public JournalLayout(boolean journal, ZoneId zone) {
    this.journal = journal;
    this.zone = zone;
  }

  /** The layout for this process: the journal's when systemd connected the output to it. */
  public static JournalLayout forThisProcess() {
    return new JournalLayout(System.getenv(JOURNAL_STREAM) != null, ZoneId.systemDefault());
  }

  /** The syslog priority of {@code level}. */
  public static int priority(Level level) {
    return switch (level.toInt()) {
      case Level.ERROR_INT -> 3;
      case Level.WARN_INT -> 4;
      case Level.INFO_INT -> 6;
      default -> 7;
    };
  }

  @Override
  public String doLayout(ILoggingEvent event) {
    String prefix =
        journal
            ? "<" + priority(event.getLevel()) + ">"
            : TIME.format(Instant.ofEpochMilli(event.getTimeStamp()).atZone(zone))
                + " "
                + event.getLevel()
                + " ";
    StringBuilder line =
        new StringBuilder(prefix).append(shortName(event.getLoggerName())).append(": ");
    // A message with line breaks would become several journal entries, the later ones without a
    // priority.
    line.append(event.getFormattedMessage().replace("\r\n", "\n").replace("\n", "\n" + prefix))
        .append('\n');
    if (event.getThrowableProxy() != null) {
      for (String trace : ThrowableProxyUtil.asString(event.getThrowableProxy()).split("\r?\n")) {
        line.append(prefix).append(trace.replace("\t", "    ")).append('\n');
      }
    }
    return line.toString();
  }

  private static String shortName(String logger) {
    return logger.substring(logger.lastIndexOf('.') + 1);
  }
}

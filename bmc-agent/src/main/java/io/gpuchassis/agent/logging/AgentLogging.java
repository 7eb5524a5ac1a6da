package io.gpuchassis.agent.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.core.Appender;
import io.gpuchassis.agent.config.AgentConfig;
import io.gpuchassis.agent.config.LogSettings;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.slf4j.LoggerFactory;

/** Where the agent's log lines go and how much it logs: the one place that changes either. */
public final class AgentLogging {

  /**
   * Libraries kept quieter than the configured level, unless the configuration names them: Netty
   * and Vert.x report every dropped connection at INFO and DEBUG; Pi4J logs seven INFO lines for
   * each of its contexts at every start and stop (its builder, the board, the JVM, the runtime),
   * whose formatting showed in a profile of the start (docs/PERFORMANCE.md, "Less start-up work");
   * and its board probing logs an ERROR on every board that is not a Raspberry Pi.
   */
  static final Map<String, Level> QUIET =
      Map.of(
          "io.netty",
          Level.WARN,
          "io.vertx",
          Level.WARN,
          "com.pi4j",
          Level.WARN,
          "com.pi4j.boardinfo",
          Level.OFF);

  private AgentLogging() {}

  /**
   * Sets up {@code context}: one appender writing {@code layout}'s lines to stdout, the default
   * levels.
   */
  static void install(LoggerContext context, JournalLayout layout) {
    layout.setContext(context);
    layout.start();
    StandardStreamAppender appender = new StandardStreamAppender(layout);
    appender.setContext(context);
    appender.start();
    Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    root.detachAndStopAllAppenders();
    root.addAppender(appender);
    applyLevels(context, LogSettings.DEFAULT);
  }

  /**
   * Applies {@code config}'s levels and sends the lines where {@code config} leaves room for them.
   */
  public static void apply(AgentConfig config) {
    applyLevels(config.logging());
    appender().ifPresent(a -> a.toStderr(logsToStderr(config)));
  }

  /**
   * Sends the log lines to stderr ({@code true}) or stdout: stderr for the tools ({@code probe},
   * {@code simulate}), whose stdout is their report.
   */
  public static void logToStderr(boolean value) {
    appender().ifPresent(a -> a.toStderr(value));
  }

  /**
   * Whether log lines go to stderr: when a console runs on the agent's own terminal ({@code
   * --console stdio}), stdout is the technician's screen and must not carry log lines.
   */
  public static boolean logsToStderr(AgentConfig config) {
    return config.console().devices().map(devices -> devices.contains("stdio")).orElse(false);
  }

  /**
   * Replaces every logger's level by {@code settings}' (with {@link #QUIET} libraries kept quiet).
   */
  public static void applyLevels(LogSettings settings) {
    context().ifPresent(c -> applyLevels(c, settings));
  }

  private static void applyLevels(LoggerContext context, LogSettings settings) {
    Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    for (Logger logger : context.getLoggerList()) {
      if (logger != root) {
        logger.setLevel(null);
      }
    }
    Level rootLevel = level(settings.level());
    root.setLevel(rootLevel);
    QUIET.forEach(
        (name, quiet) -> {
          if (quiet.isGreaterOrEqual(rootLevel)) {
            context.getLogger(name).setLevel(quiet);
          }
        });
    settings.levels().forEach((name, level) -> context.getLogger(name).setLevel(level(level)));
  }

  /** The levels set now, root first: {@code root=info, io.netty=warn, ...}. */
  public static String describeLevels() {
    return context()
        .map(
            c -> {
              Map<String, String> set = new LinkedHashMap<>();
              for (Logger logger : c.getLoggerList()) {
                if (logger.getLevel() != null) {
                  set.put(
                      logger.getName(),
                      logger.getLevel().toString().toLowerCase(java.util.Locale.ROOT));
                }
              }
              return set.entrySet().stream()
                  .map(e -> e.getKey() + "=" + e.getValue())
                  .collect(Collectors.joining(", "));
            })
        .orElse("(not Logback)");
  }

  /** Whether lines go to stderr now (rather than stdout). */
  public static boolean writingToStderr() {
    return appender().map(StandardStreamAppender::toStderr).orElse(false);
  }

  private static Level level(LogSettings.Level level) {
    return Level.toLevel(level.name(), Level.INFO);
  }

  private static java.util.Optional<StandardStreamAppender> appender() {
    return context()
        .map(
            c -> {
              Appender<?> a =
                  c.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)
                      .getAppender(StandardStreamAppender.NAME);
              return a instanceof StandardStreamAppender s ? s : null;
            });
  }

  /**
   * Logback's context; empty when another SLF4J backend is bound (the levels are then that
   * backend's).
   */
  private static java.util.Optional<LoggerContext> context() {
    return LoggerFactory.getILoggerFactory() instanceof LoggerContext c
        ? java.util.Optional.of(c)
        : java.util.Optional.empty();
  }
}

package io.gpuchassis.agent.logging;

import io.gpuchassis.agent.config.AgentConfig;
import io.gpuchassis.agent.config.ConfigException;
import io.gpuchassis.agent.config.ConfigFile;
import io.gpuchassis.agent.config.LogSettings;
import java.nio.file.Path;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Applies the configuration's logging levels at start and again on SIGHUP ({@code systemctl reload
 * bmc-agent}): the file is read and checked whole, but only its {@code logging:} section takes
 * effect; other changes wait for a restart, which is said once. A file that does not pass keeps the
 * levels as they were.
 */
public final class LogReload {

  private static final Logger LOG = LoggerFactory.getLogger(LogReload.class);

  private final Optional<Path> file;
  private final Optional<AgentConfig> fromFileAtStart;
  private AgentConfig restartNoticeGiven;

  private LogReload(Optional<Path> file, Optional<AgentConfig> fromFileAtStart) {
    this.file = file;
    this.fromFileAtStart = fromFileAtStart;
  }

  /**
   * Applies {@code config}'s logging and reloads {@code file}'s levels on every SIGHUP from now on.
   *
   * @param file the configuration file ({@code --config}); without one a SIGHUP changes nothing
   *     (and does not stop the agent, as it would by default)
   * @param config the configuration the agent starts with
   */
  public static LogReload start(Optional<Path> file, AgentConfig config) {
    AgentLogging.apply(config);
    LogReload reload = new LogReload(file, file.map(f -> fromFile(f, config)));
    if (HangupSignal.needed(config)) {
      HangupSignal.keepForReload();
    }
    SignalHandler before = Signal.handle(new Signal("HUP"), signal -> reload.reload());
    if (before == SignalHandler.SIG_IGN) {
      // The JVM keeps a signal ignored that the process was started with ignored (nohup does so)
      // and installs no handler for it.
      LOG.warn(IGNORED_SIGHUP);
    }
    return reload;
  }

  private static final String IGNORED_SIGHUP =
      "SIGHUP is ignored by this process (started under nohup, or by a parent that ignores it):"
          + " the logging levels cannot be reloaded with SIGHUP or systemctl reload; a restart"
          + " applies them";

  /**
   * {@code file}'s own settings, without the command line's; {@code config} if the file changed
   * since it passed.
   */
  private static AgentConfig fromFile(Path file, AgentConfig config) {
    try {
      return ConfigFile.apply(AgentConfig.defaults(), file);
    } catch (ConfigException e) {
      return config;
    }
  }

  /**
   * For tests: a reloader of {@code file}, whose settings at start were {@code fromFileAtStart}; no
   * signal.
   */
  static LogReload of(Path file, AgentConfig fromFileAtStart) {
    return new LogReload(Optional.of(file), Optional.of(fromFileAtStart));
  }

  /** Reads the file again and applies its levels; returns whether it could. */
  public synchronized boolean reload() {
    if (file.isEmpty()) {
      LOG.warn(
          "SIGHUP: the agent was started without a configuration file (--config): logging levels unchanged");
      return false;
    }
    AgentConfig now;
    try {
      now = ConfigFile.apply(AgentConfig.defaults(), file.get());
    } catch (ConfigException e) {
      LOG.error(
          "SIGHUP: logging levels unchanged, the configuration does not pass: {}", e.getMessage());
      return false;
    }
    AgentLogging.applyLevels(now.logging());
    String message =
        "SIGHUP: logging levels reloaded from " + file.get() + ": " + AgentLogging.describeLevels();
    if (LOG.isInfoEnabled()) {
      LOG.info(message);
    } else {
      LOG.warn(message);
    }
    AgentConfig others = now.withLogging(LogSettings.DEFAULT);
    if (!others.equals(fromFileAtStart.get().withLogging(LogSettings.DEFAULT))
        && !others.equals(restartNoticeGiven)) {
      LOG.warn(
          "SIGHUP: {} has other changed settings: only logging is reloaded, the others take effect at the next"
              + " restart",
          file.get());
      restartNoticeGiven = others;
    }
    return true;
  }
}

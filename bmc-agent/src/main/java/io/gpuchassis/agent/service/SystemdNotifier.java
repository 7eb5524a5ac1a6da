package io.gpuchassis.agent.service;

import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells systemd how the service stands ({@code sd_notify(3)}): ready, stopping, alive for the
 * watchdog, and a status line. Silent when {@code $NOTIFY_SOCKET} is not set (a manual run, the
 * tests, {@code Type=simple}). A message that cannot be sent is logged, the first failure only: the
 * agent serves on regardless.
 */
public final class SystemdNotifier {

  public static final String SOCKET_VARIABLE = "NOTIFY_SOCKET";

  private static final Logger LOG = LoggerFactory.getLogger(SystemdNotifier.class);

  private final Optional<NotifySocket> socket;
  private volatile boolean failedBefore;

  private SystemdNotifier(Optional<NotifySocket> socket) {
    this.socket = socket;
  }

  /** The notifier {@code environment} asks for: none without {@code NOTIFY_SOCKET}. */
  public static SystemdNotifier from(Map<String, String> environment) {
    String value = environment.get(SOCKET_VARIABLE);
    if (value == null || value.isEmpty()) {
      return new SystemdNotifier(Optional.empty());
    }
    try {
      return new SystemdNotifier(Optional.of(NotifySocket.of(value)));
    } catch (IllegalArgumentException e) {
      LOG.error(
          "{} is set but cannot be used, so systemd will not hear from the agent: {}",
          SOCKET_VARIABLE,
          e.getMessage());
      return new SystemdNotifier(Optional.empty());
    }
  }

  /** Whether systemd listens (the messages go somewhere). */
  public boolean enabled() {
    return socket.isPresent();
  }

  /** The service is up: systemd's start job completes and units ordered after it start. */
  public void ready(String status) {
    send("READY=1\nSTATUS=" + status + "\nMAINPID=" + ProcessHandle.current().pid());
  }

  /** The service is stopping (so systemd does not take the time it takes for a hang). */
  public void stopping(String status) {
    send("STOPPING=1\nSTATUS=" + status);
  }

  /** The agent is healthy: the watchdog timer starts again. */
  public void alive() {
    send("WATCHDOG=1");
  }

  /** Sends {@code message}; false when it could not be sent (or no one listens). */
  boolean send(String message) {
    if (socket.isEmpty()) {
      return false;
    }
    try {
      socket.get().send(message);
      return true;
    } catch (RuntimeException | LinkageError e) {
      // LinkageError: JNA could not load its native part (say, a temporary folder mounted noexec).
      if (!failedBefore) {
        failedBefore = true;
        LOG.error(
            "Cannot notify systemd through {} ({}): {}",
            socket.get(),
            firstLine(message),
            e.toString());
      }
      return false;
    }
  }

  private static String firstLine(String message) {
    int end = message.indexOf('\n');
    return end < 0 ? message : message.substring(0, end);
  }
}

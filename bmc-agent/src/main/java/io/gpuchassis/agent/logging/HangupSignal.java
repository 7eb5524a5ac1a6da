package io.gpuchassis.agent.logging;

import com.fazecast.jSerialComm.SerialPort;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;
import io.gpuchassis.agent.config.AgentConfig;
import io.gpuchassis.agent.config.HardwareMode;
import io.gpuchassis.agent.console.ConsoleLines;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps SIGHUP for {@link LogReload}. jSerialComm, the serial library (the technician's console, a
 * switch's UART), sets SIGHUP to be ignored by the whole process when its native library loads (its
 * {@code JNI_OnLoad} ignores SIGIO, SIGHUP, SIGCONT, SIGUSR1, SIGUSR2, SIGTTOU and SIGTTIN), and a
 * handler the JVM had installed is gone with it; the JVM then installs no new one for an ignored
 * signal. So the library is loaded here, before the reload's handler, and SIGHUP given its default
 * action back, unless the process was started with SIGHUP ignored ({@code nohup}), which the agent
 * keeps.
 */
final class HangupSignal {

  private static final Logger LOG = LoggerFactory.getLogger(HangupSignal.class);
  private static final int SIGHUP = 1; // the same on x86_64, arm64 and armhf
  private static final Path STATUS = Path.of("/proc/self/status");

  /** libc's {@code signal}, bound with JNA; SIG_DFL is the null pointer. */
  private interface LibC extends Library {
    Pointer signal(int signal, Pointer handler);
  }

  private HangupSignal() {}

  /**
   * Whether an agent so configured may open a serial line: on real hardware (the board's console
   * port, a switch's UART), or a console device a simulation names. Only then is the library loaded
   * here: its JNA half costs a simulated agent's start about 80 ms it would not spend otherwise.
   */
  static boolean needed(AgentConfig config) {
    return config.hardwareMode() == HardwareMode.REAL
        || config.console().devices().orElse(List.of()).stream()
            .anyMatch(device -> !device.equals(ConsoleLines.STDIO));
  }

  /** Loads the serial library, then undoes what its loading did to SIGHUP. */
  static void keepForReload() {
    Optional<Boolean> ignoredAtStart = ignored();
    try {
      SerialPort.getVersion(); // the class's initialiser loads the native library
    } catch (LinkageError e) {
      LOG.debug("The serial library did not load; SIGHUP stays as it is", e);
      return;
    }
    if (ignoredAtStart.equals(Optional.of(false)) && ignored().orElse(false)) {
      try {
        Native.load(Platform.C_LIBRARY_NAME, LibC.class).signal(SIGHUP, null);
      } catch (LinkageError e) {
        LOG.warn(
            "The serial library left SIGHUP ignored and JNA could not give it back ({}): the"
                + " logging levels cannot be reloaded with SIGHUP; a restart applies them",
            e.toString());
      }
    }
  }

  /** Whether SIGHUP is ignored now, from the kernel's mask of ignored signals; empty if unread. */
  static Optional<Boolean> ignored() {
    try {
      for (String line : Files.readAllLines(STATUS)) {
        if (line.startsWith("SigIgn:")) {
          long mask = Long.parseUnsignedLong(line.substring("SigIgn:".length()).trim(), 16);
          return Optional.of((mask & (1L << (SIGHUP - 1))) != 0);
        }
      }
    } catch (IOException | RuntimeException e) {
      LOG.debug("Cannot read {}", STATUS, e);
    }
    return Optional.empty();
  }
}

package io.gpuchassis.agent.events;

import java.util.Locale;

/** RFC 5424's severities with Redfish's names (SyslogSeverity); {@code All} passes everything. */
public enum SyslogSeverity {
  Emergency,
  Alert,
  Critical,
  Error,
  Warning,
  Notice,
  Informational,
  Debug,
  All;

  int code() {
    return ordinal();
  }

  /** Whether a message of {@code severity} is at least as severe as this lowest one. */
  public boolean admits(SyslogSeverity severity) {
    return this == All || severity.code() <= code();
  }

  /** By its Redfish name, any case. */
  public static SyslogSeverity parse(String name) {
    for (SyslogSeverity s : values()) {
      if (s.name().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
        return s;
      }
    }
    throw new IllegalArgumentException(name);
  }
}

package io.gpuchassis.agent.events;

import java.util.Locale;

/** RFC 5424's facilities, with Redfish's names (SyslogFacility). */
public enum SyslogFacility {
  Kern,
  User,
  Mail,
  Daemon,
  Auth,
  Syslog,
  LPR,
  News,
  UUCP,
  Cron,
  Authpriv,
  FTP,
  NTP,
  Security,
  Console,
  SolarisCron,
  Local0,
  Local1,
  Local2,
  Local3,
  Local4,
  Local5,
  Local6,
  Local7;

  int code() {
    return ordinal();
  }

  /** By its Redfish name, any case. */
  public static SyslogFacility parse(String name) {
    for (SyslogFacility f : values()) {
      if (f.name().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
        return f;
      }
    }
    throw new IllegalArgumentException(name);
  }
}

package io.gpuchassis.agent.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SyslogMessageTest {

  static final Instant AT = Instant.parse("2026-12-03T07:00:00.123456789Z");

  @Test
  void the_header_follows_rfc5424() {
    Map<String, String> data = new LinkedHashMap<>();
    data.put("MessageId", "SensorEvent.1.0.1.ReadingAboveUpperCriticalThreshold");
    String line =
        new SyslogMessage(
                AT,
                SyslogFacility.Local0,
                SyslogSeverity.Critical,
                "chassis 07",
                "SensorEvent.1.0.1.ReadingAboveUpperCriticalThreshold",
                data,
                "hot")
            .format();
    String pid = Long.toString(ProcessHandle.current().pid());
    // PRI = 16 * 8 + 2; time to milliseconds (RFC 5424 allows six digits at most); no space in
    // the host name; MSGID at most 32 characters, the registry's prefix dropped
    assertEquals(
        "<130>1 2026-12-03T07:00:00.123Z chassis07 bmc-agent "
            + pid
            + " ReadingAboveUpperCriticalThresho [redfish@412"
            + " MessageId=\"SensorEvent.1.0.1.ReadingAboveUpperCriticalThreshold\"] hot",
        line);
  }

  @Test
  void structured_data_values_are_escaped() {
    String line =
        new SyslogMessage(
                AT,
                SyslogFacility.Authpriv,
                SyslogSeverity.Warning,
                "h",
                "X",
                Map.of("UserName", "a\"b]c\\d"),
                "t")
            .format();
    assertTrue(line.contains("UserName=\"a\\\"b\\]c\\\\d\""), line);
    assertTrue(line.startsWith("<84>1 "), line);
  }

  @Test
  void redfish_severities_map_to_syslog_ones_and_the_lowest_admits_what_is_more_severe() {
    assertEquals(SyslogSeverity.Critical, SyslogMessage.severityOf("Critical"));
    assertEquals(SyslogSeverity.Warning, SyslogMessage.severityOf("Warning"));
    assertEquals(SyslogSeverity.Informational, SyslogMessage.severityOf("OK"));
    assertTrue(SyslogSeverity.Warning.admits(SyslogSeverity.Critical));
    assertTrue(SyslogSeverity.Warning.admits(SyslogSeverity.Warning));
    assertFalse(SyslogSeverity.Warning.admits(SyslogSeverity.Informational));
    assertTrue(SyslogSeverity.All.admits(SyslogSeverity.Debug));
  }

  @Test
  void a_security_entry_names_its_user_and_address() {
    String line =
        SyslogMessage.ofSecurityEntry(
                AT,
                "Warning",
                "Security.1.0.0.LoginFailed",
                "Login failed.",
                Optional.of("reader"),
                Optional.of("10.0.0.5"),
                "h")
            .format();
    assertTrue(
        line.contains(
            "[redfish@412 MessageId=\"Security.1.0.0.LoginFailed\" UserName=\"reader\""
                + " Address=\"10.0.0.5\"] Login failed."),
        line);
  }
}

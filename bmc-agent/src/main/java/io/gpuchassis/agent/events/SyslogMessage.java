package io.gpuchassis.agent.events;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One RFC 5424 syslog message: {@code <PRI>1 TIMESTAMP HOSTNAME APP-NAME PROCID MSGID [SD] MSG}.
 * The structured data {@code redfish@412} (412: DMTF's private enterprise number) carries the
 * Redfish MessageId and, where there is one, the OriginOfCondition and the event's id, so that a
 * collector can file it without parsing the text.
 */
public record SyslogMessage(
    Instant timestamp,
    SyslogFacility facility,
    SyslogSeverity severity,
    String hostName,
    String messageId,
    Map<String, String> data,
    String text) {

  static final String APP_NAME = "bmc-agent";
  static final String SD_ID = "redfish@412";

  /** The syslog severity of a Redfish one: Critical, Warning, else (OK) Informational. */
  public static SyslogSeverity severityOf(String redfishSeverity) {
    return switch (redfishSeverity) {
      case "Critical" -> SyslogSeverity.Critical;
      case "Warning" -> SyslogSeverity.Warning;
      default -> SyslogSeverity.Informational;
    };
  }

  /** An event as its syslog message. */
  public static SyslogMessage of(PublishedEvent event, SyslogFacility facility, String hostName) {
    Map<String, String> data = new LinkedHashMap<>();
    data.put("MessageId", event.messageId());
    data.put("EventId", Long.toString(event.id()));
    event.originOfCondition().ifPresent(o -> data.put("OriginOfCondition", o));
    return new SyslogMessage(
        event.timestamp(),
        facility,
        severityOf(event.severity()),
        hostName,
        event.messageId(),
        data,
        event.message().text());
  }

  /**
   * A security-log entry as its syslog message: facility Authpriv, the user and address it names in
   * the structured data.
   */
  public static SyslogMessage ofSecurityEntry(
      Instant created,
      String redfishSeverity,
      String messageId,
      String text,
      Optional<String> userName,
      Optional<String> address,
      String hostName) {
    Map<String, String> data = new LinkedHashMap<>();
    data.put("MessageId", messageId);
    userName.ifPresent(u -> data.put("UserName", u));
    address.ifPresent(a -> data.put("Address", a));
    return new SyslogMessage(
        created,
        SyslogFacility.Authpriv,
        severityOf(redfishSeverity),
        hostName,
        messageId,
        data,
        text);
  }

  /** The message as RFC 5424 writes it (without a transport's framing). */
  public String format() {
    StringBuilder out = new StringBuilder(256);
    out.append('<')
        .append(facility.code() * 8 + severity.code())
        .append(">1 ")
        .append(timestamp.truncatedTo(ChronoUnit.MILLIS))
        .append(' ')
        .append(field(hostName, 255))
        .append(' ')
        .append(APP_NAME)
        .append(' ')
        .append(ProcessHandle.current().pid())
        .append(' ')
        .append(field(shortId(messageId), 32))
        .append(" [")
        .append(SD_ID);
    data.forEach(
        (name, value) ->
            out.append(' ').append(name).append("=\"").append(escape(value)).append('"'));
    out.append("] ").append(text);
    return out.toString();
  }

  /** A registry MessageId without its registry and version: what MSGID's 32 characters hold. */
  static String shortId(String messageId) {
    return messageId.substring(messageId.lastIndexOf('.') + 1);
  }

  /** A header field: printable US-ASCII without spaces, at most {@code max} long; "-" if empty. */
  static String field(String value, int max) {
    StringBuilder out = new StringBuilder();
    for (char c : value.toCharArray()) {
      if (c > 32 && c < 127 && out.length() < max) {
        out.append(c);
      }
    }
    return out.length() == 0 ? "-" : out.toString();
  }

  /** A structured-data value: {@code "}, {@code \} and {@code ]} escaped (RFC 5424 §6.3.3). */
  static String escape(String value) {
    StringBuilder out = new StringBuilder(value.length());
    for (char c : value.toCharArray()) {
      if (c == '"' || c == '\\' || c == ']') {
        out.append('\\');
      }
      out.append(c);
    }
    return out.toString();
  }
}

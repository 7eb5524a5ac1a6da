package io.gpuchassis.agent.events;

import java.util.List;

/**
 * What makes a subscription a syslog one (an EventDestination with a {@code Syslog*} Protocol): its
 * transport and its SyslogFilter. Events go as facility {@link #FACILITY}; a filter that names
 * facilities without it selects none.
 *
 * @param protocol {@code SyslogTLS}, {@code SyslogTCP} or {@code SyslogUDP}
 * @param lowestSeverity the least severe message sent (SyslogSeverity's name)
 * @param facilities the facilities selected; empty: all
 */
public record SyslogTarget(String protocol, String lowestSeverity, List<String> facilities) {

  /** The facility of the events a subscription receives. */
  public static final SyslogFacility FACILITY = SyslogFacility.Local0;

  public SyslogTarget {
    facilities = List.copyOf(facilities);
  }

  /** Whether {@code message} passes the filter. */
  public boolean admits(SyslogMessage message) {
    return SyslogSeverity.parse(lowestSeverity).admits(message.severity())
        && (facilities.isEmpty() || facilities.contains(message.facility().name()));
  }

  /** The transport {@link SyslogSender} uses. */
  SyslogSender.Transport transport() {
    return SyslogSender.Transport.of(protocol);
  }
}

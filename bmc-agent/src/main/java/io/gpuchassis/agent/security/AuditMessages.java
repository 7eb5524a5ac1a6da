package io.gpuchassis.agent.security;

import io.gpuchassis.redfish.message.MessageDefinition;
import java.util.List;

/**
 * The agent's own message registry, {@code GpuChassisAudit}, for security log entries no DMTF registry covers. The
 * agent publishes it at {@code /redfish/v1/Registries/GpuChassisAudit.1.0}.
 */
public final class AuditMessages {

  public static final String PREFIX = "GpuChassisAudit";
  public static final String VERSION = "1.0.0";
  public static final String REGISTRY = PREFIX + "." + VERSION;

  public static final MessageDefinition WRITE_REQUEST =
      new MessageDefinition(
          REGISTRY,
          "WriteRequest",
          "%1 %2 by '%3' from %4 answered %5.",
          "OK",
          5,
          "None.");

  /** Every message of the registry, in its published order. */
  public static final List<MessageDefinition> ALL = List.of(WRITE_REQUEST);

  /** What each argument of each message means, for the published registry. */
  static final List<String> WRITE_REQUEST_ARGS =
      List.of("The HTTP method.", "The request path.", "The user name, or 'anonymous'.", "The client address.",
          "The HTTP status code of the answer.");

  private AuditMessages() {}
}

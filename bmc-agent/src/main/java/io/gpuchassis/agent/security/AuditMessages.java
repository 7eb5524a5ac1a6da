package io.gpuchassis.agent.security;

import io.gpuchassis.redfish.message.MessageDefinition;
import io.gpuchassis.redfish.message.PublishedMessage;
import java.util.List;

/**
 * The agent's own message registry, {@code GpuChassisAudit}, for security log entries no DMTF
 * registry covers. The agent publishes it at {@code /redfish/v1/Registries/GpuChassisAudit.1.4}.
 */
public final class AuditMessages {

  public static final String PREFIX = "GpuChassisAudit";
  public static final String VERSION = "1.4.0";
  public static final String REGISTRY = PREFIX + "." + VERSION;

  public static final MessageDefinition WRITE_REQUEST =
      new MessageDefinition(
              REGISTRY, "WriteRequest", "%1 %2 by '%3' from %4 answered %5.", "OK", 5, "None.")
          .withNumbers(5);

  /**
   * Unauthenticated entries folded into one: the first was recorded in full, this counts the ones
   * that followed.
   */
  public static final MessageDefinition REPEATED_ENTRIES =
      new MessageDefinition(
              REGISTRY,
              "RepeatedEntries",
              "'%1' from %2: %5 more entries like %3 between %4 and %6.",
              "Warning",
              6,
              "None.")
          .withNumbers(5);

  /** A login refused before its password was checked: its address had exceeded its login rate. */
  public static final MessageDefinition LOGIN_THROTTLED =
      new MessageDefinition(
          REGISTRY,
          "LoginThrottled",
          "The login of '%1' from %2 over '%3' was refused unchecked: the address exceeded its login rate.",
          "Warning",
          3,
          "None.");

  /** A command a user ran on the serial console that changes something (new in 1.1.0). */
  public static final MessageDefinition CONSOLE_COMMAND =
      new MessageDefinition(
          REGISTRY, "ConsoleCommand", "Console command '%1' by '%2' on %3: %4.", "OK", 4, "None.");

  /**
   * A restart of the agent asked for with Manager.Reset, recorded before the agent stops (new in
   * 1.2.0).
   */
  public static final MessageDefinition MANAGER_RESET =
      new MessageDefinition(
          REGISTRY,
          "ManagerReset",
          "'%1' from %2 reset the manager (%3): the agent stops cleanly and starts again.",
          "Warning",
          3,
          "None.");

  /** A GPU released from its host although the host had not let go of it (new in 1.2.0). */
  public static final MessageDefinition FORCED_RELEASE =
      new MessageDefinition(
          REGISTRY,
          "ForcedRelease",
          "'%1' from %2 forced the release of %3 from %4, which had not released it (%5).",
          "Warning",
          5,
          "None.");

  /**
   * What the reconciliation found and did about it: at start, a binding the switch and the journal
   * disagreed on, a card swapped while the agent was down; while it runs, a card pulled out,
   * swapped or powered on (new in 1.3.0).
   */
  public static final MessageDefinition RECONCILIATION =
      new MessageDefinition(
          REGISTRY,
          "Reconciliation",
          "The reconciliation found, about %1: %2 (%3).",
          "Warning",
          3,
          "None.");

  /**
   * A GPU the agent released from its host because its lease expired or it was idle for the lease's
   * idle time (new in 1.4.0).
   */
  public static final MessageDefinition LEASE_RELEASE =
      new MessageDefinition(
          REGISTRY,
          "LeaseRelease",
          "The lease of '%1' (set by '%2') released %3 from %4: %5.",
          "OK",
          5,
          "None.");

  /** Every message of the registry, in its published order. */
  public static final List<MessageDefinition> ALL =
      List.of(
          WRITE_REQUEST,
          REPEATED_ENTRIES,
          LOGIN_THROTTLED,
          CONSOLE_COMMAND,
          MANAGER_RESET,
          FORCED_RELEASE,
          RECONCILIATION,
          LEASE_RELEASE);

  /** What each argument of each message means, for the published registry. */
  static final List<String> WRITE_REQUEST_ARGS =
      List.of(
          "The HTTP method.",
          "The request path.",
          "The user name, or 'anonymous'.",
          "The client address.",
          "The HTTP status code of the answer.");

  /** What each argument of {@link #REPEATED_ENTRIES} means. */
  static final List<String> REPEATED_ENTRIES_ARGS =
      List.of(
          "The user name given, or 'anonymous'.",
          "The client address.",
          "The MessageId of the entries folded.",
          "When the first of them was recorded.",
          "How many more there were.",
          "When the last of them arrived.");

  /** What each argument of {@link #LOGIN_THROTTLED} means. */
  static final List<String> LOGIN_THROTTLED_ARGS =
      List.of(
          "The user name given.",
          "The client address.",
          "How the client logged in: 'HTTP Basic' or 'Redfish session'.");

  /** What each argument of {@link #CONSOLE_COMMAND} means. */
  static final List<String> CONSOLE_COMMAND_ARGS =
      List.of(
          "The command line as typed.",
          "The user name.",
          "The console: 'serial:' and its device, or 'stdio'.",
          "What came of it: 'done', or 'refused: ' or 'failed: ' and the reason.");

  /** What each argument of {@link #MANAGER_RESET} means. */
  static final List<String> MANAGER_RESET_ARGS =
      List.of("The user name.", "The client address.", "The ResetType, e.g. 'GracefulRestart'.");

  /** What each argument of {@link #FORCED_RELEASE} means. */
  static final List<String> FORCED_RELEASE_ARGS =
      List.of(
          "The user name.",
          "The client address.",
          "The URI of the GPU (endpoint or resource block).",
          "The host it was bound to.",
          "The action, e.g. 'Zone.RemoveEndpoint'.");

  /** Every message with its description, in the registry's order. */
  public static final List<PublishedMessage> PUBLISHED =
      List.of(
          new PublishedMessage(
              WRITE_REQUEST,
              "A write request and the answer the agent gave it.",
              WRITE_REQUEST_ARGS),
          new PublishedMessage(
              REPEATED_ENTRIES,
              "Security log entries of clients that were not authenticated, repeated within"
                  + " the summary window: the first was recorded in full, this one counts the others.",
              REPEATED_ENTRIES_ARGS),
          new PublishedMessage(
              LOGIN_THROTTLED,
              "A login refused before its password was checked, because its client address"
                  + " had exceeded its login rate.",
              LOGIN_THROTTLED_ARGS),
          new PublishedMessage(
              CONSOLE_COMMAND,
              "A command run on the serial console that changes the chassis, an account or the"
                  + " simulation, whether it was done, refused or failed.",
              CONSOLE_COMMAND_ARGS),
          new PublishedMessage(
              MANAGER_RESET,
              "A restart of the agent asked for over Redfish with Manager.Reset, recorded before"
                  + " the agent stops.",
              MANAGER_RESET_ARGS),
          new PublishedMessage(
              FORCED_RELEASE,
              "A GPU released from its host over Redfish with the Force parameter, although the"
                  + " host had not released it (ReadyToRemove not set).",
              FORCED_RELEASE_ARGS),
          new PublishedMessage(
              RECONCILIATION,
              "A correction the agent made, at start or when a card was pulled out, pushed in or"
                  + " powered on while it ran, when the switches, its journal of bindings and the"
                  + " cards in the slots disagreed; also an event.",
              List.of(
                  "The URI of the resource block or switch port concerned.",
                  "What was found and what was done.",
                  "'corrected', or 'not corrected' when it could not be.")),
          new PublishedMessage(
              LEASE_RELEASE,
              "A GPU the agent released from its host by its lease: the lease expired, or the GPU"
                  + " was idle for the lease's idle time (the host port's release policy allowed"
                  + " it); also an event.",
              List.of(
                  "The lease's owner.",
                  "The account that set the lease.",
                  "The URI of the GPU's resource block.",
                  "The host it was bound to.",
                  "Why it was released.")));

  private AuditMessages() {}
}

package io.gpuchassis.agent.firmware;

import io.gpuchassis.agent.selfupdate.Slots;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * What an update of the agent's own software needs.
 *
 * @param slots the install slots, when the packaged launcher started the agent with them
 * @param runningVersion this agent's version
 * @param lowestSupported the oldest agent version installed without {@code ForceUpdate}
 * @param restart asks for a clean restart for the reason given (Manager.Reset's), for {@code
 *     Immediate}
 */
public record SelfUpdate(
    Optional<Slots> slots,
    String runningVersion,
    Optional<String> lowestSupported,
    Consumer<String> restart) {

  /** An agent that cannot update itself (no slots). */
  public static SelfUpdate none(String runningVersion) {
    return new SelfUpdate(Optional.empty(), runningVersion, Optional.empty(), why -> {});
  }
}

package io.gpuchassis.agent.ethernet;

import io.gpuchassis.redfish.message.MessageInstance;
import io.gpuchassis.redfish.message.NetworkDeviceMessages;
import java.util.Optional;

/**
 * A port's link changes between two samples as the NetworkDevice registry tells them: a drop is
 * ConnectionDropped, a return ConnectionEstablished, or DegradedConnectionEstablished when the link
 * comes back slower than the port can (the registry's own pairs: an establishment clears a drop).
 * The first sample only says where the link stands.
 */
final class LinkTransitions {

  private final DataPort port;
  private Boolean up;

  LinkTransitions(DataPort port) {
    this.port = port;
  }

  Optional<MessageInstance> next(PortReading now) {
    Boolean was = up;
    up = now.linkUp();
    if (was == null || was == up) {
      return Optional.empty();
    }
    String[] names = {port.adapter(), port.port(), port.function()};
    if (!up) {
      return Optional.of(NetworkDeviceMessages.CONNECTION_DROPPED.with((Object[]) names));
    }
    boolean slow =
        now.speedMbps().isPresent() && now.speedMbps().getAsInt() < port.capableSpeedMbps();
    return Optional.of(
        (slow
                ? NetworkDeviceMessages.DEGRADED_CONNECTION_ESTABLISHED
                : NetworkDeviceMessages.CONNECTION_ESTABLISHED)
            .with((Object[]) names));
  }
}

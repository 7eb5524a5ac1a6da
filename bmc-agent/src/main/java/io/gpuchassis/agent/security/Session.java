package io.gpuchassis.agent.security;

import java.time.Instant;
import java.util.Optional;

/**
 * A Redfish session: whose account opened it, from where, when, and when it was last used. The
 * token itself is not kept, only its hash in {@link SessionManager}.
 */
public record Session(
    String id,
    long accountId,
    String userName,
    Role role,
    Instant created,
    Instant lastUsed,
    String clientAddress,
    Optional<String> context,
    boolean passwordChangeRequired) {

  public Session usedAt(Instant now) {
    return new Session(
        id,
        accountId,
        userName,
        role,
        created,
        now,
        clientAddress,
        context,
        passwordChangeRequired);
  }

  public Session passwordChanged() {
    return new Session(
        id, accountId, userName, role, created, lastUsed, clientAddress, context, false);
  }
}

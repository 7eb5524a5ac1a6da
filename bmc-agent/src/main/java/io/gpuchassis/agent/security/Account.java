package io.gpuchassis.agent.security;

import java.time.Instant;

/**
 * A local user account as stored: the password only as a hash. {@code id} is stable for the
 * account's life, so its Redfish URI survives a change of user name.
 */
public record Account(
    long id,
    String userName,
    String passwordHash,
    Role role,
    boolean enabled,
    boolean passwordChangeRequired,
    Instant created) {

  public Account withPasswordHash(String hash, boolean changeRequired) {
    return new Account(id, userName, hash, role, enabled, changeRequired, created);
  }

  public Account withUserName(String value) {
    return new Account(id, value, passwordHash, role, enabled, passwordChangeRequired, created);
  }

  public Account withRole(Role value) {
    return new Account(id, userName, passwordHash, value, enabled, passwordChangeRequired, created);
  }

  public Account withEnabled(boolean value) {
    return new Account(id, userName, passwordHash, role, value, passwordChangeRequired, created);
  }
}

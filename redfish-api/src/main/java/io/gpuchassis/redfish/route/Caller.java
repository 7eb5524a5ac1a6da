package io.gpuchassis.redfish.route;

import java.util.Optional;
import java.util.Set;

/**
 * An authenticated client: who it is, its role, the privileges that role grants, the session it
 * came in with (empty for HTTP Basic), and whether its password must be changed before it may do
 * anything else.
 */
public record Caller(
    String userName,
    String roleId,
    Set<Privilege> privileges,
    Optional<String> sessionId,
    boolean passwordChangeRequired) {

  public Caller {
    privileges = Set.copyOf(privileges);
  }

  public Caller(String userName, String roleId, Set<Privilege> privileges) {
    this(userName, roleId, privileges, Optional.empty(), false);
  }

  public boolean has(Privilege privilege) {
    return privileges.contains(privilege);
  }
}

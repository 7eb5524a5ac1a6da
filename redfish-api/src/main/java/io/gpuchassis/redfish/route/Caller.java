package io.gpuchassis.redfish.route;

import java.util.Set;

/** An authenticated client: who it is, its role, and the privileges that role grants. */
public record Caller(String userName, String roleId, Set<Privilege> privileges) {
  public Caller {
    privileges = Set.copyOf(privileges);
  }
}

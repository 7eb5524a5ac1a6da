package io.gpuchassis.agent.security;

import io.gpuchassis.redfish.route.Privilege;
import java.util.EnumSet;
import java.util.Set;

/**
 * The Redfish predefined roles (DSP0266 "Roles") and the privileges each is assigned. They cannot
 * be modified.
 */
public enum Role {
  Administrator(
      EnumSet.of(
          Privilege.Login,
          Privilege.ConfigureManager,
          Privilege.ConfigureUsers,
          Privilege.ConfigureSelf,
          Privilege.ConfigureComponents)),
  Operator(EnumSet.of(Privilege.Login, Privilege.ConfigureSelf, Privilege.ConfigureComponents)),
  ReadOnly(EnumSet.of(Privilege.Login, Privilege.ConfigureSelf));

  private final Set<Privilege> privileges;

  Role(Set<Privilege> privileges) {
    this.privileges = Set.copyOf(privileges);
  }

  public Set<Privilege> privileges() {
    return privileges;
  }
}

package io.gpuchassis.agent.selfupdate;

import java.util.Optional;

/**
 * Where an agent's jar is: one of the two install slots, or the package's own jar, which the
 * launcher starts when no slot is primary and falls back to when no slot is good.
 */
public enum Slot {
  A,
  B,
  /** The jar the Debian package installed ({@code /usr/share/bmc-agent}); never written here. */
  PACKAGE;

  /** The name in the boot state and the launcher: A, B or package. */
  public String stateName() {
    return this == PACKAGE ? "package" : name();
  }

  /** The boot state's key for this slot's {@code field}, e.g. {@code A.version}. */
  String key(String field) {
    return stateName() + "." + field;
  }

  /** The slot an update writes when {@code this} one runs: the other install slot. */
  public Slot other() {
    return this == A ? B : A;
  }

  static Optional<Slot> named(String name) {
    for (Slot s : values()) {
      if (s.stateName().equals(name)) {
        return Optional.of(s);
      }
    }
    return Optional.empty();
  }
}

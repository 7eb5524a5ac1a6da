package io.gpuchassis.agent.selfupdate;

import java.util.Locale;
import java.util.Optional;

/** What the boot state says of an install slot. */
public enum SlotStatus {
  /** Nothing installed, or never recorded. */
  EMPTY,
  /** Installed and made primary; counts boot attempts until it is marked good. */
  PENDING,
  /** Marked good: its agent proved itself after starting. */
  GOOD,
  /** Given up on: it did not prove itself within its boot attempts. */
  BAD;

  /** The name in the boot state: lower case. */
  public String stateName() {
    return name().toLowerCase(Locale.ROOT);
  }

  static Optional<SlotStatus> named(String name) {
    for (SlotStatus s : values()) {
      if (s.stateName().equals(name)) {
        return Optional.of(s);
      }
    }
    return Optional.empty();
  }
}

package io.gpuchassis.redfish.route;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a caller must hold to use a route, in the Privilege Registry's shape: a list of
 * alternatives, each a set of privileges that must all be held ({@code [{"Privilege":
 * ["ConfigureManager"]}, {"Privilege": ["ConfigureSelf"]}]}). {@link #NO_AUTH} is the only rule
 * that admits anonymous callers, and {@link RedfishRoutes} accepts it only for the paths DSP0266
 * opens to everyone.
 */
public final class PrivilegeRule {

  /**
   * No authentication at all: only for the service root, the version document, odata and $metadata.
   */
  public static final PrivilegeRule NO_AUTH = new PrivilegeRule(List.of());

  private final List<Set<Privilege>> alternatives;

  private PrivilegeRule(List<Set<Privilege>> alternatives) {
    this.alternatives = alternatives;
  }

  /** A rule met by holding every one of {@code privileges}. */
  public static PrivilegeRule allOf(Privilege... privileges) {
    if (privileges.length == 0) {
      throw new IllegalArgumentException(
          "a privilege rule needs at least one privilege; use NO_AUTH deliberately");
    }
    return new PrivilegeRule(List.of(EnumSet.copyOf(Arrays.asList(privileges))));
  }

  /** This rule, or alternatively holding every one of {@code privileges}. */
  public PrivilegeRule or(Privilege... privileges) {
    if (this == NO_AUTH) {
      throw new IllegalStateException("NO_AUTH cannot be combined");
    }
    var more = new java.util.ArrayList<>(alternatives);
    more.add(EnumSet.copyOf(Arrays.asList(privileges)));
    return new PrivilegeRule(List.copyOf(more));
  }

  public boolean isNoAuth() {
    return this == NO_AUTH;
  }

  /** Whether a caller holding {@code held} satisfies this rule. */
  public boolean isSatisfiedBy(Set<Privilege> held) {
    if (isNoAuth()) {
      return true;
    }
    for (Set<Privilege> alternative : alternatives) { // every request asks: no stream
      if (held.containsAll(alternative)) {
        return true;
      }
    }
    return false;
  }

  public List<Set<Privilege>> alternatives() {
    return alternatives;
  }

  /**
   * Two rules are equal when they admit exactly the same callers' alternatives (order does not
   * matter).
   */
  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof PrivilegeRule other) || isNoAuth() || other.isNoAuth()) {
      return false;
    }
    return Set.copyOf(alternatives).equals(Set.copyOf(other.alternatives));
  }

  @Override
  public int hashCode() {
    return Set.copyOf(alternatives).hashCode();
  }

  @Override
  public String toString() {
    if (isNoAuth()) {
      return "NoAuth";
    }
    return alternatives.stream()
        .map(set -> set.stream().map(Enum::name).collect(Collectors.joining("+")))
        .collect(Collectors.joining(" | "));
  }
}

package io.gpuchassis.agent.chassis;

import java.util.Optional;

/**
 * What the host said of a GPU just attached to it, on either fabric: it has no helper (the host
 * companion) to say so ({@code expected} false), it reported the GPU ({@code address}, the PCI
 * address it sees the GPU at), or it did not within the bound the bind waits.
 */
public record HostSight(boolean expected, Optional<String> address) {
  public static final HostSight NOT_EXPECTED = new HostSight(false, Optional.empty());

  /** The host reported the GPU at {@code address}. */
  public static HostSight seenAt(String address) {
    return new HostSight(true, Optional.of(address));
  }

  /** The host has a helper, which did not report the GPU in time. */
  public static final HostSight NOT_SEEN = new HostSight(true, Optional.empty());
}

package io.gpuchassis.agent.compose;

import java.time.Instant;
import java.util.Set;

/**
 * GPUs and hosts held for one client until {@code expires}, with the manifest whose preview made
 * the reservation (JSON text, opaque here), so that the client can apply it later knowing nobody
 * else took them.
 */
public record Reservation(
    String id,
    String client,
    Instant created,
    Instant expires,
    Set<Integer> slots,
    Set<String> hosts,
    String manifest) {

  public Reservation {
    slots = Set.copyOf(slots);
    hosts = Set.copyOf(hosts);
  }

  public boolean expiredAt(Instant now) {
    return !now.isBefore(expires);
  }

  /** Whether this reservation holds the slot or host for someone other than {@code client}. */
  public boolean holdsAgainst(String client, Set<Integer> otherSlots, Set<String> otherHosts) {
    return !this.client.equals(client)
        && (otherSlots.stream().anyMatch(slots::contains)
            || otherHosts.stream().anyMatch(hosts::contains));
  }
}

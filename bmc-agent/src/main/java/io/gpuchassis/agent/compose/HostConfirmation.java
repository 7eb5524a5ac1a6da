package io.gpuchassis.agent.compose;

import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The host's own word that it sees a GPU just attached to it, from a helper running on the host
 * (the host companion). An attach waits for it, bounded, when the host has such a helper.
 */
public interface HostConfirmation {

  /** No host has a helper: an attach never waits. */
  HostConfirmation NONE = (slot, host, since) -> Optional.empty();

  /**
   * Empty when {@code host} has no helper to confirm; else completes with the PCI address at which
   * the host sees the GPU in {@code slot}, once it reports it at {@code since} or later.
   */
  Optional<CompletableFuture<String>> whenSeen(int slot, String host, Instant since);
}

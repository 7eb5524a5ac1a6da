package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.ChassisState;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * How a GPU slot reaches a host over one fabric: PCIe partition binding through the switch chips
 * ({@link PcieTransport}) or ExpEther grouping over Ethernet ({@link ExpEtherTransport}). The
 * {@link BindingEngine} keeps what both share (the slot's state, the checks before anything moves,
 * the release policy, operations in flight) and asks the host's fabric to do the work. Every method
 * that changes the hardware journals before it touches it ({@link BindingJournal}), so a restart
 * finds what was under way; each returns at once and does its blocking work off the caller's
 * thread.
 */
public interface FabricTransport {

  /**
   * Why {@code slot} cannot be given to {@code hostId} over this fabric now (the wiring, or another
   * host holding the way), or empty when it can. Pure: the engine asks under its lock.
   */
  Optional<BindingException> unreachable(ChassisState state, int slot, String hostId);

  /**
   * Attaches the GPU in {@code slot} to {@code hostId} and verifies it; undone when it cannot be
   * verified. Once verified, waits for the host's word that it sees the GPU where the host has a
   * helper to give it ({@link #confirmWith}; the GPU stays attached when it does not come).
   * Completes with how its link trained, when the fabric can read it, and what the host said.
   */
  CompletableFuture<Attached> attach(ChassisState state, int slot, String hostId);

  /**
   * From now on, an attach to a host whose helper confirms what it sees waits for its word, at most
   * {@code within} (see {@link BindingEngine#confirmWith}).
   */
  void confirmWith(HostConfirmation confirmation, Duration within);

  /** Takes the GPU in {@code slot} from {@code hostId} and verifies it is gone. */
  CompletableFuture<Void> release(ChassisState state, int slot, String hostId);

  /**
   * The forced release of a FAILED slot, whose state on the fabric is not known: whatever the
   * fabric holds for it is undone, and it is free for good.
   */
  CompletableFuture<Void> settle(ChassisState state, int slot, String hostId);

  /**
   * Takes the GPU in {@code slot} off the fabric without touching the journal, for a card pulled
   * out or replaced while the agent runs: the binding to {@code hostId} is kept for the card's
   * return, and no other card can reach the host meanwhile. Fails when it cannot be seen done.
   */
  CompletableFuture<Void> takeOff(ChassisState state, int slot, String hostId);
}

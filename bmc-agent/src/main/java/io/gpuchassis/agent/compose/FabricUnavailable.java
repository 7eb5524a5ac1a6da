package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.compose.BindingException.Reason;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** A fabric the agent has no way onto: every attach is refused, every release fails, saying why. */
final class FabricUnavailable implements FabricTransport {

  private final String why;

  FabricUnavailable(String why) {
    this.why = why;
  }

  @Override
  public Optional<BindingException> unreachable(ChassisState state, int slot, String hostId) {
    return Optional.of(new BindingException(Reason.NOT_REACHABLE, why));
  }

  @Override
  public CompletableFuture<Attached> attach(ChassisState state, int slot, String hostId) {
    return CompletableFuture.failedFuture(new BindingException(Reason.NOT_REACHABLE, why));
  }

  /** Nothing is attached here, so nothing waits. */
  @Override
  public void confirmWith(HostConfirmation confirmation, java.time.Duration within) {}

  @Override
  public CompletableFuture<Void> release(ChassisState state, int slot, String hostId) {
    return CompletableFuture.failedFuture(new BindingException(Reason.SWITCH_FAILED, why));
  }

  @Override
  public CompletableFuture<Void> settle(ChassisState state, int slot, String hostId) {
    return release(state, slot, hostId);
  }

  @Override
  public CompletableFuture<Void> takeOff(ChassisState state, int slot, String hostId) {
    return release(state, slot, hostId);
  }
}

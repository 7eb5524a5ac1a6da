package io.gpuchassis.agent.fault;

/**
 * A kind of fault the simulated hardware can be told to have, such as a link that goes down. Each
 * kind acts below the agent's real code (on simulated registers or wire bytes), so the agent sees
 * the fault exactly as it would on hardware.
 */
public interface FaultKind {

  /** The name clients use, e.g. {@code link-down}. */
  String name();

  /** One sentence for operators: what the simulated hardware does while the fault is active. */
  String description();

  /**
   * Starts the fault on {@code target}, the Redfish URI of the affected resource.
   *
   * @return what ends the fault again
   * @throws FaultException when {@code target} is not something this kind can affect
   */
  ActiveEffect inject(String target);

  /** Ends an injected fault. */
  @FunctionalInterface
  interface ActiveEffect {
    void clear();
  }
}

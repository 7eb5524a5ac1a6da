package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.ChassisState;

/**
 * Whether a slot can be given to a host now by the wiring of the host's fabric, for the checks made
 * before the engine is asked (a composition's, a placement's): on the PCIe fabric a path of links
 * none of which carries another host's GPUs ({@link BindingPlan#of}), over Ethernet an ExpEther I/O
 * engine in front of the slot's GPU. Pure.
 */
final class FabricReach {

  private FabricReach() {}

  static boolean canBind(ChassisState state, int slot, String hostId) {
    boolean overEthernet =
        state.hosts().stream().anyMatch(h -> h.id().equals(hostId) && h.overEthernet());
    return overEthernet
        ? ExpEtherTransport.ioEngine(state, slot).isPresent()
        : BindingPlan.of(state, slot, hostId).isPresent();
  }
}

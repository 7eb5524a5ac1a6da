package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.TestAgent.READER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.sim.SimulatedPlatform;
import io.gpuchassis.switchdrv.expether.EemClient;
import io.gpuchassis.switchdrv.expether.EemGroups;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A restart reconciles the Ethernet hosts' bindings with the ExpEther manager as it does the PCIe
 * ones with the switches: the simulated manager starts afresh with every I/O engine free (as a
 * manager that lost its groups), so the journal's attachments are made again, and reported.
 */
class EthernetReconcileIT {

  @TempDir Path dir;

  @Test
  void a_restart_attaches_again_what_the_manager_lost() throws Exception {
    Path board = EthernetHostIT.ethernetBoard(dir);
    Path state = dir.resolve("state");
    try (TestAgent first = TestAgent.start(state, c -> c.withBoard(board))) {
      first.agent.bindings().bind(1, EthernetHostIT.ETH1).join();
      first.agent.bindings().bind(2, EthernetHostIT.ETH1).join();
    }
    try (TestAgent second = TestAgent.start(state, c -> c.withBoard(board))) {
      for (int slot : new int[] {1, 2}) {
        SlotBinding binding = second.agent.model().current().binding(slot);
        assertEquals(SlotBinding.State.BOUND, binding.state(), "slot " + slot);
        assertEquals(Optional.of(EthernetHostIT.ETH1), binding.host());
      }
      EemClient manager =
          ((SimulatedPlatform) second.agent.platform()).expEther().orElseThrow().client();
      int group = manager.device(EthernetHostIT.ETH1_ENGINE).groupId();
      assertTrue(EemGroups.assignable(group), "the host engine has a group again: " + group);
      assertEquals(group, manager.device(EthernetHostIT.engine(1)).groupId());
      assertEquals(group, manager.device(EthernetHostIT.engine(2)).groupId());
      assertEquals(EemGroups.FREE_IO, manager.device(EthernetHostIT.engine(3)).groupId());
      String events =
          second
              .client
              .get("/redfish/v1/Managers/BMC/LogServices/EventLog/Entries?$expand=.", READER)
              .body();
      assertTrue(
          events.contains("had lost its attachment to EthHost1; attached again")
              && events.contains("ResourceErrorsCorrected"),
          events);
    }
  }
}

package io.gpuchassis.agent.redfish.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuchassis.agent.chassis.HostSight;
import io.gpuchassis.agent.chassis.LinkTraining;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.redfish.ChassisFixture;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What an attach verified, as its task's messages: the link where the fabric reads one (PCIe), the
 * host companion's word on either fabric, and no link message for a GPU reached over Ethernet.
 */
class ChangeMessagesTest {

  private static final String BLOCK = "/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot1";

  @Test
  void a_gpu_attached_over_ethernet_has_its_host_s_word_and_no_link_message() {
    SlotBinding seen = bound("EthHost1").withHostSight(HostSight.seenAt("0000:05:00.0"));
    assertEquals(List.of("HostSeesGpu " + List.of(BLOCK, "EthHost1", "0000:05:00.0")), ids(seen));

    SlotBinding notSeen = bound("EthHost1").withHostSight(HostSight.NOT_SEEN);
    assertEquals(List.of("HostDidNotSeeGpu " + List.of(BLOCK, "EthHost1")), ids(notSeen));

    assertEquals(List.of(), ids(bound("EthHost1")), "no companion, no link: nothing to say");
  }

  @Test
  void a_pcie_attach_says_how_its_link_trained_then_what_the_host_said() {
    LinkTraining x16 =
        new LinkTraining(
            new LinkTraining.Rate(4, 16), new LinkTraining.Rate(4, 16), Optional.empty(), true);
    SlotBinding seen = bound("Host1").withLink(x16).withHostSight(HostSight.seenAt("0000:41:00.0"));
    assertEquals(
        List.of(
            "LinkVerified " + List.of(BLOCK, "Gen4 x16"),
            "HostSeesGpu " + List.of(BLOCK, "Host1", "0000:41:00.0")),
        ids(seen));
  }

  @Test
  void a_gpu_no_longer_bound_has_no_attach_messages() {
    SlotBinding released =
        bound("EthHost1")
            .withHostSight(HostSight.seenAt("0000:05:00.0"))
            .to(SlotBinding.State.UNBOUND, Optional.empty(), Optional.empty(), ChassisFixture.NOW);
    assertEquals(List.of(), ids(released));
    assertEquals(HostSight.NOT_EXPECTED, released.hostSight(), "forgotten with the binding");
  }

  private static SlotBinding bound(String host) {
    return ChassisFixture.binding(1, SlotBinding.State.BOUND, host);
  }

  /** Each message as its key and arguments. */
  private static List<String> ids(SlotBinding binding) {
    return ChangeMessages.link(binding).stream()
        .map(m -> m.definition().key() + " " + m.args())
        .toList();
  }
}

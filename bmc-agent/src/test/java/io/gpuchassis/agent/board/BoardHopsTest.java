package io.gpuchassis.agent.board;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuchassis.agent.chassis.InterSwitchLink;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Inter-switch hop counts: the fewest links a transaction crosses between two switch chips. */
class BoardHopsTest {

  @TempDir Path dir;

  @Test
  void referenceRingIsAtMostTwoHopsAcross() {
    BoardDescription reference = BoardDescription.reference();

    assertEquals(OptionalInt.of(0), reference.interSwitchHops("SW1", "SW1"));
    assertEquals(OptionalInt.of(1), reference.interSwitchHops("SW1", "SW2"));
    assertEquals(OptionalInt.of(2), reference.interSwitchHops("SW1", "SW3"));
    // the ring closes: SW4 is one hop back from SW1, not three forward
    assertEquals(OptionalInt.of(1), reference.interSwitchHops("SW1", "SW4"));
    assertEquals(OptionalInt.of(2), reference.interSwitchHops("SW4", "SW2"));
  }

  @Test
  void hopsFromAHostToASlotFollowTheirSwitches() {
    BoardDescription reference = BoardDescription.reference();

    assertEquals(OptionalInt.of(0), reference.hopsFromHostToSlot("Host1", 3)); // both on SW1
    assertEquals(OptionalInt.of(2), reference.hopsFromHostToSlot("Host1", 12)); // SW1 -> SW3
    assertEquals(OptionalInt.empty(), reference.hopsFromHostToSlot("Host9", 3));
    assertEquals(OptionalInt.empty(), reference.hopsFromHostToSlot("Host1", 21));
  }

  @Test
  void unknownSwitchHasNoHopCount() {
    assertEquals(OptionalInt.empty(), BoardDescription.reference().interSwitchHops("SW1", "SW9"));
    assertEquals(OptionalInt.empty(), BoardDescription.reference().interSwitchHops("SW9", "SW9"));
  }

  @Test
  void chainOfFourSwitchesIsThreeHopsEndToEnd() {
    // extend the two-switch fixture by SW3 and SW4 hanging off SW2 in a line
    String yaml =
        BoardYaml.validWith(
            "interSwitchLinks:\n",
            """
          - {id: SW3, manufacturer: Broadcom, model: PEX89144, vendorId: "0x1000", deviceId: "0xc030",
             laneCount: 144, portCount: 72, maxGen: 5, tcp: {host: 10.0.0.3, port: 54545}}
          - {id: SW4, manufacturer: Broadcom, model: PEX89144, vendorId: "0x1000", deviceId: "0xc030",
             laneCount: 144, portCount: 72, maxGen: 5, tcp: {host: 10.0.0.4, port: 54545}}
        interSwitchLinks:
          - a: {switch: SW2, port: 56, width: 16, maxGen: 5}
            b: {switch: SW3, port: 64, width: 16, maxGen: 5}
          - a: {switch: SW3, port: 56, width: 16, maxGen: 5}
            b: {switch: SW4, port: 64, width: 16, maxGen: 5}
          # a second, parallel SW1-SW2 link adds bandwidth but no shorter path
          - a: {switch: SW1, port: 48, width: 16, maxGen: 5}
            b: {switch: SW2, port: 48, width: 16, maxGen: 5}
        """);
    yaml =
        BoardYaml.replaceOnce(
            yaml,
            "  - {switch: SW2, serialNumber: \"CHIP-2\", firmwareVersion: \"1.8.0.88\"}\n",
            "  - {switch: SW2, serialNumber: \"CHIP-2\", firmwareVersion: \"1.8.0.88\"}\n"
                + "    - {switch: SW3, serialNumber: \"CHIP-3\", firmwareVersion: \"1.8.0.88\"}\n"
                + "    - {switch: SW4, serialNumber: \"CHIP-4\", firmwareVersion: \"1.8.0.88\"}\n");

    BoardDescription chain = BoardYaml.load(dir, yaml);

    assertEquals(OptionalInt.of(3), chain.interSwitchHops("SW1", "SW4"));
    assertEquals(OptionalInt.of(3), chain.interSwitchHops("SW4", "SW1"));
    assertEquals(OptionalInt.of(1), chain.interSwitchHops("SW1", "SW2"));
    assertEquals(3, chain.linksOfSwitch("SW2").size());
    // SW3 has no host: its arriving link is partition 0; on SW2, after Host2, the links arrive in
    // file order
    assertEquals(0, chain.interSwitchLinks().get(0).transitPartition());
    assertEquals(1, chain.interSwitchLinks().get(2).transitPartition());
    assertEquals(2, chain.interSwitchLinks().get(3).transitPartition());
  }

  @Test
  void disconnectedSwitchesHaveNoPath() {
    SwitchGraph graph =
        SwitchGraph.ofModelLinks(
            List.of("A", "B", "C"), List.of(new InterSwitchLink("A", 0, "B", 0, 16, 5, 0)));

    assertEquals(OptionalInt.of(1), graph.hops("A", "B"));
    assertEquals(OptionalInt.empty(), graph.hops("A", "C"));
  }
}

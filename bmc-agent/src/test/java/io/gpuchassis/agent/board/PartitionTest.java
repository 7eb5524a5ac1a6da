package io.gpuchassis.agent.board;

import static io.gpuchassis.agent.board.BoardYaml.assertProblemAt;
import static io.gpuchassis.agent.board.BoardYaml.load;
import static io.gpuchassis.agent.board.BoardYaml.loadFails;
import static io.gpuchassis.agent.board.BoardYaml.replaceOnce;
import static io.gpuchassis.agent.board.BoardYaml.validWith;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuchassis.agent.chassis.HostPort;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Partition numbers: written on a host or a link's {@code b} end, or the default (hosts first, in
 * file order, then arriving links). In the fixture Host2 and the link's {@code b} end are on SW2:
 * by default partitions 0 and 1.
 */
class PartitionTest {

  private static final String HOST_1 = "{id: Host1, switch: SW1, port: 40, width: 16, maxGen: 5}";
  private static final String HOST_2 = "{id: Host2, switch: SW2, port: 40, width: 16, maxGen: 5}";
  private static final String LINK_B = "b: {switch: SW2, port: 64, width: 16, maxGen: 5}";

  @TempDir Path dir;

  @Test
  void writtenPartitionsAreUsed() {
    String yaml =
        validWith(HOST_2, "{id: Host2, switch: SW2, port: 40, width: 16, maxGen: 5, partition: 5}");
    yaml =
        replaceOnce(yaml, LINK_B, "b: {switch: SW2, port: 64, width: 16, maxGen: 5, partition: 7}");

    BoardDescription board = load(dir, yaml);

    assertEquals(5, board.host("Host2").orElseThrow().partition());
    assertEquals(7, board.interSwitchLinks().get(0).transitPartition());
  }

  @Test
  void aWrittenPartitionDoesNotShiftTheDefaultsOfOthers() {
    String yaml =
        validWith(HOST_2, "{id: Host2, switch: SW2, port: 40, width: 16, maxGen: 5, partition: 9}");

    // the link keeps the number it has when no partition is written: after SW2's one host
    assertEquals(1, load(dir, yaml).interSwitchLinks().get(0).transitPartition());
  }

  @Test
  void partitionBeyondTheChipIsRejected() {
    String yaml =
        validWith(
            HOST_1, "{id: Host1, switch: SW1, port: 40, width: 16, maxGen: 5, partition: 48}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "partition: 48",
        "hosts[0].partition: 48 is not a partition number; use 0-47");
  }

  @Test
  void negativePartitionIsRejected() {
    String yaml =
        validWith(LINK_B, "b: {switch: SW2, port: 64, width: 16, maxGen: 5, partition: -1}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "partition: -1",
        "interSwitchLinks[0].b.partition: -1 is not a partition number; use 0-47");
  }

  @Test
  void twoWrittenPartitionsCollide() {
    String yaml =
        validWith(HOST_2, "{id: Host2, switch: SW2, port: 40, width: 16, maxGen: 5, partition: 3}");
    yaml =
        replaceOnce(yaml, LINK_B, "b: {switch: SW2, port: 64, width: 16, maxGen: 5, partition: 3}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "b: {switch: SW2",
        "interSwitchLinks[0].b.partition: partition 3 of switch 'SW2' is already used by hosts[1]");
  }

  @Test
  void writtenPartitionCollidesWithADefault() {
    String yaml =
        validWith(LINK_B, "b: {switch: SW2, port: 64, width: 16, maxGen: 5, partition: 0}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "b: {switch: SW2",
        "interSwitchLinks[0].b.partition: partition 0 of"
            + " switch 'SW2' is already used by hosts[1] (its default)");
  }

  @Test
  void defaultCollidesWithAWrittenPartition() {
    String yaml =
        validWith(HOST_2, "{id: Host2, switch: SW2, port: 40, width: 16, maxGen: 5, partition: 1}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "b: {switch: SW2",
        "interSwitchLinks[0].b: default partition 1 of"
            + " switch 'SW2' is already used by hosts[1]; give this entry a partition");
  }

  @Test
  void samePartitionOnDifferentChipsIsFine() {
    BoardDescription board = load(dir, BoardYaml.VALID);

    assertEquals(0, board.host("Host1").orElseThrow().partition());
    assertEquals(0, board.host("Host2").orElseThrow().partition());
  }

  @Test
  void defaultBeyondTheChipAsksForWrittenPartitions() {
    // 48 more x1 hosts on SW1: with Host1 that is 49 partitions by default, 0-48
    String extraHosts =
        IntStream.concat(
                IntStream.concat(IntStream.rangeClosed(1, 7), IntStream.rangeClosed(9, 39)),
                IntStream.rangeClosed(41, 50))
            .mapToObj(
                port ->
                    "  - {id: Extra"
                        + port
                        + ", switch: SW1, port: "
                        + port
                        + ", width: 1, maxGen: 5}\n")
            .collect(Collectors.joining());
    String yaml = validWith("  - " + HOST_1 + "\n", "  - " + HOST_1 + "\n" + extraHosts);

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "Extra50",
        "hosts[48]: the default partition 48 of switch 'SW1' is"
            + " beyond 47; give partitions explicitly");
  }

  @Test
  void hostRecordsCarryTheirPartition() {
    assertEquals(
        new HostPort("Host1", "SW1", 40, 16, 5, 0), load(dir, BoardYaml.VALID).hosts().get(0));
  }
}

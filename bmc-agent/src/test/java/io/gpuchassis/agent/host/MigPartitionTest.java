package io.gpuchassis.agent.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A MIG device's memory from its profile, its own UUID, and its form in the database. */
class MigPartitionTest {

  @Test
  void the_memory_is_the_profiles_last_number_with_or_without_compute_slices_and_options() {
    assertEquals(20, new MigPartition(0, "3g.20gb", "MIG-x").memoryGB());
    assertEquals(20, new MigPartition(0, "1c.3g.20gb", "MIG-x").memoryGB());
    assertEquals(10, new MigPartition(0, "1g.10gb+me", "MIG-x").memoryGB());
    assertEquals(80, new MigPartition(0, "7g.80gb", "MIG-x").memoryGB());
  }

  @Test
  void only_todays_uuid_form_has_a_uuid_of_its_own() {
    assertEquals(
        Optional.of(UUID.fromString("c7384736-a75d-5afc-978f-d2f1294409fd")),
        new MigPartition(0, "3g.20gb", "MIG-c7384736-a75d-5afc-978f-d2f1294409fd").ownUuid());
    assertEquals(
        Optional.empty(),
        new MigPartition(0, "3g.20gb", "MIG-GPU-5d5ba0d6-d33d-2b2c-524d-9e3d8d2b8a77/1/0")
            .ownUuid());
  }

  @Test
  void the_database_form_reads_back_as_written() {
    List<MigPartition> partitions =
        List.of(
            new MigPartition(0, "1c.3g.20gb", "MIG-GPU-5d5ba0d6-d33d-2b2c-524d-9e3d8d2b8a77/1/0"),
            new MigPartition(5, "1g.10gb+me", "MIG-c7384736-a75d-5afc-978f-d2f1294409fd"));
    assertEquals(partitions, MigPartition.decode(MigPartition.encode(partitions)));
    assertEquals(List.of(), MigPartition.decode(""));
  }
}

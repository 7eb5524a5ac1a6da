package io.gpuchassis.agent.chassis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.redfish.ChassisFixture;
import io.gpuchassis.agent.store.AgentStore;
import io.gpuchassis.agent.store.Settings;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The asset tag: stored in the agent's database, shown as a new snapshot, found again by the next
 * start, and refused (nothing stored, nothing shown) when too long or carrying control characters.
 */
class AssetTagTest {

  @TempDir Path stateDir;

  @Test
  void a_tag_is_a_new_snapshot_and_the_next_start_finds_it() {
    try (AgentStore store = AgentStore.open(stateDir)) {
      ChassisModel model = new ChassisModel(ChassisFixture.healthy());
      long before = model.current().generation();
      new AssetTag(new Settings(store), model).set("RACK-14/U22");
      assertEquals("RACK-14/U22", model.current().identity().assetTag());
      assertEquals(before + 1, model.current().generation());
    }
    try (AgentStore store = AgentStore.open(stateDir)) {
      ChassisModel restarted = new ChassisModel(ChassisFixture.healthy());
      assertEquals("", restarted.current().identity().assetTag(), "none until restored");
      new AssetTag(new Settings(store), restarted).restore();
      assertEquals("RACK-14/U22", restarted.current().identity().assetTag());
      assertEquals(
          ChassisFixture.healthy().identity().serialNumber(),
          restarted.current().identity().serialNumber(),
          "the rest of the identity stays");
    }
  }

  @Test
  void a_bad_tag_changes_nothing() {
    try (AgentStore store = AgentStore.open(stateDir)) {
      ChassisModel model = new ChassisModel(ChassisFixture.healthy());
      AssetTag tags = new AssetTag(new Settings(store), model);
      long before = model.current().generation();
      assertThrows(IllegalArgumentException.class, () -> tags.set("x".repeat(65)));
      assertThrows(IllegalArgumentException.class, () -> tags.set("line\nbreak"));
      assertEquals(before, model.current().generation());
      assertEquals(Optional.empty(), new Settings(store).get("chassis.assetTag"));
      assertTrue(AssetTag.problem("x".repeat(64)).isEmpty(), "64 characters are fine");
      assertTrue(AssetTag.problem("").isEmpty(), "the empty tag clears it");
    }
  }
}

package io.gpuchassis.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.firmware.ApplyTime;
import io.gpuchassis.agent.firmware.FirmwareUpdates;
import io.gpuchassis.agent.firmware.SwitchFirmware;
import io.gpuchassis.agent.firmware.UpdateProgress;
import io.gpuchassis.agent.firmware.UpdateRequest;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.message.MessageInstance;
import io.gpuchassis.switchdrv.FirmwarePartition;
import io.gpuchassis.switchdrv.FirmwareVersion;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rollback and activation of switch firmware, as the serial console calls them, on the simulated
 * chassis whose switches keep real A/B flash tables: a rollback runs the other copy's version, an
 * activation runs the image an OnReset update left waiting, and both are refused where they would
 * hurt or have nothing to do.
 */
class FirmwareRollbackIT {

  @TempDir static Path stateDir;
  static TestAgent agent;
  static FirmwareUpdates firmware;
  static SignedBundles bundles;

  @BeforeAll
  static void start() throws Exception {
    agent = TestAgent.start(stateDir);
    firmware = agent.agent.firmware();
    bundles = SignedBundles.of(stateDir);
    HealthIT.await(
        "every switch's firmware read",
        () ->
            java.util.stream.Stream.of("SW1", "SW2", "SW3", "SW4")
                .allMatch(id -> firmware.inventory().of(id).isPresent()));
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @Test
  void a_rollback_runs_the_version_the_other_copy_held_and_a_second_one_comes_back()
      throws Exception {
    SwitchFirmware before = read("SW3");
    FirmwarePartition other =
        before.images().stream().filter(p -> !p.running()).findFirst().orElseThrow();
    Steps steps = new Steps();

    firmware.rollback("SW3", steps).get(30, TimeUnit.SECONDS);

    SwitchFirmware after = read("SW3");
    FirmwarePartition running =
        after.images().stream().filter(FirmwarePartition::running).findFirst().orElseThrow();
    assertEquals(other.copy(), running.copy(), "the other copy runs");
    assertTrue(running.active(), "and boots next time too");
    assertEquals(
        other.imageVersion(),
        after.identity().firmwareVersion().word() >>> 16,
        "its version is the one that copy held: " + after.runningVersion());
    assertFalse(
        after.runningVersion().equals(before.runningVersion()), "the previous version runs again");
    assertTrue(steps.ids().contains("UpdateSuccessful"), steps.ids().toString());

    firmware.rollback("SW3", new Steps()).get(30, TimeUnit.SECONDS);
    assertEquals(
        before.runningVersion(),
        read("SW3").runningVersion(),
        "rolled back again, it runs what it ran");
  }

  @Test
  void an_image_written_for_on_reset_is_run_by_activate_and_is_no_rollback() throws Exception {
    FirmwareVersion next = FirmwareVersion.parse("9.30 B051");
    update("SW4", next, ApplyTime.ON_RESET);
    SwitchFirmware waiting = read("SW4");
    assertFalse(waiting.runningVersion().equals(next.toString()), "not yet running");

    Exception noRollback = refusal(firmware.rollback("SW4", new Steps()));
    assertTrue(noRollback.getMessage().contains("waiting to boot"), noRollback.getMessage());
    assertEquals(
        waiting.runningVersion(),
        read("SW4").runningVersion(),
        "the refused rollback changed nothing");

    Steps steps = new Steps();
    firmware.activate("SW4", steps).get(30, TimeUnit.SECONDS);
    assertEquals(next.toString(), read("SW4").runningVersion());
    assertTrue(steps.ids().contains("UpdateSuccessful"), steps.ids().toString());

    Exception nothing = refusal(firmware.activate("SW4", new Steps()));
    assertTrue(nothing.getMessage().contains("no image waits"), nothing.getMessage());
    assertEquals(next.toString(), read("SW4").runningVersion());
  }

  @Test
  void neither_runs_while_the_switch_is_reserved_for_an_update_or_carries_a_bound_gpu()
      throws Exception {
    String version = read("SW2").runningVersion();
    Path staged = staged(FirmwareVersion.parse("9.31 B001"));
    FirmwareUpdates.Prepared update =
        firmware.prepare(
            staged, new UpdateRequest("switch.fwb", List.of("SW2"), ApplyTime.ON_RESET, false));
    try {
      assertTrue(
          refusal(firmware.rollback("SW2", new Steps())).getMessage().contains("being updated"));
      assertTrue(
          refusal(firmware.activate("SW2", new Steps())).getMessage().contains("being updated"));
    } finally {
      firmware.abandon(update);
    }
    agent.agent.bindings().bind(1, "Host1").get(30, TimeUnit.SECONDS);
    Exception bound = refusal(firmware.rollback("SW1", new Steps()));
    assertTrue(bound.getMessage().contains("carries the GPUs"), bound.getMessage());
    assertEquals(version, read("SW2").runningVersion());
  }

  @Test
  void a_rollback_to_a_copy_with_no_valid_image_is_refused() throws Exception {
    String before = read("SW2").runningVersion();
    var fault =
        agent
            .agent
            .faults()
            .orElseThrow()
            .inject("power-loss-during-download", "/redfish/v1/Fabrics/PCIe/Switches/SW2");
    try {
      assertThrows(
          ExecutionException.class,
          () -> update("SW2", FirmwareVersion.parse("9.33 B001"), ApplyTime.ON_RESET));
    } finally {
      if (agent.agent.faults().orElseThrow().active().stream()
          .anyMatch(f -> f.id().equals(fault.id()))) {
        agent.agent.faults().orElseThrow().clear(fault.id());
      }
    }
    Exception empty = refusal(firmware.rollback("SW2", new Steps()));
    assertTrue(empty.getMessage().contains("no valid image"), empty.getMessage());
    assertEquals(before, read("SW2").runningVersion());
  }

  static SwitchFirmware read(String switchId) {
    return firmware.inventory().refresh(switchId).join();
  }

  static Path staged(FirmwareVersion version) throws Exception {
    byte[] bundle =
        bundles.image(
            version,
            ("switch firmware " + version).repeat(3000).getBytes(StandardCharsets.US_ASCII));
    Path file = firmware.staging().dir().resolve("rollback-test-" + version.word() + ".fwb");
    Files.write(file, bundle);
    return file;
  }

  static void update(String switchId, FirmwareVersion version, ApplyTime applyTime)
      throws Exception {
    FirmwareUpdates.Prepared prepared =
        firmware.prepare(
            staged(version), new UpdateRequest("switch.fwb", List.of(switchId), applyTime, false));
    firmware.run(prepared, new Steps()).get(60, TimeUnit.SECONDS);
  }

  static Exception refusal(CompletableFuture<Void> operation) {
    ExecutionException e =
        assertThrows(ExecutionException.class, () -> operation.get(30, TimeUnit.SECONDS));
    return assertInstanceOf(RedfishException.class, e.getCause());
  }

  /** The Update registry steps reported, by message key. */
  static final class Steps implements UpdateProgress {
    private final List<String> ids = Collections.synchronizedList(new ArrayList<>());

    @Override
    public void step(MessageInstance message, String originUri) {
      String id = message.definition().messageId();
      ids.add(id.substring(id.lastIndexOf('.') + 1));
    }

    @Override
    public void percent(int percentComplete) {}

    List<String> ids() {
      return List.copyOf(ids);
    }
  }
}

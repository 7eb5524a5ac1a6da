package io.gpuchassis.agent.firmware;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.selfupdate.BootState;
import io.gpuchassis.agent.selfupdate.Slot;
import io.gpuchassis.agent.selfupdate.SlotStatus;
import io.gpuchassis.agent.selfupdate.Slots;
import io.gpuchassis.firmware.BundleLayout;
import io.gpuchassis.firmware.BundleManifest;
import io.gpuchassis.firmware.BundleSigner;
import io.gpuchassis.firmware.BundleVerifier;
import io.gpuchassis.firmware.TrustedKeys;
import io.gpuchassis.firmware.VerifiedFile;
import io.gpuchassis.redfish.message.MessageInstance;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Installing the agent's own jar into the slot that does not run. */
class AgentUpdateTest {

  private static final KeyPair VENDOR = BundleSigner.generateKeyPair();

  @TempDir Path dir;

  private final List<String> steps = new ArrayList<>();
  private final UpdateProgress progress =
      new UpdateProgress() {
        @Override
        public void step(MessageInstance message, String originUri) {
          steps.add(message.definition().key());
        }

        @Override
        public void percent(int percentComplete) {}
      };

  static byte[] jar(String mainClass) throws Exception {
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    if (mainClass != null) {
      manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, mainClass);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JarOutputStream jar = new JarOutputStream(out, manifest)) {
      jar.putNextEntry(new java.util.zip.ZipEntry("README"));
      jar.write("an agent".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    }
    return out.toByteArray();
  }

  private VerifiedFile bundle(String version, byte[] payload) throws Exception {
    Path file = Files.createTempFile(dir, "agent", ".fwb");
    Files.write(
        file,
        BundleSigner.sign(
            new BundleManifest("agent", version, List.of("bmc-agent"), "", null),
            payload,
            "vendor",
            VENDOR.getPrivate(),
            BundleLayout.SIGNED_MANIFEST));
    return new BundleVerifier(TrustedKeys.of(Map.of("vendor", VENDOR.getPublic())))
        .verifyInPlace(file);
  }

  private boolean install(Slots slots, VerifiedFile bundle, boolean force, String lowest) {
    return new AgentUpdate(slots, bundle, "agent.fwb", "/origin", progress, share -> {})
        .run("0.1.0", Optional.ofNullable(lowest), force);
  }

  @Test
  void the_jar_is_written_into_the_other_slot_checked_and_made_primary_on_trial() throws Exception {
    Path slotsDir = dir.resolve("slots");
    Slots slots = Slots.open(slotsDir, Slot.A);
    byte[] jar = jar("io.gpuchassis.agent.Main");
    assertTrue(install(slots, bundle("0.2.0", jar), false, null));
    assertArrayEquals(jar, Files.readAllBytes(slotsDir.resolve("B/bmc-agent.jar")));
    BootState state = BootState.read(slotsDir.resolve(BootState.FILE));
    assertEquals(Slot.B, state.primary());
    assertEquals(SlotStatus.PENDING, state.status(Slot.B));
    assertEquals(Optional.of("0.2.0"), state.version(Slot.B));
    assertEquals(
        List.of(
            "TransferringToComponent",
            "VerifyingAtComponent",
            "ApplyingOnComponent",
            "AwaitToActivate"),
        steps);
    assertFalse(Files.exists(slotsDir.resolve("B/bmc-agent.jar.part")));
  }

  @Test
  void a_payload_that_is_not_a_runnable_jar_fails_verification_and_leaves_nothing_to_start()
      throws Exception {
    Path slotsDir = dir.resolve("slots");
    Slots slots = Slots.open(slotsDir, Slot.A);
    UpdateFailure failure =
        assertThrows(
            UpdateFailure.class, () -> install(slots, bundle("0.2.0", jar(null)), false, null));
    assertEquals("VerificationFailed", failure.step().definition().key());
    assertTrue(failure.getMessage().contains("Main-Class"), failure.getMessage());
    assertFalse(Files.exists(slotsDir.resolve("B/bmc-agent.jar")));
    BootState state = BootState.read(slotsDir.resolve(BootState.FILE));
    assertEquals(Slot.PACKAGE, state.primary());
    assertEquals(SlotStatus.EMPTY, state.status(Slot.B));
  }

  @Test
  void the_running_version_and_versions_below_the_floor_are_skipped_unless_forced()
      throws Exception {
    Slots slots = Slots.open(dir.resolve("slots"), Slot.A);
    byte[] jar = jar("io.gpuchassis.agent.Main");
    assertFalse(install(slots, bundle("0.1.0", jar), false, null));
    assertFalse(install(slots, bundle("0.0.9", jar), false, "0.1.0"));
    assertEquals(List.of("UpdateSkippedSameVersion", "UpdateSkippedVersionTooLow"), steps);
    assertEquals(Slot.PACKAGE, slots.state().primary());
    assertTrue(install(slots, bundle("0.0.9", jar), true, "0.1.0"));
    assertEquals(Slot.B, slots.state().primary());
  }

  @Test
  void versions_are_ordered_part_by_part_with_a_qualifier_before_the_release() {
    assertTrue(AgentVersions.compare("0.10.0", "0.9.3") > 0);
    assertTrue(AgentVersions.compare("0.2.0-rc1", "0.2.0") < 0);
    assertTrue(AgentVersions.compare("0.2.0-SNAPSHOT", "0.2.0") < 0);
    assertTrue(AgentVersions.compare("1.0.1", "1.0") > 0);
    assertEquals(0, AgentVersions.compare("1.2.3", "1.2.3"));
  }
}

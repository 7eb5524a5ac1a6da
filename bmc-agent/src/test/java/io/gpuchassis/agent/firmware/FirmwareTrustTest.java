package io.gpuchassis.agent.firmware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.firmware.BundleSigner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FirmwareTrustTest {

  @TempDir Path state;

  @Test
  void a_simulated_chassis_without_keys_makes_a_simulation_vendor_key_once() throws Exception {
    Path trusted = state.resolve("firmware/trusted-keys");
    var keys = FirmwareTrust.load(trusted, true, state);
    assertEquals(Set.of(FirmwareTrust.SIMULATION_KEY_ID), keys.ids());
    Path privateKey = FirmwareTrust.simulationSigningKey(state);
    assertEquals(
        "rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(privateKey)));
    String pem = Files.readString(privateKey);
    BundleSigner.readPrivateKeyPem(pem);

    FirmwareTrust.load(trusted, true, state);
    assertEquals(pem, Files.readString(privateKey), "kept on the next start, not made again");
  }

  @Test
  void a_real_chassis_without_keys_trusts_nothing_and_makes_no_key() throws Exception {
    Path trusted = state.resolve("firmware/trusted-keys");
    assertTrue(FirmwareTrust.load(trusted, false, state).isEmpty());
    assertFalse(Files.exists(FirmwareTrust.simulationSigningKey(state)));
  }

  @Test
  void installed_vendor_keys_are_used_as_they_are() throws Exception {
    Path trusted = Files.createDirectories(state.resolve("vendor-keys"));
    Files.writeString(
        trusted.resolve("vendor-2026.pem"),
        BundleSigner.publicKeyPem(BundleSigner.generateKeyPair().getPublic()));
    assertEquals(Set.of("vendor-2026"), FirmwareTrust.load(trusted, true, state).ids());
    assertFalse(
        Files.exists(FirmwareTrust.simulationSigningKey(state)),
        "no simulation key beside real ones");
  }
}

package io.gpuchassis.agent.it;

import io.gpuchassis.agent.firmware.FirmwareTrust;
import io.gpuchassis.firmware.BundleManifest;
import io.gpuchassis.firmware.BundleSigner;
import io.gpuchassis.switchdrv.FirmwareType;
import io.gpuchassis.switchdrv.FirmwareVersion;
import io.gpuchassis.switchdrv.Generation;
import io.gpuchassis.switchdrv.command.FirmwareImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.util.List;

/**
 * Switch firmware bundles for the reference chassis (Switchtec Gen6, {@code 11f8:6260}), signed
 * with the simulation vendor key a simulated agent makes in its state directory, as a vendor would
 * sign them.
 */
final class SignedBundles {

  /** How the reference chassis's switches are named in a bundle's Compatible list. */
  static final String REFERENCE_SWITCH = "11f8:6260";

  private final PrivateKey key;

  private SignedBundles(PrivateKey key) {
    this.key = key;
  }

  /**
   * Bundles signed with the simulation vendor key of the agent whose state is in {@code stateDir}.
   */
  static SignedBundles of(Path stateDir) throws IOException {
    return new SignedBundles(
        BundleSigner.readPrivateKeyPem(
            Files.readString(FirmwareTrust.simulationSigningKey(stateDir))));
  }

  /** A main image of {@code version} with a filler body that names it. */
  byte[] image(FirmwareVersion version) {
    return image(
        version,
        ("switch firmware " + version)
            .repeat(3000)
            .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
  }

  /**
   * Waits until {@code agent} has read every switch's firmware, which it does once it answers: an
   * update names a chip's version only then.
   */
  static void awaitEverySwitchRead(TestAgent agent) throws Exception {
    HealthIT.await(
        "every switch's firmware read",
        () ->
            java.util.stream.Stream.of("SW1", "SW2", "SW3", "SW4")
                .allMatch(id -> agent.agent.firmware().inventory().of(id).isPresent()));
  }

  /** A main image of {@code version} whose body is {@code body}. */
  byte[] image(FirmwareVersion version, byte[] body) {
    return sign(
        FirmwareImage.build(FirmwareType.IMG, Generation.GEN6, version, 1, body), version, key);
  }

  /** {@code image} in a bundle signed with {@code signer} under the simulation key's id. */
  static byte[] sign(byte[] image, FirmwareVersion version, PrivateKey signer) {
    return BundleSigner.sign(
        new BundleManifest(
            "pcie-switch", version.toString(), List.of(REFERENCE_SWITCH), "test", null),
        image,
        FirmwareTrust.SIMULATION_KEY_ID,
        signer);
  }
}

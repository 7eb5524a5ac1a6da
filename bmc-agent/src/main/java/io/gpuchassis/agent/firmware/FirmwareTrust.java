package io.gpuchassis.agent.firmware;

import io.gpuchassis.agent.store.StateFiles;
import io.gpuchassis.firmware.BundleSigner;
import io.gpuchassis.firmware.TrustedKeys;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The public keys a firmware bundle must be signed with. A real chassis trusts only the keys its
 * vendor installed; a simulated chassis with no keys gets a simulation vendor key on first start,
 * so that the update path can be tried end to end: its private half stays in the state directory
 * and is named in the log.
 */
public final class FirmwareTrust {

  /** Key id of the key made for a simulated chassis. */
  public static final String SIMULATION_KEY_ID = "simulation-vendor";

  private static final Logger LOG = LoggerFactory.getLogger(FirmwareTrust.class);

  private FirmwareTrust() {}

  /** The private key made for a simulated chassis, in {@code stateDir}. */
  public static Path simulationSigningKey(Path stateDir) {
    return stateDir.resolve("firmware").resolve(SIMULATION_KEY_ID + ".key");
  }

  /**
   * The keys in {@code trustedDir}; in a simulated chassis with none there, first a simulation
   * vendor key.
   *
   * @throws IOException when a key file cannot be read or is not a public key
   */
  public static TrustedKeys load(Path trustedDir, boolean simulated, Path stateDir)
      throws IOException {
    TrustedKeys keys = TrustedKeys.load(trustedDir);
    if (!keys.isEmpty() || !simulated) {
      if (keys.isEmpty()) {
        LOG.warn("No firmware signing keys in {}: firmware updates are disabled", trustedDir);
      }
      return keys;
    }
    KeyPair pair = BundleSigner.generateKeyPair();
    Path privateKey = simulationSigningKey(stateDir);
    StateFiles.createFolders(privateKey.getParent());
    StateFiles.createFolders(trustedDir);
    // Created readable by the agent alone before the key goes in, so it is never readable by
    // others, even briefly.
    Files.deleteIfExists(privateKey);
    Files.createFile(
        privateKey,
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    Files.writeString(
        privateKey, BundleSigner.privateKeyPem(pair.getPrivate()), StandardCharsets.US_ASCII);
    Files.writeString(
        trustedDir.resolve(SIMULATION_KEY_ID + ".pem"),
        BundleSigner.publicKeyPem(pair.getPublic()),
        StandardCharsets.US_ASCII);
    LOG.warn(
        "SIMULATED HARDWARE: firmware bundles signed with {} are trusted (docs/FIRMWARE.md shows how to sign one)",
        privateKey.toAbsolutePath());
    return TrustedKeys.load(trustedDir);
  }
}

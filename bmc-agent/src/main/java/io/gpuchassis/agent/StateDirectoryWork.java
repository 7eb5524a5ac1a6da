package io.gpuchassis.agent;

import io.gpuchassis.agent.config.AgentConfig;
import io.gpuchassis.agent.config.ConfigException;
import io.gpuchassis.agent.config.HardwareMode;
import io.gpuchassis.agent.firmware.FirmwareTrust;
import io.gpuchassis.agent.store.AgentStore;
import io.gpuchassis.agent.tls.HttpsCertificate;
import io.gpuchassis.agent.tls.TlsMaterial;
import io.gpuchassis.firmware.TrustedKeys;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * The start-up steps that need only the state directory, side by side on the start-up pool: opening
 * the database (with its migrations), loading the HTTPS certificate (generating it on a first
 * start) and loading the firmware signing keys. Each one's failure is the start's, rethrown as it
 * was thrown when the start asks for its result.
 */
final class StateDirectoryWork {

  private final CompletableFuture<AgentStore> store;
  private final CompletableFuture<HttpsCertificate> certificate;
  private final CompletableFuture<TrustedKeys> firmwareKeys;

  private StateDirectoryWork(
      CompletableFuture<AgentStore> store,
      CompletableFuture<HttpsCertificate> certificate,
      CompletableFuture<TrustedKeys> firmwareKeys) {
    this.store = store;
    this.certificate = certificate;
    this.firmwareKeys = firmwareKeys;
  }

  /**
   * Whether the agent has started in this state directory before (its database is there): then
   * these steps may begin before the board file is checked, since a bad board leaves behind nothing
   * that was not there already.
   */
  static boolean startedBefore(Path stateDir) {
    return Files.isRegularFile(stateDir.resolve(AgentStore.FILE_NAME));
  }

  /** Begins the three steps on {@code executor}. */
  static StateDirectoryWork begin(AgentConfig config, Clock clock, Executor executor) {
    return new StateDirectoryWork(
        CompletableFuture.supplyAsync(() -> AgentStore.open(config.stateDir()), executor),
        CompletableFuture.supplyAsync(
            () ->
                HttpsCertificate.load(
                    config
                        .tlsCertificate()
                        .map(c -> new TlsMaterial(c, config.tlsPrivateKey().get(), false)),
                    config.stateDir().resolve("tls"),
                    clock),
            executor),
        CompletableFuture.supplyAsync(() -> firmwareKeys(config), executor));
  }

  /** The open database; waits for it. */
  AgentStore store() {
    return Agent.join(store);
  }

  /** The certificate the server presents; waits for it. */
  HttpsCertificate certificate() {
    return Agent.join(certificate);
  }

  /** The keys firmware bundles must be signed with; waits for them. */
  TrustedKeys firmwareKeys() {
    return Agent.join(firmwareKeys);
  }

  /**
   * For a start that failed: waits for the three steps to end either way, so that none of them
   * writes into the state directory after the start has given up, and closes the database if it
   * opened.
   */
  void abandon() {
    certificate.handle((value, failure) -> null).join();
    firmwareKeys.handle((value, failure) -> null).join();
    AgentStore opened = store.handle((value, failure) -> value).join();
    if (opened != null) {
      opened.close();
    }
  }

  /**
   * The keys firmware bundles must be signed with (a simulation key in a simulated chassis that has
   * none).
   */
  private static TrustedKeys firmwareKeys(AgentConfig config) {
    try {
      return FirmwareTrust.load(
          config.firmwareTrustedKeysDir(),
          config.hardwareMode() == HardwareMode.SIMULATED,
          config.stateDir());
    } catch (java.io.IOException e) {
      throw new ConfigException("firmware.trustedKeys: " + e.getMessage());
    }
  }
}

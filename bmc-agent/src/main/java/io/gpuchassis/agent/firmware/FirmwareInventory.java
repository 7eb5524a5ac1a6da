package io.gpuchassis.agent.firmware;

import io.gpuchassis.agent.fabric.SwitchWorker;
import io.gpuchassis.agent.fabric.SwitchWorkers;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What firmware each switch chip holds, as last read through its worker: read at start and again
 * after every update, so that rendering the FirmwareInventory never waits for a switch. A chip not
 * read yet (or not answering at start) is absent.
 */
public final class FirmwareInventory {

  private static final Logger LOG = LoggerFactory.getLogger(FirmwareInventory.class);

  private final SwitchWorkers workers;
  private final Map<String, SwitchFirmware> bySwitch = new ConcurrentHashMap<>();

  public FirmwareInventory(SwitchWorkers workers) {
    this.workers = workers;
  }

  /**
   * Reads every chip's firmware, each on its own worker; completes when all have answered or
   * failed.
   */
  public CompletableFuture<Void> refreshAll() {
    return CompletableFuture.allOf(
        workers.all().keySet().stream()
            .map(
                id ->
                    refresh(id)
                        .handle(
                            (ok, error) -> {
                              if (error != null) {
                                LOG.warn(
                                    "Could not read the firmware of switch {}: {}",
                                    id,
                                    error.getMessage());
                              }
                              return null;
                            }))
            .toArray(CompletableFuture[]::new));
  }

  /** Reads one chip's identity and flash table on its worker. */
  public CompletableFuture<SwitchFirmware> refresh(String switchId) {
    SwitchWorker worker =
        workers
            .worker(switchId)
            .orElseThrow(() -> new IllegalArgumentException("no switch " + switchId));
    return worker
        .submit(
            driver -> new SwitchFirmware(switchId, driver.identity(), driver.firmwarePartitions()))
        .thenApply(
            read -> {
              bySwitch.put(switchId, read);
              return read;
            });
  }

  public Optional<SwitchFirmware> of(String switchId) {
    return Optional.ofNullable(bySwitch.get(switchId));
  }
}

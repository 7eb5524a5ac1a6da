package io.gpuchassis.sensor.chassis;

import io.gpuchassis.sensor.i2c.DeviceException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The devices of a chassis in the order they were opened, each with its status and its one-time
 * set-up. Set-up runs device by device and a failure is recorded against that device only.
 *
 * <p>Thread-safety: safe; set-ups run without holding the lock, so listing never waits for a bus.
 */
final class DeviceRegistry {

  /** A device's one-time set-up, which also shows that it answers. */
  @FunctionalInterface
  interface Setup {
    void run() throws DeviceException;
  }

  /** Nothing to set up or check (a GPU in an unpowered slot legitimately does not answer). */
  static final Setup NONE = () -> {};

  private final Map<LayoutDevice, DeviceStatus> statuses = new LinkedHashMap<>();
  private final Map<LayoutDevice, Setup> setups = new LinkedHashMap<>();

  /** Records an opened device, or an unavailable one when {@code unavailableReason} is present. */
  synchronized void add(LayoutDevice device, Optional<String> unavailableReason, Setup setup) {
    DeviceStatus status =
        unavailableReason
            .map(r -> new DeviceStatus(device, DeviceStatus.Stage.UNAVAILABLE, Optional.of(r)))
            .orElse(new DeviceStatus(device, DeviceStatus.Stage.OPENED, Optional.empty()));
    if (statuses.putIfAbsent(device, status) != null) {
      throw new IllegalStateException(device + " added twice");
    }
    setups.put(device, setup);
  }

  /** Runs the set-up of every opened device, in order; returns the statuses of those not ready. */
  List<DeviceStatus> initializeAll() {
    List<DeviceStatus> problems = new ArrayList<>();
    for (Map.Entry<LayoutDevice, Setup> e : snapshotOfSetups().entrySet()) {
      LayoutDevice device = e.getKey();
      DeviceStatus now;
      if (!status(device).opened()) {
        now = status(device);
      } else {
        now = new DeviceStatus(device, DeviceStatus.Stage.READY, Optional.empty());
        try {
          e.getValue().run();
        } catch (DeviceException | RuntimeException failure) {
          // a runtime exception from one device (an external line's library) is still that device's
          // problem only
          now =
              new DeviceStatus(
                  device, DeviceStatus.Stage.INITIALIZATION_FAILED, Optional.of(message(failure)));
        }
        set(now);
      }
      if (!now.initialized()) {
        problems.add(now);
      }
    }
    return problems;
  }

  synchronized List<DeviceStatus> list() {
    return List.copyOf(statuses.values());
  }

  synchronized DeviceStatus status(LayoutDevice device) {
    return statuses.get(device);
  }

  private synchronized Map<LayoutDevice, Setup> snapshotOfSetups() {
    return new LinkedHashMap<>(setups);
  }

  private synchronized void set(DeviceStatus status) {
    statuses.put(status.device(), status);
  }

  private static String message(Exception e) {
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }
}

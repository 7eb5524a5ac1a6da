package io.gpuchassis.companion;

import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Where a GPU's UUID comes from once its driver is bound: the UUID its driver gives it, which tools
 * on the host (nvidia-smi, CUDA_VISIBLE_DEVICES, Kubernetes device plugins) name it by. One reader
 * per driver name; another driver's is one more entry.
 */
final class DeviceUuids {

  private final Map<String, Function<PciAddress, Optional<String>>> byDriver;

  DeviceUuids(Map<String, Function<PciAddress, Optional<String>>> byDriver) {
    this.byDriver = Map.copyOf(byDriver);
  }

  /** The readers the companion knows: NVIDIA's driver's. */
  static DeviceUuids standard(HostTree host) {
    return new DeviceUuids(Map.of("nvidia", gpu -> nvidia(host, gpu)));
  }

  /** NVIDIA: the "GPU UUID" line of {@code /proc/driver/nvidia/gpus/<address>/information}. */
  static Optional<String> nvidia(HostTree host, PciAddress gpu) {
    return HostTree.field(host.nvidiaInformation(gpu), "GPU UUID");
  }

  /** Whether a UUID of a GPU bound to {@code driver} can be read at all. */
  boolean knows(String driver) {
    return byDriver.containsKey(driver);
  }

  /** The GPU's UUID, or empty when its driver has none (yet) or is not one of these. */
  Optional<String> uuidOf(PciAddress gpu, String driver) {
    return byDriver.getOrDefault(driver, g -> Optional.empty()).apply(gpu);
  }
}

package io.gpuchassis.companion;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Optional;

/**
 * After the chassis bound a GPU to this host: makes the host see it, waits for its driver and reads
 * its UUID. The kernel's hot-plug driver (pciehp) normally adds the GPU by itself when the link
 * comes up behind its bridge; the PCI bus is rescanned only where it did not (a bridge pciehp does
 * not handle, or nothing after {@code hotPlugGrace}), since a rescan racing pciehp can leave the
 * device half-added.
 */
final class Attach {

  /** Where the GPU is to appear: under the bridge the chassis' slot is behind, or at an address. */
  sealed interface Place permits UnderBridge, AtAddress {}

  /** The host's bridge (the chassis switch's downstream port as the host sees it). */
  record UnderBridge(PciAddress bridge) implements Place {}

  /** The GPU's own address, where it is known in advance (a stable bus numbering). */
  record AtAddress(PciAddress gpu) implements Place {}

  /** The timing of an attach. */
  record Timing(Duration hotPlugGrace, Duration appear, Duration driver, Duration interval) {}

  /**
   * What the host sees: the GPU's address, its driver, its UUID, and whether a rescan was needed.
   */
  record Seen(PciAddress gpu, String driver, Optional<String> uuid, boolean rescanned) {}

  private final HostTree host;
  private final DeviceUuids uuids;
  private final Timing timing;
  private final Waiting waiting;
  private final PrintStream out;

  Attach(HostTree host, DeviceUuids uuids, Timing timing, PrintStream out) {
    this.host = host;
    this.uuids = uuids;
    this.timing = timing;
    this.waiting = new Waiting(timing.interval());
    this.out = out;
  }

  Seen run(Place place) {
    if (place instanceof UnderBridge b && !host.present(b.bridge())) {
      throw new CompanionException(
          "bridge " + b.bridge() + " is not on this host (" + host.device(b.bridge()) + ")");
    }
    Optional<PciAddress> gpu = find(place);
    boolean rescanned = false;
    if (gpu.isEmpty() && hotPlugMayAdd(place)) {
      out.println("Waiting up to " + HostCompanion.text(timing.hotPlugGrace()) + " for pciehp");
      gpu = waiting.upTo(timing.hotPlugGrace(), () -> find(place));
    }
    if (gpu.isEmpty()) {
      Path rescan = rescanOf(place);
      out.println("Rescanning: " + rescan);
      HostTree.write(rescan, "1");
      rescanned = true;
      gpu = waiting.upTo(timing.appear(), () -> find(place));
    }
    PciAddress found =
        gpu.orElseThrow(
            () ->
                new CompanionException(
                    "no GPU appeared "
                        + where(place)
                        + " within "
                        + HostCompanion.text(timing.appear())
                        + " of a rescan: is the GPU bound to this host (its task on the chassis"
                        + " finished) and the cable in?"));
    out.println("GPU at " + found + (rescanned ? " (after a rescan)" : " (added by the kernel)"));
    String driver =
        waiting
            .upTo(timing.driver(), () -> host.driverOf(found))
            .orElseThrow(
                () ->
                    new CompanionException(
                        "no driver bound to the GPU at "
                            + found
                            + " within "
                            + HostCompanion.text(timing.driver())
                            + ": is its driver installed and loaded (e.g. modprobe nvidia)?"));
    // The driver's own description of the GPU may follow its binding by a moment.
    Optional<String> uuid =
        uuids.knows(driver)
            ? waiting.upTo(timing.driver(), () -> uuids.uuidOf(found, driver))
            : Optional.empty();
    out.println("Driver " + driver + uuid.map(u -> ", UUID " + u).orElse(", no UUID known"));
    return new Seen(found, driver, uuid, rescanned);
  }

  /** The GPU function at the place: a display or accelerator class function, the lowest first. */
  Optional<PciAddress> find(Place place) {
    if (place instanceof AtAddress a) {
      return host.present(a.gpu()) ? Optional.of(a.gpu()) : Optional.empty();
    }
    PciAddress bridge = ((UnderBridge) place).bridge();
    return HostTree.names(host.device(bridge)).stream()
        .map(PciAddress::find)
        .flatMap(Optional::stream)
        .filter(this::isGpu)
        .min(Comparator.comparingInt(PciAddress::function));
  }

  /** PCI class 03 (display: VGA, 3D controller) or 12 (processing accelerator). */
  private boolean isGpu(PciAddress function) {
    return HostTree.read(host.device(function).resolve("class"))
        .map(c -> c.startsWith("0x03") || c.startsWith("0x12"))
        .orElse(false);
  }

  /**
   * Whether pciehp may add the GPU by itself: it handles the bridge (it lists the bridge's hot-plug
   * service among its devices), or the bridge is not known.
   */
  private boolean hotPlugMayAdd(Place place) {
    if (place instanceof UnderBridge b) {
      String prefix = b.bridge() + ":pcie";
      return HostTree.names(host.pciehpDriver()).stream().anyMatch(n -> n.startsWith(prefix));
    }
    return true;
  }

  /** The bridge's own rescan (its buses only), or the whole host's without a bridge. */
  private Path rescanOf(Place place) {
    return place instanceof UnderBridge b
        ? host.device(b.bridge()).resolve("rescan")
        : host.busRescan();
  }

  private static String where(Place place) {
    return place instanceof UnderBridge b
        ? "under bridge " + b.bridge()
        : "at " + ((AtAddress) place).gpu();
  }
}

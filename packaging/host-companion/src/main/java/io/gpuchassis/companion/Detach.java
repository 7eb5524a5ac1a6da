package io.gpuchassis.companion;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Before the chassis takes a GPU from this host: refuses while anything uses it ({@link GpuUsers}),
 * else removes the device from the host (every function of it, the GPU's own last), so that its
 * driver lets go in order instead of meeting a surprise removal.
 */
final class Detach {

  private final HostTree host;
  private final GpuUsers users;
  private final Duration goneWithin;
  private final Waiting waiting;
  private final PrintStream out;

  Detach(HostTree host, Duration goneWithin, Duration interval, PrintStream out) {
    this.host = host;
    this.users = new GpuUsers(host);
    this.goneWithin = goneWithin;
    this.waiting = new Waiting(interval);
    this.out = out;
  }

  /**
   * @return whether the GPU was on the host (false: it was removed before, nothing to do)
   * @throws CompanionException with {@link CompanionException#BUSY} when something uses the GPU
   */
  boolean run(PciAddress gpu) {
    if (!host.present(gpu)) {
      out.println("No device at " + gpu + " on this host: nothing to remove");
      return false;
    }
    List<GpuUsers.User> busy = users.of(gpu);
    if (!busy.isEmpty()) {
      throw new CompanionException(
          "the GPU at "
              + gpu
              + " is in use: "
              + busy.stream().map(GpuUsers.User::toString).collect(Collectors.joining("; "))
              + ". Stop them and detach again.",
          CompanionException.BUSY);
    }
    List<PciAddress> functions =
        HostTree.names(host.pciDevices()).stream()
            .map(PciAddress::find)
            .flatMap(Optional::stream)
            .filter(gpu::sameDevice)
            .sorted(Comparator.comparing((PciAddress f) -> f.equals(gpu)))
            .toList();
    for (PciAddress function : functions) {
      out.println("Removing " + function);
      HostTree.write(host.device(function).resolve("remove"), "1");
    }
    waiting
        .upTo(
            goneWithin,
            () ->
                functions.stream().noneMatch(host::present)
                    ? Optional.of(true)
                    : Optional.<Boolean>empty())
        .orElseThrow(
            () ->
                new CompanionException(
                    "the device at "
                        + gpu
                        + " is still on the host "
                        + HostCompanion.text(goneWithin)
                        + " after its removal"));
    return true;
  }
}

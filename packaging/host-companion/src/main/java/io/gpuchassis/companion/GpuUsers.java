package io.gpuchassis.companion;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Who on the host uses a GPU: the processes holding one of its device nodes open, found by reading
 * every {@code /proc/<pid>/fd} link (what {@code fuser} and {@code lsof} do). The nodes are those
 * of the driver bound to it: NVIDIA's {@code /dev/nvidia<minor>}, the DRM nodes ({@code
 * /dev/dri/card<n>}, {@code renderD<n>}) and VFIO's group ({@code /dev/vfio/<group>}) of a GPU
 * passed to a virtual machine. A GPU with no driver has no users; a driver whose nodes cannot be
 * told is not taken for idle.
 */
final class GpuUsers {

  /** A process holding a node of the GPU. */
  record User(long pid, String command, String node) {
    @Override
    public String toString() {
      return "process " + pid + " (" + command + ") holds " + node;
    }
  }

  private final HostTree host;

  GpuUsers(HostTree host) {
    this.host = host;
  }

  /**
   * The processes using the GPU at {@code gpu}; none when no driver is bound.
   *
   * @throws CompanionException when a driver is bound whose device nodes are not known, or a
   *     process's open files cannot be read (not root)
   */
  List<User> of(PciAddress gpu) {
    Optional<String> driver = host.driverOf(gpu);
    if (driver.isEmpty()) {
      return List.of();
    }
    Set<String> nodes = nodes(gpu, driver.get());
    if (nodes.isEmpty()) {
      throw new CompanionException(
          "the GPU at "
              + gpu
              + " is bound to driver "
              + driver.get()
              + ", whose device nodes this command does not know, so it cannot tell whether"
              + " something uses it; stop its users and unbind the driver ("
              + "echo "
              + gpu
              + " > /sys/bus/pci/drivers/"
              + driver.get()
              + "/unbind), then detach again",
          CompanionException.BUSY);
    }
    return holders(nodes);
  }

  /** The device nodes through which processes reach the GPU. */
  Set<String> nodes(PciAddress gpu, String driver) {
    Set<String> nodes = new LinkedHashSet<>();
    if ("nvidia".equals(driver)) {
      String minor =
          HostTree.field(host.nvidiaInformation(gpu), "Device Minor")
              .orElseThrow(
                  () ->
                      new CompanionException(
                          "the NVIDIA driver is bound to "
                              + gpu
                              + " but "
                              + host.nvidiaInformation(gpu)
                              + " has no Device Minor: cannot tell whether it is in use",
                          CompanionException.BUSY));
      nodes.add("/dev/nvidia" + minor);
    }
    if ("vfio-pci".equals(driver)) {
      HostTree.linkName(host.device(gpu).resolve("iommu_group"))
          .ifPresent(group -> nodes.add("/dev/vfio/" + group));
    }
    for (String name : HostTree.names(host.device(gpu).resolve("drm"))) {
      if (name.matches("card\\d+|renderD\\d+")) {
        nodes.add("/dev/dri/" + name);
      }
    }
    return nodes;
  }

  private List<User> holders(Set<String> nodes) {
    List<User> users = new ArrayList<>();
    for (String pid : HostTree.names(host.proc())) {
      if (!pid.matches("\\d+")) {
        continue;
      }
      Path fds = host.proc().resolve(pid).resolve("fd");
      for (String node : openNodes(fds, nodes)) {
        String command =
            HostTree.read(host.proc().resolve(pid).resolve("comm")).orElse("gone meanwhile");
        users.add(new User(Long.parseLong(pid), command, node));
      }
    }
    return users;
  }

  /** Which of {@code nodes} the process whose fd folder this is holds open. */
  private static Set<String> openNodes(Path fds, Set<String> nodes) {
    Set<String> open = new LinkedHashSet<>();
    List<Path> links = new ArrayList<>();
    try (var entries = Files.newDirectoryStream(fds)) {
      entries.forEach(links::add);
    } catch (NoSuchFileException e) {
      return open; // the process ended meanwhile (or a kernel thread's)
    } catch (AccessDeniedException e) {
      throw new CompanionException(
          "cannot read " + fds + ": run as root, or the GPU's users cannot be seen");
    } catch (IOException e) {
      throw new CompanionException("cannot read " + fds + ": " + e.getMessage(), e);
    }
    for (Path link : links) {
      try {
        String target = Files.readSymbolicLink(link).toString();
        if (nodes.contains(target)) {
          open.add(target);
        }
      } catch (IOException e) {
        // the file was closed meanwhile
      }
    }
    return open;
  }
}

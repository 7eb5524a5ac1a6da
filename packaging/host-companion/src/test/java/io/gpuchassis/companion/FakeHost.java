package io.gpuchassis.companion;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A host's sysfs and procfs in a temporary folder, laid out as Linux lays them out (device folders
 * under {@code /sys/devices}, linked from {@code /sys/bus/pci/devices}), and a stand-in kernel that
 * acts on what the companion writes (a rescan adds a device, a remove takes it away).
 */
final class FakeHost implements AutoCloseable {

  static final String SYSTEM_UUID = "4C4C4544-0042-3510-8052-B4C04F4B4E31";

  final Path root;
  private final List<Thread> kernel = new ArrayList<>();

  FakeHost(Path root) throws IOException {
    this.root = root;
    Files.createDirectories(root.resolve("sys/bus/pci/devices"));
    Files.createDirectories(root.resolve("sys/bus/pci/drivers/nvidia"));
    Files.createDirectories(root.resolve("sys/devices/pci0000:40"));
    Files.createDirectories(root.resolve("sys/kernel/iommu_groups/42"));
    Files.createDirectories(root.resolve("proc/self"));
    Files.writeString(root.resolve("sys/bus/pci/rescan"), "");
    write(root.resolve("sys/class/dmi/id/product_uuid"), SYSTEM_UUID + "\n");
  }

  /** A bridge of the host (the chassis' downstream port as the host sees it). */
  FakeHost bridge(PciAddress bridge) {
    Path dir = root.resolve("sys/devices/pci0000:40").resolve(bridge.toString());
    mkdirs(dir);
    write(dir.resolve("class"), "0x060400\n");
    write(dir.resolve("rescan"), "");
    link(root.resolve("sys/bus/pci/devices").resolve(bridge.toString()), dir);
    return this;
  }

  /**
   * The bridge's sysfs resource file as a kernel with SR-IOV writes it (17 lines, the windows
   * last), its prefetchable window {@code start}..{@code end} with {@code flags}.
   */
  FakeHost prefetchableWindow(PciAddress bridge, long start, long end, long flags) {
    return resources(bridge, 17, start, end, flags);
  }

  /** The resource file with {@code lines} lines (11 for a kernel without SR-IOV). */
  FakeHost resources(PciAddress bridge, int lines, long start, long end, long flags) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < lines; i++) {
      if (i == lines - 2) {
        text.append(String.format("0x%016x 0x%016x 0x%016x%n", start, end, flags));
      } else if (i == lines - 3) {
        // the bridge's non-prefetchable window, below 4 GiB, which a GPU's BAR1 does not use
        text.append(String.format("0x%016x 0x%016x 0x%016x%n", 0xa0000000L, 0xa1ffffffL, 0x200L));
      } else {
        text.append(String.format("0x%016x 0x%016x 0x%016x%n", 0, 0, 0));
      }
    }
    write(folder(bridge).resolve("resource"), text.toString());
    return this;
  }

  /** pciehp handles the bridge's hot-plug slot (its service device is bound to pciehp). */
  FakeHost pciehp(PciAddress bridge) {
    mkdirs(root.resolve("sys/bus/pci_express/drivers/pciehp").resolve(bridge + ":pcie204"));
    return this;
  }

  /** A function behind {@code bridge} of PCI class {@code pciClass}, without a driver. */
  FakeHost function(PciAddress bridge, PciAddress function, String pciClass) {
    Path dir = folder(bridge).resolve(function.toString());
    write(dir.resolve("class"), pciClass + "\n");
    write(dir.resolve("remove"), "");
    link(root.resolve("sys/bus/pci/devices").resolve(function.toString()), dir);
    return this;
  }

  FakeHost gpu(PciAddress bridge, PciAddress gpu) {
    return function(bridge, gpu, "0x030200");
  }

  /** The NVIDIA driver binds the GPU: its driver link and its /proc description. */
  FakeHost nvidia(PciAddress gpu, String uuid, int minor) {
    write(
        root.resolve("proc/driver/nvidia/gpus").resolve(gpu.toString()).resolve("information"),
        "Model: \t\t NVIDIA L40S\nIRQ:   \t\t 190\nGPU UUID: \t "
            + uuid
            + "\nVideo BIOS: \t 95.02.5d.00.01\nBus Type: \t PCIe\nBus Location: \t "
            + gpu
            + "\nDevice Minor: \t "
            + minor
            + "\nGPU Excluded:\t No\n");
    return driver(gpu, "nvidia");
  }

  FakeHost driver(PciAddress function, String name) {
    Path driver = root.resolve("sys/bus/pci/drivers").resolve(name);
    mkdirs(driver);
    link(device(function).resolve("driver"), driver);
    return this;
  }

  /** A process with {@code node} open. */
  FakeHost process(int pid, String command, String node) {
    write(root.resolve("proc").resolve(String.valueOf(pid)).resolve("comm"), command + "\n");
    Path fd = root.resolve("proc").resolve(String.valueOf(pid)).resolve("fd");
    mkdirs(fd);
    try {
      Files.createSymbolicLink(fd.resolve(String.valueOf(3 + count(fd))), Path.of(node));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return this;
  }

  /** What the stand-in kernel does once {@code attribute} is written with 1. */
  void whenWritten(Path attribute, Runnable kernelWork) {
    Thread t =
        new Thread(
            () -> {
              while (!Thread.currentThread().isInterrupted()) {
                if (read(attribute).equals("1")) {
                  kernelWork.run();
                  return;
                }
                try {
                  Thread.sleep(5);
                } catch (InterruptedException e) {
                  return;
                }
              }
            },
            "fake-kernel");
    t.setDaemon(true);
    t.start();
    kernel.add(t);
  }

  /** The kernel takes a removed function away. */
  void removes(PciAddress function) {
    Path link = root.resolve("sys/bus/pci/devices").resolve(function.toString());
    Path dir = folder(function);
    whenWritten(
        dir.resolve("remove"),
        () -> {
          deleteTree(dir);
          try {
            Files.delete(link);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
  }

  Path device(PciAddress address) {
    return root.resolve("sys/bus/pci/devices").resolve(address.toString());
  }

  /** The device's own folder under /sys/devices (where its link leads). */
  Path folder(PciAddress function) {
    try {
      return device(function).toRealPath();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** What was written to an attribute the fake kernel has (it must be there). */
  static String written(Path attribute) {
    try {
      return Files.readString(attribute, StandardCharsets.UTF_8).trim();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8).trim();
    } catch (IOException e) {
      return "";
    }
  }

  static void write(Path file, String text) {
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void link(Path link, Path target) {
    try {
      Files.createDirectories(link.getParent());
      Files.createSymbolicLink(link, link.getParent().relativize(target));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void mkdirs(Path dir) {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static long count(Path dir) {
    try (Stream<Path> s = Files.list(dir)) {
      return s.count();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void deleteTree(Path dir) {
    try (Stream<Path> s = Files.walk(dir)) {
      s.sorted(Comparator.reverseOrder())
          .forEach(
              p -> {
                try {
                  Files.delete(p);
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    kernel.forEach(Thread::interrupt);
  }
}

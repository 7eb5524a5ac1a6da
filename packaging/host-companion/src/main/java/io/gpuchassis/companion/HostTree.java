package io.gpuchassis.companion;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The host's kernel as files: sysfs, procfs and the DMI table, every path below one root ({@code /}
 * on a host, a temporary folder in tests), so that the commands can be tried against a tree made
 * for them.
 */
final class HostTree {

  private final Path root;

  HostTree(Path root) {
    this.root = root;
  }

  /** {@code /sys/bus/pci/devices/<address>}: a link to the function's folder. */
  Path device(PciAddress address) {
    return root.resolve("sys/bus/pci/devices").resolve(address.toString());
  }

  /** {@code /sys/bus/pci/devices/<address>/resource}: the function's resources, one a line. */
  Path resources(PciAddress address) {
    return device(address).resolve("resource");
  }

  Path pciDevices() {
    return root.resolve("sys/bus/pci/devices");
  }

  /** Writing 1 rescans every PCI bus of the host. */
  Path busRescan() {
    return root.resolve("sys/bus/pci/rescan");
  }

  /** The bridges whose hot-plug the kernel's pciehp driver handles list themselves here. */
  Path pciehpDriver() {
    return root.resolve("sys/bus/pci_express/drivers/pciehp");
  }

  /** The system's UUID from the SMBIOS table (readable by root only). */
  Path productUuid() {
    return root.resolve("sys/class/dmi/id/product_uuid");
  }

  Path proc() {
    return root.resolve("proc");
  }

  /** The NVIDIA driver's description of one GPU ("GPU UUID", "Device Minor", ...). */
  Path nvidiaInformation(PciAddress gpu) {
    return root.resolve("proc/driver/nvidia/gpus").resolve(gpu.toString()).resolve("information");
  }

  boolean present(PciAddress address) {
    return Files.isDirectory(device(address));
  }

  /** The name of the driver bound to the function, if one is. */
  Optional<String> driverOf(PciAddress address) {
    return linkName(device(address).resolve("driver"));
  }

  /** The last element of the path a symbolic link points to (a driver's, an IOMMU group's name). */
  static Optional<String> linkName(Path link) {
    try {
      return Optional.of(Files.readSymbolicLink(link).getFileName().toString());
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException | UnsupportedOperationException e) {
      return Optional.empty();
    }
  }

  /** A sysfs or procfs file's text, trimmed; empty when it is not there. */
  static Optional<String> read(Path file) {
    try {
      return Optional.of(Files.readString(file, StandardCharsets.UTF_8).trim());
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new CompanionException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }

  /**
   * Writes a sysfs attribute. It must exist: creating a file where the kernel has none would only
   * hide that the host is not what the command expects.
   */
  static void write(Path attribute, String value) {
    try {
      Files.writeString(
          attribute,
          value,
          StandardCharsets.US_ASCII,
          StandardOpenOption.WRITE,
          StandardOpenOption.TRUNCATE_EXISTING);
    } catch (NoSuchFileException e) {
      throw new CompanionException(attribute + " does not exist: is this a Linux host with sysfs?");
    } catch (IOException e) {
      throw new CompanionException(
          "cannot write " + attribute + " (" + e.getMessage() + "): run as root", e);
    }
  }

  /** The names in a folder; empty when it is not there. */
  static List<String> names(Path folder) {
    List<String> names = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
      entries.forEach(p -> names.add(p.getFileName().toString()));
    } catch (NoSuchFileException e) {
      return List.of();
    } catch (IOException e) {
      throw new CompanionException("cannot list " + folder + ": " + e.getMessage(), e);
    }
    return names;
  }

  /** A {@code Key: value} line of a procfs description, such as the NVIDIA driver's. */
  static Optional<String> field(Path file, String key) {
    return read(file)
        .flatMap(
            text ->
                text.lines()
                    .filter(l -> l.startsWith(key + ":"))
                    .map(l -> l.substring(key.length() + 1).trim())
                    .findFirst());
  }
}

package io.gpuchassis.agent.network;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The IPv4 addresses the board's network configuration assigns statically: ifupdown's {@code iface
 * NAME inet static} stanzas ({@code /etc/network/interfaces} and {@code interfaces.d}) and
 * systemd-networkd's {@code .network} files ({@code Address=} under {@code [Network]} or {@code
 * [Address]}, for the interfaces their {@code [Match] Name=} globs select). An address the kernel
 * has and a configuration names is static; the configuration alone proves nothing.
 */
final class StaticAddresses {

  private record Assigned(String interfaceGlob, String address) {}

  private final List<Assigned> assigned;

  private StaticAddresses(List<Assigned> assigned) {
    this.assigned = List.copyOf(assigned);
  }

  /** Reads the configuration below {@code root} ({@code /} on the machine). */
  static StaticAddresses read(Path root) {
    List<Assigned> found = new ArrayList<>();
    List<Path> ifupdown = new ArrayList<>(List.of(root.resolve("etc/network/interfaces")));
    ifupdown.addAll(files(root.resolve("etc/network/interfaces.d"), "*"));
    ifupdown.forEach(f -> readIfupdown(f, found));
    for (String dir : List.of("etc/systemd/network", "run/systemd/network")) {
      files(root.resolve(dir), "*.network").forEach(f -> readNetworkd(f, found));
    }
    return new StaticAddresses(found);
  }

  /** Whether the configuration assigns {@code address} to {@code interfaceName} statically. */
  boolean assigns(String interfaceName, String address) {
    for (Assigned a : assigned) {
      if (a.address().equals(address)
          && FileSystems.getDefault()
              .getPathMatcher("glob:" + a.interfaceGlob())
              .matches(Path.of(interfaceName))) {
        return true;
      }
    }
    return false;
  }

  private static void readIfupdown(Path file, List<Assigned> found) {
    String staticInterface = null;
    for (String line : lines(file)) {
      String[] f = line.strip().split("\\s+");
      if (f[0].equals("iface")) {
        staticInterface =
            f.length >= 4 && f[2].equals("inet") && f[3].equals("static") ? f[1] : null;
      } else if (f[0].equals("auto") || f[0].equals("allow-hotplug") || f[0].equals("mapping")) {
        staticInterface = null;
      } else if (staticInterface != null && f[0].equals("address") && f.length >= 2) {
        found.add(new Assigned(staticInterface, withoutPrefix(f[1])));
      }
    }
  }

  private static void readNetworkd(Path file, List<Assigned> found) {
    List<String> names = new ArrayList<>();
    Set<String> addresses = new HashSet<>();
    String section = "";
    for (String line : lines(file)) {
      String l = line.strip();
      if (l.startsWith("[")) {
        section = l;
      } else if (section.equals("[Match]") && l.startsWith("Name=")) {
        names.addAll(List.of(l.substring("Name=".length()).strip().split("\\s+")));
      } else if ((section.equals("[Network]") || section.equals("[Address]"))
          && l.startsWith("Address=")) {
        addresses.add(withoutPrefix(l.substring("Address=".length()).strip()));
      }
    }
    for (String name : names) {
      addresses.forEach(a -> found.add(new Assigned(name, a)));
    }
  }

  private static String withoutPrefix(String address) {
    int slash = address.indexOf('/');
    return slash < 0 ? address : address.substring(0, slash);
  }

  private static List<Path> files(Path dir, String glob) {
    List<Path> files = new ArrayList<>();
    if (Files.isDirectory(dir)) {
      try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, glob)) {
        entries.forEach(files::add);
      } catch (IOException e) {
        // an unreadable folder proves nothing
      }
    }
    files.sort(null);
    return files;
  }

  private static List<String> lines(Path file) {
    try {
      return Files.readAllLines(file);
    } catch (IOException e) {
      return List.of(); // absent or unreadable: says nothing
    }
  }
}

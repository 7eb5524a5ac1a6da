package io.gpuchassis.companion;

import java.util.List;
import java.util.Locale;

/**
 * A PCI bridge's 64-bit prefetchable memory window, where a hot-plugged GPU's large BARs must fit,
 * read from the bridge's sysfs {@code resource} file: one line per resource, {@code start end
 * flags} in hex (the kernel's pci-sysfs.c). A bridge's file ends with its four window lines
 * (PCI_BRIDGE_RESOURCES: I/O, memory, prefetchable memory, and one for CardBus), so the
 * prefetchable window is the third of the last four: line 15 on a kernel built with SR-IOV, line 9
 * without, which is why it is counted from the end.
 *
 * @param mib the window's size in MiB, 0 when the bridge has no 64-bit prefetchable window
 * @param note what was found, for the command's output
 */
record BridgeWindow(PciAddress bridge, long mib, String note) {

  static final long IORESOURCE_MEM = 0x200;
  static final long IORESOURCE_PREFETCH = 0x2000;
  static final long IORESOURCE_MEM_64 = 0x100000;

  /**
   * The window lines at the end of a bridge's file, and the prefetchable one's place among them.
   */
  private static final int WINDOW_LINES = 4;

  private static final int PREFETCHABLE = 2;

  /** A bridge's file has at least its six BARs, its ROM and the four windows. */
  private static final int LEAST_LINES = 7 + WINDOW_LINES;

  /**
   * @throws CompanionException when {@code bridge} is not a PCI bridge of this host
   */
  static BridgeWindow read(HostTree tree, PciAddress bridge) {
    String pciClass =
        HostTree.read(tree.device(bridge).resolve("class"))
            .orElseThrow(() -> new CompanionException("the host has no PCI function " + bridge));
    // 0x0604xx: a PCI-to-PCI bridge (a root port, a switch port); only a bridge has windows
    if (!pciClass.toLowerCase(Locale.ROOT).startsWith("0x0604")) {
      throw new CompanionException(
          bridge
              + " is not a PCI bridge (class "
              + pciClass
              + "): name the host's bridge the"
              + " chassis is cabled to");
    }
    List<String> lines =
        HostTree.read(tree.resources(bridge)).map(t -> t.lines().toList()).orElse(List.of());
    if (lines.size() < LEAST_LINES) {
      throw new CompanionException(
          tree.resources(bridge) + " lists " + lines.size() + " resources, not a bridge's windows");
    }
    String line = lines.get(lines.size() - WINDOW_LINES + PREFETCHABLE);
    String[] fields = line.trim().split("\\s+");
    if (fields.length != 3) {
      throw new CompanionException(
          "cannot read the window '" + line + "' of " + tree.resources(bridge));
    }
    long start = hex(fields[0], tree, bridge);
    long end = hex(fields[1], tree, bridge);
    long flags = hex(fields[2], tree, bridge);
    long wanted = IORESOURCE_MEM | IORESOURCE_PREFETCH;
    if ((flags & wanted) != wanted || Long.compareUnsigned(end, start) <= 0) {
      return new BridgeWindow(bridge, 0, "no prefetchable memory window");
    }
    long mib = (end - start + 1) >>> 20;
    if ((flags & IORESOURCE_MEM_64) == 0) {
      // Below 4 GiB only: no room for the BAR1 of a GPU of any size
      return new BridgeWindow(
          bridge, 0, "a 32-bit prefetchable window of " + mib + " MiB, not counted");
    }
    return new BridgeWindow(bridge, mib, "a 64-bit prefetchable window of " + mib + " MiB");
  }

  private static long hex(String field, HostTree tree, PciAddress bridge) {
    String digits = field.startsWith("0x") || field.startsWith("0X") ? field.substring(2) : field;
    try {
      return Long.parseUnsignedLong(digits, 16);
    } catch (NumberFormatException e) {
      throw new CompanionException("'" + field + "' in " + tree.resources(bridge) + " is not hex");
    }
  }
}

package io.gpuchassis.companion;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A PCI function's address on the host, as Linux names it in sysfs: {@code 0000:41:00.0} (domain,
 * bus, device, function). Written without its domain ({@code 41:00.0}) it is in domain 0.
 */
public record PciAddress(int domain, int bus, int device, int function) {

  private static final Pattern FORM =
      Pattern.compile("(?:([0-9a-fA-F]{4}):)?([0-9a-fA-F]{2}):([0-1][0-9a-fA-F])\\.([0-7])");

  public PciAddress {
    if (domain < 0 || domain > 0xffff || bus < 0 || bus > 0xff) {
      throw new IllegalArgumentException("not a PCI address");
    }
    if (device < 0 || device > 0x1f || function < 0 || function > 7) {
      throw new IllegalArgumentException("not a PCI address");
    }
  }

  /** The address {@code text} names, or empty when it is not one (e.g. a sysfs file's name). */
  public static Optional<PciAddress> find(String text) {
    Matcher m = FORM.matcher(text.trim());
    if (!m.matches()) {
      return Optional.empty();
    }
    return Optional.of(
        new PciAddress(
            m.group(1) == null ? 0 : Integer.parseInt(m.group(1), 16),
            Integer.parseInt(m.group(2), 16),
            Integer.parseInt(m.group(3), 16),
            Integer.parseInt(m.group(4), 16)));
  }

  /**
   * @throws IllegalArgumentException when {@code text} is not an address
   */
  public static PciAddress parse(String text) {
    return find(text)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "'" + text + "' is not a PCI address such as 0000:41:00.0"));
  }

  /** Another function of the same device. */
  public boolean sameDevice(PciAddress other) {
    return domain == other.domain && bus == other.bus && device == other.device;
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "%04x:%02x:%02x.%x", domain, bus, device, function);
  }
}

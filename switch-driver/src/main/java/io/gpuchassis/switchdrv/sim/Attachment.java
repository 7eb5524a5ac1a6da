package io.gpuchassis.switchdrv.sim;

/** What is cabled to a simulated switch port. */
public sealed interface Attachment {

  /** Nothing: the port never trains a link. */
  record Nothing() implements Attachment {}

  /**
   * An endpoint device (a GPU) with its own link limits; its link trains once the port is bound.
   *
   * @param vendorId endpoint PCI vendor ID
   * @param deviceId endpoint PCI device ID
   * @param maxGen endpoint maximum PCIe generation
   * @param maxWidth endpoint maximum lane count
   */
  record Endpoint(int vendorId, int deviceId, int maxGen, int maxWidth) implements Attachment {}

  /**
   * An upstream host: the port is the USP (logical port 0) of {@code partition}; its link trains at
   * boot.
   *
   * @param partition partition whose upstream port this is
   */
  record Host(int partition) implements Attachment {}

  /**
   * A link to another switch chip; trains at boot and can be bound like a downstream port.
   *
   * @param peer free-form name of the other end, for logs
   */
  record InterSwitchLink(String peer) implements Attachment {}

  static Attachment nothing() {
    return new Nothing();
  }

  /** An NVIDIA GPU limited to {@code maxGen} x{@code maxWidth}. */
  static Attachment gpu(int maxGen, int maxWidth) {
    return new Endpoint(0x10DE, 0x2331, maxGen, maxWidth);
  }

  static Attachment host(int partition) {
    return new Host(partition);
  }

  static Attachment interSwitch(String peer) {
    return new InterSwitchLink(peer);
  }
}

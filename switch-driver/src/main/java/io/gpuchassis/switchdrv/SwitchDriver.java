package io.gpuchassis.switchdrv;

import java.util.List;

/**
 * The domain view of one PCIe switch chip: inventory, link status, partitions and bindings, error
 * counters, temperature, firmware partitions and the switch-owned connector GPIOs.
 *
 * <p><b>Threading:</b> implementations are blocking and not thread-safe; the agent owns one driver
 * per switch and calls it from one dedicated worker thread (the switch's mailbox holds one command
 * at a time anyway).
 *
 * <p><b>Deadlines:</b> every method returns or throws within its configured timeout ({@link
 * DriverOptions}); a hung switch, a dead line or a garbled answer never wedges the caller. After a
 * fault clears, the next call succeeds: the driver keeps no state that a failed call could leave
 * inconsistent (it resynchronises the mailbox and reconnects the transport itself).
 *
 * <p><b>Failures:</b> every method throws {@link SwitchException} (unchecked) with a {@link
 * SwitchException.Kind}; expected protocol answers (a port that is down, a partition copy that is
 * invalid, a binding still in progress) are values in the returned records.
 */
public interface SwitchDriver extends AutoCloseable {

  /** Vendor/device IDs, generation, serial number, running firmware and boot phase. */
  SwitchIdentity identity();

  /** Die temperature in degrees Celsius (the mean of the chip's sensors on Gen5/Gen6). */
  double dieTemperatureCelsius();

  /** Link status of every physical port the chip reports, ordered by physical port ID. */
  List<PortStatus> ports();

  /** The binding entry of every enabled downstream port, ordered by physical port ID. */
  List<Binding> bindings();

  /** Every partition with its upstream port and bound downstream ports. */
  List<Partition> partitions();

  /**
   * Binds a physical downstream port to logical DSP {@code logicalPort} (1..47) of {@code
   * partition}, and returns when the firmware reports the binding complete. The host of that
   * partition sees a hot-add.
   *
   * @throws SwitchException DEVICE_ERROR with the firmware code when the firmware refuses (port
   *     already bound 0x1, logical port taken 0x2, no such partition 0x3, ...), BUSY when another
   *     binding operation stays in progress until the deadline
   */
  void bind(int partition, int logicalPort, int physicalPort);

  /**
   * Unbinds whatever is bound at logical DSP {@code logicalPort} of {@code partition} and returns
   * when the firmware reports the port unbound. The host sees a surprise removal unless it released
   * the device first (that ordering is the caller's policy).
   */
  void unbind(int partition, int logicalPort);

  /** Error counters of one physical port (configures the port's PMON counters on first use). */
  PortCounters counters(int physicalPort);

  /**
   * The events flagged in the chip's event summary since the last call (link state changes, hot
   * plug, AER errors, finished binds), acknowledged on the chip. A quiet chip costs one register
   * read, whatever its port count.
   */
  SwitchEvents events();

  /**
   * The bandwidth counters of every port the chip has (PMON sub 1, raw bytes unless a tool chose
   * payload bytes), ordered by physical port ID, in as few commands as the 1 KiB output allows (one
   * for up to 18 ports). Reads without clearing, so other readers (switchtec-user) are not
   * disturbed.
   */
  List<PortBandwidth> bandwidthCounters();

  /** The flash partition table (A/B copies, validity, active and running flags). */
  FirmwarePartitions firmwarePartitions();

  /**
   * Writes a firmware image (Switchtec "MSCC" metadata + body) into the inactive copy of the
   * partition type named in its metadata, without activating it.
   *
   * @throws SwitchException DEVICE_ERROR with the download status (e.g. 4 = CRC incorrect) when the
   *     switch rejects the image, IO when the switch restarted under the download
   */
  void downloadFirmware(byte[] image, ProgressListener progress);

  /**
   * Starts the same download as {@link #downloadFirmware}, to be sent block by block with {@link
   * FirmwareDownload#sendNextBlock()}, so that other commands can run in between. Checks the image
   * and that no flash programming runs; sends nothing yet.
   *
   * @throws SwitchException REFUSED for a malformed image, BUSY while flash programming runs
   */
  FirmwareDownload beginFirmwareDownload(byte[] image);

  /**
   * Makes copy {@code copy} of {@code type} the active one (boots at the next reset). A no-op when
   * it already is; the underlying TOGGLE is never retried, and the result is verified.
   *
   * @throws SwitchException REFUSED when that copy holds no valid image
   */
  void activatePartition(FirmwareType type, int copy);

  /**
   * The level of a switch-owned GPIO (VGPIO get value), e.g. a slot's PRSNT# (low = a card is
   * present), power enable or PERST# line.
   *
   * @param logicalPin the firmware's logical GPIO pin ID (0..65535)
   * @return true when the pin reads high
   * @throws SwitchException DEVICE_ERROR with the firmware code when the firmware refuses (no such
   *     logical pin; the simulator answers 0x64006 "invalid parameter")
   */
  boolean readGpio(int logicalPin);

  /**
   * Drives a switch-owned output GPIO (VGPIO set value) high or low. Setting the level it already
   * has is harmless, so it is retried like any other command.
   *
   * @param logicalPin the firmware's logical GPIO pin ID (0..65535)
   * @throws SwitchException DEVICE_ERROR with the firmware code when the firmware refuses (no such
   *     logical pin, or the pin is an input; the simulator answers 0x64006 "invalid parameter")
   */
  void writeGpio(int logicalPin, boolean high);

  /** Hot-resets one physical port's link (it drops and retrains). */
  void resetPort(int physicalPort);

  /**
   * Hard-resets the whole switch (every host link drops) and returns when it answers again, running
   * the partitions that were active.
   */
  void resetSwitch();

  /** Closes the underlying transport. */
  @Override
  void close();
}

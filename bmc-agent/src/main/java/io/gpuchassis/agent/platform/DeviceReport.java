package io.gpuchassis.agent.platform;

import io.gpuchassis.agent.board.BoardDescription;
import io.gpuchassis.agent.board.I2cDevice;
import io.gpuchassis.agent.board.I2cMux;
import io.gpuchassis.agent.board.I2cPath;
import io.gpuchassis.sensor.chassis.DeviceKind;
import io.gpuchassis.sensor.chassis.DeviceStatus;
import io.gpuchassis.sensor.chassis.LayoutDevice;
import io.gpuchassis.sensor.layout.I2cLocation;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Names a sensor device the way the board file does, with where it is (e.g. {@code SlotIo3
 * (pca9555, /dev/i2c-9 address 0x22)}), so that an operator bringing a board up can find it in the
 * file and on the board.
 */
public final class DeviceReport {

  private static final Logger LOG = LoggerFactory.getLogger(DeviceReport.class);

  private final BoardDescription board;

  public DeviceReport(BoardDescription board) {
    this.board = board;
  }

  /** Logs every device that is not ready, one line each. */
  public void log(List<DeviceStatus> problems) {
    for (DeviceStatus status : problems) {
      LOG.warn(
          "Board device {} is not ready: {}",
          name(status.device()),
          status.problem().orElse("unknown"));
    }
  }

  /** The device as the board file names it, and where it is. */
  public String name(LayoutDevice device) {
    if (device.kind() == DeviceKind.GPU_SIDEBAND) {
      int slot = device.slot().orElseThrow();
      return "GPU sideband of slot "
          + slot
          + " ("
          + board.slotAccess(slot).flatMap(a -> a.sideband()).map(I2cPath::describe).orElse("?")
          + ")";
    }
    if (device.kind() == DeviceKind.EXTERNAL_LINE) {
      return "slot "
          + device.slot().orElseThrow()
          + " line "
          + BoardSensorLayout.ExternalLines.signal(device.id().orElseThrow()).label()
          + " ("
          + BoardSensorLayout.ExternalLines.ref(device.id().orElseThrow()).describe()
          + ")";
    }
    Optional<I2cLocation> at = device.location();
    if (device.kind() == DeviceKind.MUX) {
      Optional<I2cMux> mux =
          board.muxes().stream()
              .filter(m -> at.map(l -> at(m.path(), l)).orElse(false))
              .findFirst();
      if (mux.isPresent()) {
        return mux.get().id()
            + " ("
            + mux.get().part().name().toLowerCase()
            + ", "
            + mux.get().path().describe()
            + ")";
      }
    }
    Optional<I2cDevice> onBoard =
        board.devices().stream()
            .filter(
                d ->
                    device.id().map(id -> id.equals(d.id())).orElse(false)
                        || at.map(l -> at(d.path(), l)).orElse(false))
            .findFirst();
    return onBoard
        .map(
            d ->
                d.id()
                    + " ("
                    + d.part().name().toLowerCase().replace('_', '-')
                    + ", "
                    + d.path().describe()
                    + ")")
        .orElse(device.toString());
  }

  private static boolean at(I2cPath path, I2cLocation location) {
    return path.mux().isEmpty()
        && path.bus() == location.bus()
        && path.address() == location.address();
  }
}

package io.gpuchassis.sensor.chassis;

import io.gpuchassis.sensor.layout.GpuSidebandSpec;
import io.gpuchassis.sensor.layout.I2cLocation;
import io.gpuchassis.sensor.layout.MuxChannel;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One device of a layout and where it sits. An agent maps its board description's names onto it by
 * kind and {@code location} (I2C devices), {@code slot} (GPU sidebands) or {@code id} (sensors,
 * supplies, external lines).
 *
 * @param id the layout's name for it: the id of a temperature sensor, power monitor or supply, the
 *     name of an external line; empty for devices the layout places by location only (fan
 *     controller, mux, expander, GPU sideband)
 * @param location bus and address; empty for an external line
 * @param muxChannel the agent-driven mux channel in front of a GPU sideband
 * @param slot the slot of a GPU sideband or external line
 */
public record LayoutDevice(
    DeviceKind kind,
    Optional<String> id,
    Optional<I2cLocation> location,
    Optional<MuxChannel> muxChannel,
    OptionalInt slot) {

  /** An I2C device on a bus, with the layout's id if it has one. */
  public static LayoutDevice onBus(DeviceKind kind, Optional<String> id, I2cLocation location) {
    return new LayoutDevice(kind, id, Optional.of(location), Optional.empty(), OptionalInt.empty());
  }

  public static LayoutDevice gpuSideband(int slot, GpuSidebandSpec sideband) {
    return new LayoutDevice(
        DeviceKind.GPU_SIDEBAND,
        Optional.empty(),
        Optional.of(sideband.location()),
        sideband.mux(),
        OptionalInt.of(slot));
  }

  public static LayoutDevice externalLine(int slot, String name) {
    return new LayoutDevice(
        DeviceKind.EXTERNAL_LINE,
        Optional.of(name),
        Optional.empty(),
        Optional.empty(),
        OptionalInt.of(slot));
  }

  /** An external line of the chassis, not of a slot (the identify LED's). */
  public static LayoutDevice chassisLine(String name) {
    return new LayoutDevice(
        DeviceKind.EXTERNAL_LINE,
        Optional.of(name),
        Optional.empty(),
        Optional.empty(),
        OptionalInt.empty());
  }

  /**
   * E.g. {@code "temperature sensor Inlet1 at 1-0x48"}, {@code "GPU sideband of slot 3 at 3-0x4F
   * behind 3-0x70 channel 2"}.
   */
  @Override
  public String toString() {
    StringBuilder b = new StringBuilder(kind.description());
    id.ifPresent(i -> b.append(' ').append(i));
    if (kind == DeviceKind.GPU_SIDEBAND || kind == DeviceKind.EXTERNAL_LINE) {
      slot.ifPresent(s -> b.append(" of slot ").append(s));
    }
    location.ifPresent(l -> b.append(" at ").append(l));
    muxChannel.ifPresent(m -> b.append(" behind ").append(m));
    return b.toString();
  }
}

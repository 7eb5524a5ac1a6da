package io.gpuchassis.sensor.chassis;

import io.gpuchassis.sensor.gpio.SlotSignal;
import java.util.OptionalInt;

/** The sensor ids the poll plan produces. */
public final class SensorIds {

  public static final String FAN_FAULTS = "Fans.Faults";

  /** The chassis identify LED's line: 1 while lit. */
  public static final String CHASSIS_IDENTIFY = "Chassis.Identify";

  private SensorIds() {}

  public static String gpuTemperature(int slot) {
    return "GPU" + slot + ".Temperature";
  }

  public static String gpuPower(int slot) {
    return "GPU" + slot + ".Power";
  }

  /** The slot of a GPU temperature sensor ({@link #gpuTemperature}); empty for any other sensor. */
  public static OptionalInt slotOfGpuTemperature(String sensorId) {
    return slotOfGpu(sensorId, ".Temperature");
  }

  /**
   * The slot of a GPU sensor ({@link #gpuTemperature}, {@link #gpuPower}); empty for any other
   * sensor.
   */
  public static OptionalInt slotOfGpu(String sensorId) {
    OptionalInt t = slotOfGpu(sensorId, ".Temperature");
    return t.isPresent() ? t : slotOfGpu(sensorId, ".Power");
  }

  private static OptionalInt slotOfGpu(String sensorId, String suffix) {
    if (!sensorId.startsWith("GPU") || !sensorId.endsWith(suffix)) {
      return OptionalInt.empty();
    }
    String digits = sensorId.substring(3, sensorId.length() - suffix.length());
    return digits.matches("\\d{1,3}")
        ? OptionalInt.of(Integer.parseInt(digits))
        : OptionalInt.empty();
  }

  /** A chassis temperature sensor's reading carries the sensor's layout id. */
  public static String temperature(String sensorId) {
    return sensorId;
  }

  public static String railVolts(String monitorId) {
    return monitorId + ".Volts";
  }

  public static String railAmps(String monitorId) {
    return monitorId + ".Amps";
  }

  public static String railWatts(String monitorId) {
    return monitorId + ".Watts";
  }

  public static String psuInputVolts(String psuId) {
    return psuId + ".InputVolts";
  }

  public static String psuOutputVolts(String psuId) {
    return psuId + ".OutputVolts";
  }

  public static String psuOutputAmps(String psuId) {
    return psuId + ".OutputAmps";
  }

  public static String psuOutputWatts(String psuId) {
    return psuId + ".OutputWatts";
  }

  public static String psuTemperature(String psuId) {
    return psuId + ".Temperature";
  }

  public static String psuFanRpm(String psuId) {
    return psuId + ".FanRpm";
  }

  /** The raw STATUS_WORD as a number; decode with {@code new PmbusStatusWord((int) value)}. */
  public static String psuStatus(String psuId) {
    return psuId + ".Status";
  }

  public static String fanRpm(String fanId) {
    return fanId + ".Rpm";
  }

  public static String slotPresent(int slot) {
    return "Slot" + slot + ".Present";
  }

  /** The slot of a presence sensor ({@link #slotPresent}); empty for any other sensor. */
  public static OptionalInt slotOfPresence(String sensorId) {
    if (!sensorId.startsWith("Slot") || !sensorId.endsWith(".Present")) {
      return OptionalInt.empty();
    }
    String digits = sensorId.substring(4, sensorId.length() - ".Present".length());
    return digits.matches("\\d{1,3}")
        ? OptionalInt.of(Integer.parseInt(digits))
        : OptionalInt.empty();
  }

  public static String slotPowerEnabled(int slot) {
    return "Slot" + slot + ".PowerEnabled";
  }

  public static String slotInReset(int slot) {
    return "Slot" + slot + ".InReset";
  }

  public static String slotAttention(int slot) {
    return "Slot" + slot + ".Attention";
  }

  /**
   * The sensor of a slot signal: 1 while asserted (card present, power on, in reset, LED lit), else
   * 0.
   */
  public static String slotSignal(int slot, SlotSignal signal) {
    return switch (signal) {
      case PRESENT_N -> slotPresent(slot);
      case POWER_ENABLE -> slotPowerEnabled(slot);
      case PERST_N -> slotInReset(slot);
      case ATTENTION_LED -> slotAttention(slot);
    };
  }
}

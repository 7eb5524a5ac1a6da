package io.gpuchassis.sensor.chassis;

/** The sensor ids the poll plan produces. */
public final class SensorIds {

  public static final String FAN_FAULTS = "Fans.Faults";

  private SensorIds() {}

  public static String gpuTemperature(int slot) {
    return "GPU" + slot + ".Temperature";
  }

  public static String gpuPower(int slot) {
    return "GPU" + slot + ".Power";
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

  public static String slotPowerEnabled(int slot) {
    return "Slot" + slot + ".PowerEnabled";
  }

  public static String slotInReset(int slot) {
    return "Slot" + slot + ".InReset";
  }

  public static String slotAttention(int slot) {
    return "Slot" + slot + ".Attention";
  }
}

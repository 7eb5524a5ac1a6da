package io.gpuchassis.sensor.device;

import io.gpuchassis.sensor.i2c.DeviceIoException;
import io.gpuchassis.sensor.i2c.SmbusDevice;

/**
 * Maxim MAX31790 six-channel PWM fan controller (addresses 0x20-0x2F), chosen because one part
 * covers the chassis's six fans with a tach input each. The driver runs the channels in PWM
 * (open-loop) mode: the agent's fan loop picks the duty, the chip only generates it. Registers are
 * byte-addressed; 16-bit values are big-endian (MSB at the lower address).
 *
 * <ul>
 *   <li>Tach count {@code 0x18 + 2·ch}: 11-bit count in bits 15:5; {@code RPM = SR × 8192 × 60 /
 *       (NP × count)} with the speed range SR from fan dynamics bits 7:5 and NP tach pulses per
 *       revolution. A stopped fan (or one whose tach input is disabled) reads 0xFFE0, which is
 *       reported as 0 RPM.
 *   <li>PWM target {@code 0x40 + 2·ch}: 9-bit duty 0-511 in bits 15:7; current duty {@code 0x30 +
 *       2·ch} likewise.
 *   <li>Fan fault status 1 ({@code 0x11}): bit n set when the tach of channel n reads stalled.
 * </ul>
 *
 * <p>Channels are numbered 0-5 (fan 1 is channel 0). Thread-safety: safe; the speed-range cache is
 * idempotent. Methods block for one or two transfers.
 */
public final class Max31790FanController {

  public static final int CHANNELS = 6;
  public static final int GLOBAL_CONFIGURATION = 0x00;
  public static final int FAULT_STATUS_1 = 0x11;
  public static final int FAN_CONFIG_TACH_INPUT_ENABLE = 0x08;
  public static final int FAN_CONFIG_RPM_MODE = 0x80;

  /** What a stopped fan's tach count register reads (count 0x7FF). */
  public static final int STALLED_TACH = 0xFFE0;

  public static final int MAX_DUTY = 511;

  private static final int[] SPEED_RANGE = {1, 2, 4, 8, 16, 32, 32, 32};

  private final SmbusDevice device;
  private final int pulsesPerRevolution;
  private final int[] speedRange = new int[CHANNELS];

  /**
   * @param pulsesPerRevolution tach pulses per revolution of the fans (2 for most)
   */
  public Max31790FanController(SmbusDevice device, int pulsesPerRevolution) {
    if (pulsesPerRevolution < 1) {
      throw new IllegalArgumentException("pulses per revolution must be >= 1");
    }
    this.device = device;
    this.pulsesPerRevolution = pulsesPerRevolution;
  }

  public static int fanConfigRegister(int channel) {
    return 0x02 + checkChannel(channel);
  }

  public static int fanDynamicsRegister(int channel) {
    return 0x08 + checkChannel(channel);
  }

  public static int tachCountRegister(int channel) {
    return 0x18 + 2 * checkChannel(channel);
  }

  public static int pwmDutyRegister(int channel) {
    return 0x30 + 2 * checkChannel(channel);
  }

  public static int pwmTargetRegister(int channel) {
    return 0x40 + 2 * checkChannel(channel);
  }

  /**
   * Puts every channel in PWM mode with its tach input enabled; without that the tach counts read
   * 0xFFE0.
   */
  public void initialize() throws DeviceIoException {
    for (int ch = 0; ch < CHANNELS; ch++) {
      device.writeByte(fanConfigRegister(ch), FAN_CONFIG_TACH_INPUT_ENABLE);
    }
  }

  public double readRpm(int channel) throws DeviceIoException {
    int sr = speedRange(channel);
    return rpm(device.readWordBigEndian(tachCountRegister(channel)), sr, pulsesPerRevolution);
  }

  /** Sets the PWM target duty, 0-100 %. */
  public void setDutyPercent(int channel, double percent) throws DeviceIoException {
    device.writeWordBigEndian(pwmTargetRegister(channel), dutyRegister(percent));
  }

  /** The duty the chip is currently driving, 0-100 %. */
  public double readDutyPercent(int channel) throws DeviceIoException {
    return dutyPercent(device.readWordBigEndian(pwmDutyRegister(channel)));
  }

  /** Channels whose tach reads stalled, bit n for channel n. */
  public int readFaultMask() throws DeviceIoException {
    return device.readByte(FAULT_STATUS_1) & 0x3F;
  }

  private int speedRange(int channel) throws DeviceIoException {
    int sr = speedRange[channel];
    if (sr == 0) {
      sr = SPEED_RANGE[(device.readByte(fanDynamicsRegister(channel)) >> 5) & 0x07];
      speedRange[channel] = sr;
    }
    return sr;
  }

  /** RPM from a tach count register value; 0 for a stalled (or unmonitored) fan. */
  public static double rpm(int tachRegister, int speedRange, int pulsesPerRevolution) {
    int count = (tachRegister >> 5) & 0x7FF;
    if (tachRegister == STALLED_TACH || count == 0) {
      return 0.0;
    }
    return speedRange * 8192.0 * 60.0 / (pulsesPerRevolution * (double) count);
  }

  /** The PWM register value (9-bit duty in bits 15:7) for a duty in percent, clamped to 0-100. */
  public static int dutyRegister(double percent) {
    double clamped = Math.max(0.0, Math.min(100.0, percent));
    return (int) Math.round(clamped / 100.0 * MAX_DUTY) << 7;
  }

  public static double dutyPercent(int register) {
    return ((register >> 7) & 0x1FF) * 100.0 / MAX_DUTY;
  }

  private static int checkChannel(int channel) {
    if (channel < 0 || channel >= CHANNELS) {
      throw new IllegalArgumentException("MAX31790 channel must be 0-5: " + channel);
    }
    return channel;
  }
}

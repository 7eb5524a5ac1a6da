package io.gpuchassis.sensor.sim.device;

import io.gpuchassis.sensor.device.Max31790FanController;

/**
 * MAX31790 register file in PWM mode: the PWM target registers take the duty the driver writes
 * (mirrored into the current-duty registers), and the physics reports each fan's speed as a tach
 * count. A channel whose tach input is not enabled, or whose fan turns slower than the count can
 * express, reads 0xFFE0; a monitored stalled fan also sets its fault status bit. Multi-byte
 * transfers wrap inside 8-byte rows, as on the part.
 *
 * <p>Thread-safety: as every {@link SimDevice}, synchronised on the device.
 */
public final class SimMax31790 extends ByteRegisterDevice {

  private static final int[] SPEED_RANGE = {1, 2, 4, 8, 16, 32, 32, 32};

  private final int pulsesPerRevolution;
  private final double[] rpm = new double[Max31790FanController.CHANNELS];

  public SimMax31790(String name, int pulsesPerRevolution) {
    super(name);
    this.pulsesPerRevolution = pulsesPerRevolution;
    setByte(Max31790FanController.GLOBAL_CONFIGURATION, 0x20);
    setByte(0x01, 0x44); // PWM frequency
    for (int ch = 0; ch < Max31790FanController.CHANNELS; ch++) {
      setByte(Max31790FanController.fanDynamicsRegister(ch), 0x4C); // speed range 4
    }
    updateTachs();
  }

  @Override
  protected int next(int address) {
    return (address & ~0x07) | ((address + 1) & 0x07);
  }

  @Override
  protected boolean writable(int address) {
    boolean statusOrMeasured =
        (address >= 0x10 && address <= 0x11) || (address >= 0x18 && address <= 0x3B);
    return !statusOrMeasured;
  }

  @Override
  protected void written(int address) {
    if (address >= 0x40 && address <= 0x4B) {
      // the chip ramps the current duty towards the target; the simulation follows at once
      setByte(address - 0x10, byteAt(address));
    }
    if (address >= 0x02 && address <= 0x0D) {
      updateTachs();
    }
  }

  /**
   * Loads the state an earlier run of the agent left: tach inputs enabled and every channel at
   * {@code percent} duty.
   */
  public synchronized void presetRunning(double percent) {
    for (int ch = 0; ch < Max31790FanController.CHANNELS; ch++) {
      setByte(
          Max31790FanController.fanConfigRegister(ch),
          Max31790FanController.FAN_CONFIG_TACH_INPUT_ENABLE);
      setWord(
          Max31790FanController.pwmTargetRegister(ch), Max31790FanController.dutyRegister(percent));
      setWord(
          Max31790FanController.pwmDutyRegister(ch), Max31790FanController.dutyRegister(percent));
    }
    updateTachs();
  }

  /** The PWM duty the driver set for {@code channel}, 0-100 %. */
  public synchronized double dutyPercent(int channel) {
    return Max31790FanController.dutyPercent(
        wordAt(Max31790FanController.pwmTargetRegister(channel)));
  }

  /** Physics input: how fast the fan on {@code channel} turns (ignored while frozen). */
  public synchronized void setRpm(int channel, double value) {
    if (!frozen()) {
      rpm[channel] = Math.max(0.0, value);
      updateTachs();
    }
  }

  private void updateTachs() {
    int faults = 0;
    for (int ch = 0; ch < Max31790FanController.CHANNELS; ch++) {
      boolean monitored =
          (byteAt(Max31790FanController.fanConfigRegister(ch))
                  & Max31790FanController.FAN_CONFIG_TACH_INPUT_ENABLE)
              != 0;
      int sr = SPEED_RANGE[(byteAt(Max31790FanController.fanDynamicsRegister(ch)) >> 5) & 0x07];
      long count =
          rpm[ch] <= 0 ? 0x7FF : Math.round(sr * 8192.0 * 60.0 / (pulsesPerRevolution * rpm[ch]));
      boolean stalled = !monitored || count >= 0x7FF;
      setWord(
          Max31790FanController.tachCountRegister(ch),
          stalled ? Max31790FanController.STALLED_TACH : (int) Math.max(1, count) << 5);
      if (monitored && stalled) {
        faults |= 1 << ch;
      }
    }
    setByte(Max31790FanController.FAULT_STATUS_1, faults);
  }
}

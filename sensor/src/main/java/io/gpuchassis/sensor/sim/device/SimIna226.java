package io.gpuchassis.sensor.sim.device;

import io.gpuchassis.sensor.device.Ina226PowerMonitor;
import java.nio.ByteOrder;

/**
 * INA226 register map, computing current and power the way the chip does: {@code current = shunt ×
 * CAL / 2048} and {@code power = current × bus / 20000} (register units), so both read 0 until the
 * calibration register is written and again after {@link #brownOut()}. Each rail update is one
 * conversion: with {@link MeasurementNoise} (in LSBs), the shunt and bus voltages dither by an LSB
 * or two around the physics' values, as the ADC of a real part does.
 *
 * <p>Thread-safety: as every {@link SimDevice}, synchronised on the device.
 */
public final class SimIna226 extends PointerDevice {

  private static final int DEFAULT_CONFIGURATION = 0x4127;

  private final RegisterMap registers = new RegisterMap(ByteOrder.BIG_ENDIAN);
  private final MeasurementNoise noiseLsb;

  /** A noiseless part. */
  public SimIna226(String name) {
    this(name, MeasurementNoise.NONE);
  }

  /**
   * @param noiseLsb the ADC's noise, in LSBs of the shunt and of the bus voltage
   */
  public SimIna226(String name, MeasurementNoise noiseLsb) {
    super(name);
    this.noiseLsb = noiseLsb;
    registers
        .define(Ina226PowerMonitor.CONFIGURATION, 2, true, DEFAULT_CONFIGURATION)
        .define(Ina226PowerMonitor.SHUNT_VOLTAGE, 2, false, 0)
        .define(Ina226PowerMonitor.BUS_VOLTAGE, 2, false, 0)
        .define(Ina226PowerMonitor.POWER, 2, false, 0)
        .define(Ina226PowerMonitor.CURRENT, 2, false, 0)
        .define(Ina226PowerMonitor.CALIBRATION, 2, true, 0)
        .define(0x06, 2, true, 0)
        .define(0x07, 2, true, 0)
        .define(Ina226PowerMonitor.MANUFACTURER_ID, 2, false, 0x5449)
        .define(Ina226PowerMonitor.DIE_ID, 2, false, 0x2260);
  }

  @Override
  protected RegisterMap mapFor(int register) {
    return registers;
  }

  @Override
  protected void registerWritten(int register) {
    if (register == Ina226PowerMonitor.CALIBRATION) {
      registers.set(register, registers.get(register) & 0x7FFF); // bit 15 is read-only zero
      convert();
    }
  }

  /** Physics input: the rail voltage and the current through a shunt of {@code shuntOhms}. */
  public synchronized void setRail(double busVolts, double amps, double shuntOhms) {
    if (frozen()) {
      return;
    }
    long shunt =
        Math.round(amps * shuntOhms / Ina226PowerMonitor.SHUNT_VOLTS_PER_LSB + noiseLsb.next());
    long bus = Math.round(busVolts / Ina226PowerMonitor.BUS_VOLTS_PER_LSB + noiseLsb.next());
    registers.set(
        Ina226PowerMonitor.SHUNT_VOLTAGE,
        (int) clamp(shunt, Short.MIN_VALUE, Short.MAX_VALUE) & 0xFFFF);
    registers.set(Ina226PowerMonitor.BUS_VOLTAGE, (int) clamp(bus, 0, 0x7FFF));
    convert();
  }

  /** Power glitch: configuration and calibration return to their reset values. */
  public synchronized void brownOut() {
    registers.set(Ina226PowerMonitor.CONFIGURATION, DEFAULT_CONFIGURATION);
    registers.set(Ina226PowerMonitor.CALIBRATION, 0);
    convert();
  }

  public synchronized int calibration() {
    return registers.get(Ina226PowerMonitor.CALIBRATION);
  }

  private void convert() {
    int shunt = (short) registers.get(Ina226PowerMonitor.SHUNT_VOLTAGE);
    int bus = registers.get(Ina226PowerMonitor.BUS_VOLTAGE);
    long current = (long) shunt * registers.get(Ina226PowerMonitor.CALIBRATION) / 2048;
    current = clamp(current, Short.MIN_VALUE, Short.MAX_VALUE);
    long power = Math.abs(current) * bus / 20000;
    registers.set(Ina226PowerMonitor.CURRENT, (int) current & 0xFFFF);
    registers.set(Ina226PowerMonitor.POWER, (int) clamp(power, 0, 0xFFFF));
  }

  private static long clamp(long v, long lo, long hi) {
    return Math.max(lo, Math.min(hi, v));
  }
}

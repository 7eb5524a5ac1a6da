package io.gpuchassis.sensor.sim.device;

import io.gpuchassis.sensor.device.Lm75TemperatureSensor;
import java.nio.ByteOrder;

/**
 * LM75 / TMP75 register map: temperature (read-only), configuration, T_HYST and T_OS (power-on
 * defaults 75 °C and 80 °C), big-endian, left-justified two's complement with the part's
 * resolution.
 *
 * <p>Conversions: the part converts continuously (27.5 ms at 9 bits to 220 ms at 12 bits on a
 * TMP75), so every read of the temperature register at a poll interval sees a fresh conversion: the
 * die temperature plus the part's {@link MeasurementNoise}, rounded to the resolution. At 12 bits
 * (0.0625 °C) that noise dithers the value by an LSB or two; at 9 bits (0.5 °C) it rarely shows. A
 * frozen part converts no more: its register keeps its last value.
 *
 * <p>Thread-safety: as every {@link SimDevice}, synchronised on the device.
 */
public final class SimLm75 extends PointerDevice {

  private final RegisterMap registers = new RegisterMap(ByteOrder.BIG_ENDIAN);
  private final int resolutionBits;
  private final MeasurementNoise noise;
  private double dieCelsius =
      25.0; // NaN once a test set the raw register: no conversion overwrites it

  /** A noiseless part: each read returns exactly the temperature last set. */
  public SimLm75(String name, int resolutionBits) {
    this(name, resolutionBits, MeasurementNoise.NONE);
  }

  /**
   * @param resolutionBits 9 for an LM75, up to 12 for a TMP75
   */
  public SimLm75(String name, int resolutionBits, MeasurementNoise noise) {
    super(name);
    this.resolutionBits = resolutionBits;
    this.noise = noise;
    registers
        .define(
            Lm75TemperatureSensor.TEMPERATURE,
            2,
            false,
            Lm75TemperatureSensor.encode(dieCelsius, resolutionBits))
        .define(Lm75TemperatureSensor.CONFIGURATION, 1, true, 0)
        .define(Lm75TemperatureSensor.T_HYST, 2, true, Lm75TemperatureSensor.encode(75.0, 9))
        .define(Lm75TemperatureSensor.T_OS, 2, true, Lm75TemperatureSensor.encode(80.0, 9));
  }

  @Override
  protected RegisterMap mapFor(int register) {
    return registers;
  }

  @Override
  protected void beforeRead(int register) {
    if (register == Lm75TemperatureSensor.TEMPERATURE
        && !noise.isNone()
        && !frozen()
        && !Double.isNaN(dieCelsius)) {
      convert();
    }
  }

  /** Physics input: the die temperature (ignored while frozen). */
  public synchronized void setTemperature(double celsius) {
    if (!frozen()) {
      dieCelsius = celsius;
      registers.set(
          Lm75TemperatureSensor.TEMPERATURE, Lm75TemperatureSensor.encode(celsius, resolutionBits));
    }
  }

  /** The temperature the register currently holds. */
  public synchronized double temperature() {
    return Lm75TemperatureSensor.decode(
        registers.get(Lm75TemperatureSensor.TEMPERATURE), resolutionBits);
  }

  /**
   * The raw temperature register, for golden-value tests: reads return exactly it until the next
   * physics input.
   */
  public synchronized void setRawTemperature(int raw) {
    dieCelsius = Double.NaN;
    registers.set(Lm75TemperatureSensor.TEMPERATURE, raw);
  }

  private void convert() {
    registers.set(
        Lm75TemperatureSensor.TEMPERATURE,
        Lm75TemperatureSensor.encode(dieCelsius + noise.next(), resolutionBits));
  }
}

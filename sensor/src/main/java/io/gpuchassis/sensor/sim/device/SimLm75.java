package io.gpuchassis.sensor.sim.device;

import io.gpuchassis.sensor.device.Lm75TemperatureSensor;
import java.nio.ByteOrder;

/**
 * LM75 / TMP75 register map: temperature (read-only), configuration, T_HYST and T_OS (power-on defaults 75 °C and
 * 80 °C), big-endian, left-justified two's complement with the part's resolution.
 *
 * <p>Thread-safety: as every {@link SimDevice}, synchronised on the device.
 */
public final class SimLm75 extends PointerDevice {

  private final RegisterMap registers = new RegisterMap(ByteOrder.BIG_ENDIAN);
  private final int resolutionBits;

  /** @param resolutionBits 9 for an LM75, up to 12 for a TMP75 */
  public SimLm75(String name, int resolutionBits) {
    super(name);
    this.resolutionBits = resolutionBits;
    registers
        .define(Lm75TemperatureSensor.TEMPERATURE, 2, false, Lm75TemperatureSensor.encode(25.0, resolutionBits))
        .define(Lm75TemperatureSensor.CONFIGURATION, 1, true, 0)
        .define(Lm75TemperatureSensor.T_HYST, 2, true, Lm75TemperatureSensor.encode(75.0, 9))
        .define(Lm75TemperatureSensor.T_OS, 2, true, Lm75TemperatureSensor.encode(80.0, 9));
  }

  @Override
  protected RegisterMap mapFor(int register) {
    return registers;
  }

  /** Physics input: the die temperature (ignored while frozen). */
  public synchronized void setTemperature(double celsius) {
    if (!frozen()) {
      registers.set(Lm75TemperatureSensor.TEMPERATURE, Lm75TemperatureSensor.encode(celsius, resolutionBits));
    }
  }

  /** The temperature the register currently holds. */
  public synchronized double temperature() {
    return Lm75TemperatureSensor.decode(registers.get(Lm75TemperatureSensor.TEMPERATURE), resolutionBits);
  }

  /** The raw temperature register, for golden-value tests. */
  public synchronized void setRawTemperature(int raw) {
    registers.set(Lm75TemperatureSensor.TEMPERATURE, raw);
  }
}

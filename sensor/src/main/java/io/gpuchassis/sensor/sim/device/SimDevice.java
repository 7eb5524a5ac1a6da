package io.gpuchassis.sensor.sim.device;

import io.gpuchassis.sensor.sim.bus.I2cNakException;
import io.gpuchassis.sensor.sim.bus.SimI2cTarget;

/**
 * Base of the simulated devices: fault injection that applies to every part (NAK every transfer,
 * fail the next n transfers, freeze the measured values) around the part-specific {@link
 * #onWrite}/{@link #onRead}. Each transfer phase counts: a combined write-then-read is acknowledged
 * (and counted) twice.
 *
 * <p>Thread-safety: transfers, physics updates and fault changes all synchronise on the device.
 */
public abstract class SimDevice implements SimI2cTarget {

  private final String name;
  private boolean nak;
  private int failNext;
  private boolean frozen;
  private long transfers;

  protected SimDevice(String name) {
    this.name = name;
  }

  public String name() {
    return name;
  }

  @Override
  public final synchronized void write(byte[] data) {
    acknowledgeOrThrow();
    onWrite(data);
  }

  @Override
  public final synchronized byte[] read(int length) {
    acknowledgeOrThrow();
    return onRead(length);
  }

  /**
   * Both halves acknowledged in turn: address+W before the write, address+R after the repeated
   * start.
   */
  @Override
  public final synchronized byte[] writeRead(byte[] data, int length) {
    acknowledgeOrThrow();
    onWriteBeforeRead(data);
    acknowledgeOrThrow();
    return onRead(length);
  }

  protected abstract void onWrite(byte[] data);

  /**
   * The write half of a combined transfer, which a repeated start follows (no STOP). By default the
   * same as a write transaction; a part for which a lone write means something else (a PMBus send
   * byte) overrides it.
   */
  protected void onWriteBeforeRead(byte[] data) {
    onWrite(data);
  }

  protected abstract byte[] onRead(int length);

  /**
   * False when the part cannot answer for a physical reason (e.g. unpowered); the transfer is not
   * acknowledged.
   */
  protected boolean acknowledges() {
    return true;
  }

  /** While set, every transfer to this device is not acknowledged. */
  public synchronized void setNak(boolean nak) {
    this.nak = nak;
  }

  /** The next {@code count} transfers are not acknowledged; later ones are. */
  public synchronized void failNextTransfers(int count) {
    this.failNext = Math.max(0, count);
  }

  /**
   * While frozen, the part keeps reporting the values it had: physics updates and conversions are
   * ignored.
   */
  public synchronized void setFrozen(boolean frozen) {
    this.frozen = frozen;
  }

  protected synchronized boolean frozen() {
    return frozen;
  }

  /** Transfers this device acknowledged. */
  public synchronized long transfers() {
    return transfers;
  }

  private void acknowledgeOrThrow() {
    if (nak || !acknowledges()) {
      throw new I2cNakException(name + " did not acknowledge");
    }
    if (failNext > 0) {
      failNext--;
      throw new I2cNakException(name + " did not acknowledge (injected transient failure)");
    }
    transfers++;
  }

  @Override
  public String toString() {
    return name;
  }
}

package io.gpuchassis.agent.fabric;

import io.gpuchassis.sensor.gpio.GpioLine;
import io.gpuchassis.sensor.i2c.DeviceException;
import io.gpuchassis.sensor.i2c.DeviceIoException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A slot connector line owned by a switch chip's firmware (presence, power enable, PERST#), read
 * and set with the switch's VGPIO command. The switch has one owner, its {@link SwitchWorker}: the
 * line's I/O is a command submitted to it, so it runs between polls like every other command.
 * Called from a sensor poller's thread, never an event loop.
 */
public final class SwitchGpioLine implements GpioLine {

  private final SwitchWorker worker;
  private final int pin;
  private final Duration timeout;

  /**
   * @param timeout how long to wait for the worker (it may be running a slow command such as a
   *     firmware block)
   */
  public SwitchGpioLine(SwitchWorker worker, int pin, Duration timeout) {
    this.worker = worker;
    this.pin = pin;
    this.timeout = timeout;
  }

  @Override
  public boolean isHigh() throws DeviceException {
    return await(worker.submit(driver -> driver.readGpio(pin)));
  }

  @Override
  public void setHigh(boolean high) throws DeviceException {
    await(
        worker.submit(
            driver -> {
              driver.writeGpio(pin, high);
              return null;
            }));
  }

  private <T> T await(CompletableFuture<T> command) throws DeviceException {
    try {
      return command.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      throw new DeviceIoException(this + ": " + cause.getMessage(), cause);
    } catch (TimeoutException e) {
      throw new DeviceIoException(
          this + ": the switch's worker did not run the command within " + timeout);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DeviceIoException(this + ": interrupted");
    }
  }

  @Override
  public String toString() {
    return "GPIO " + pin + " of switch " + worker.switchId();
  }
}

package io.gpuchassis.sensor.i2c;

/**
 * A piece of device I/O that may fail with a {@link DeviceException}, e.g. a mux select followed by
 * a read, run under one bus lock.
 *
 * @param <T> what the action returns
 */
@FunctionalInterface
public interface DeviceAction<T> {

  T run() throws DeviceException;
}

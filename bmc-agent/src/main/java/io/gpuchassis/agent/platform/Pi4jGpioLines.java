package io.gpuchassis.agent.platform;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import com.pi4j.io.gpio.digital.DigitalInput;
import com.pi4j.io.gpio.digital.DigitalOutput;
import com.pi4j.io.gpio.digital.DigitalState;
import com.pi4j.library.gpiod.internal.GpioDContext;
import com.pi4j.plugin.gpiod.provider.gpio.digital.GpioDDigitalInputProvider;
import com.pi4j.plugin.gpiod.provider.gpio.digital.GpioDDigitalOutputProvider;
import io.gpuchassis.agent.board.GpioLineRef;
import io.gpuchassis.sensor.gpio.GpioLine;
import io.gpuchassis.sensor.gpio.SlotSignal;
import io.gpuchassis.sensor.i2c.DeviceException;
import io.gpuchassis.sensor.i2c.DeviceIoException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Processor GPIO lines through Pi4J's gpiod provider (the Linux GPIO character device, not the
 * deprecated sysfs interface). Pi4J 2.8.0's provider drives the lines of one chip only: on a
 * Raspberry Pi-class board, the first gpiochip whose label contains "pinctrl"; elsewhere none. A
 * board line on any other chip is refused here with that reason rather than driven on the wrong
 * chip.
 */
final class Pi4jGpioLines implements AutoCloseable {

  private final Context context;

  Pi4jGpioLines() {
    // Built explicitly with the gpiod providers only: the class path never chooses hardware.
    this.context =
        Pi4J.newContextBuilder()
            .noAutoDetectPlatforms()
            .noAutoDetectProviders()
            .noAutoInject()
            .add(GpioDDigitalInputProvider.newInstance(), GpioDDigitalOutputProvider.newInstance())
            .build();
  }

  /**
   * Opens a slot's line: presence is an input, only ever read; an output is requested at the level
   * a running slot already has, powered and out of reset with its LED off (the character device
   * cannot take a line over without driving it).
   */
  GpioLine open(GpioLineRef ref, SlotSignal signal) throws DeviceException {
    Path device = Path.of("/dev", ref.chip());
    if (!Files.exists(device)) {
      throw new DeviceException(ref.describe() + ": " + device + " does not exist");
    }
    Optional<String> driven = chipInUse();
    if (driven.isEmpty() || !driven.get().equals(ref.chip())) {
      throw new DeviceException(
          ref.describe()
              + ": Pi4J's gpiod provider drives "
              + driven
                  .map(c -> "only " + c)
                  .orElse("no chip on this board (it needs a Raspberry Pi-class SoC)")
              + "; the line cannot be reached");
    }
    try {
      String id = ref.chip() + "-" + ref.line();
      if (signal.output()) {
        boolean initialHigh = signal.level(signal == SlotSignal.POWER_ENABLE);
        DigitalOutput line =
            context.create(
                DigitalOutput.newConfigBuilder(context)
                    .id(id)
                    .address(ref.line())
                    .initial(initialHigh ? DigitalState.HIGH : DigitalState.LOW)
                    .provider(GpioDDigitalOutputProvider.class));
        return new OutputLine(ref, line);
      }
      DigitalInput line =
          context.create(
              DigitalInput.newConfigBuilder(context)
                  .id(id)
                  .address(ref.line())
                  .provider(GpioDDigitalInputProvider.class));
      return new InputLine(ref, line);
    } catch (RuntimeException e) {
      throw new DeviceIoException(ref.describe() + ": " + e.getMessage(), e);
    }
  }

  /**
   * The gpiochip Pi4J's gpiod context opened, read from its private state because Pi4J offers no
   * accessor: knowing it is what keeps a line number from being applied to another chip. Empty when
   * there is none or it cannot be read.
   */
  private static Optional<String> chipInUse() {
    try {
      var field = GpioDContext.class.getDeclaredField("gpioChip");
      field.setAccessible(true);
      Object chip = field.get(GpioDContext.getInstance());
      return chip == null
          ? Optional.empty()
          : Optional.of((String) chip.getClass().getMethod("getName").invoke(chip));
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      return Optional.empty();
    }
  }

  @Override
  public void close() {
    context.shutdown();
  }

  private record InputLine(GpioLineRef ref, DigitalInput line) implements GpioLine {
    @Override
    public boolean isHigh() throws DeviceException {
      try {
        return line.isHigh();
      } catch (RuntimeException e) {
        throw new DeviceIoException(ref.describe() + ": " + e.getMessage(), e);
      }
    }

    @Override
    public void setHigh(boolean high) {
      throw new IllegalStateException(ref.describe() + " is an input");
    }
  }

  private record OutputLine(GpioLineRef ref, DigitalOutput line) implements GpioLine {
    @Override
    public boolean isHigh() throws DeviceException {
      try {
        return line.isHigh();
      } catch (RuntimeException e) {
        throw new DeviceIoException(ref.describe() + ": " + e.getMessage(), e);
      }
    }

    @Override
    public void setHigh(boolean high) throws DeviceException {
      try {
        line.state(high ? DigitalState.HIGH : DigitalState.LOW);
      } catch (RuntimeException e) {
        throw new DeviceIoException(ref.describe() + ": " + e.getMessage(), e);
      }
    }
  }
}

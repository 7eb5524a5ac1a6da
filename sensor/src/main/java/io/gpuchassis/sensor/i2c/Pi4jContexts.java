package io.gpuchassis.sensor.i2c;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import com.pi4j.io.i2c.I2CProvider;
import com.pi4j.plugin.linuxfs.provider.i2c.LinuxFsI2CProvider;
import java.util.Objects;

/**
 * The only place a Pi4J {@link Context} is built. Contexts are always assembled from explicitly
 * named providers: Pi4J's auto-detection would load whatever plugin is on the classpath (and, off a
 * Raspberry Pi, prefer a mock plugin over real hardware — reference §1.5), so it is never used.
 *
 * <p>Building a context does not touch hardware; the linuxfs provider opens {@code /dev/i2c-N} when
 * the first device on that bus is created. Shut contexts down with {@link Context#shutdown()}.
 *
 * <p>Thread-safe (stateless).
 */
public final class Pi4jContexts {

  private Pi4jContexts() {}

  /** Real hardware: I2C through {@code /dev/i2c-N} (Pi4J linuxfs, works on any ARM Linux board). */
  public static Context linuxFs() {
    return withI2c(LinuxFsI2CProvider.newInstance());
  }

  /** A context whose only I2C provider is {@code provider}, e.g. the simulated one. */
  public static Context withI2c(I2CProvider provider) {
    Objects.requireNonNull(provider, "provider");
    return Pi4J.newContextBuilder()
        .noAutoDetectPlatforms()
        .noAutoDetectProviders()
        .noAutoInject()
        .add(provider)
        .build();
  }
}

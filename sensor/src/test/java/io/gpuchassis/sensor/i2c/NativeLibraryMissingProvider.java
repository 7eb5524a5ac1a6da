package io.gpuchassis.sensor.i2c;

import com.pi4j.io.i2c.I2C;
import com.pi4j.io.i2c.I2CConfig;
import com.pi4j.io.i2c.I2CProviderBase;

/**
 * What Pi4J linuxfs does on a machine it has no native library for (x86_64): creating any I2C fails
 * with an {@link UnsatisfiedLinkError} from the library loader, before any bus is looked at.
 */
final class NativeLibraryMissingProvider extends I2CProviderBase {

  NativeLibraryMissingProvider() {
    super("test-native-missing-i2c", "I2C whose native library cannot load");
  }

  @Override
  public I2C create(I2CConfig config) {
    throw new UnsatisfiedLinkError("no libpi4j-linuxfs.so for linux-x86_64 in the jar");
  }
}

package io.gpuchassis.switchdrv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import com.pi4j.io.i2c.I2C;
import io.gpuchassis.switchdrv.sim.SimTiming;
import io.gpuchassis.switchdrv.sim.SimulatedI2cProvider;
import io.gpuchassis.switchdrv.sim.SimulatedSwitch;
import io.gpuchassis.switchdrv.sim.SimulatedSwitchConfig;
import io.gpuchassis.switchdrv.transport.i2c.I2cSwitchTransport;
import io.gpuchassis.switchdrv.transport.i2c.TwiFrames;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * TWI reads must be one combined I2C transaction (write, repeated START, read). The simulated
 * slave, like the chip, NAKs a read that comes as a separate transaction, so a transport that
 * splits the transfer (what Pi4J's default {@code writeRead} does on linuxfs) cannot pass in
 * simulation and fail on a board.
 */
class I2cCombinedReadIT {

  private static final I2cSwitchTransport.Options FEW_RETRIES =
      new I2cSwitchTransport.Options(3, 3, Duration.ofMillis(1));

  private final SimulatedSwitch sim =
      new SimulatedSwitch(SimulatedSwitchConfig.referenceChip(0x6a1c0001L, 1, SimTiming.fast()));
  private final SimulatedI2cProvider provider = new SimulatedI2cProvider();
  private final Context pi4j;

  I2cCombinedReadIT() {
    provider.attach(2, 0x59, sim);
    pi4j = Pi4J.newContextBuilder().noAutoDetect().add(provider).build();
  }

  @AfterEach
  void shutdown() {
    pi4j.shutdown();
  }

  private I2C device(String id) {
    return pi4j.create(
        I2C.newConfigBuilder(pi4j)
            .id(id)
            .bus(2)
            .device(0x59)
            .provider(SimulatedI2cProvider.ID)
            .build());
  }

  @Test
  void a_driver_whose_reads_are_split_into_two_transactions_is_nakked() {
    try (SwitchtecDriver combined =
            SwitchtecDriver.open(
                new I2cSwitchTransport(device("combined"), FEW_RETRIES), SimRig.FAST);
        SwitchtecDriver split =
            SwitchtecDriver.open(
                new I2cSwitchTransport(splittingReads(device("split")), FEW_RETRIES),
                SimRig.FAST)) {
      assertEquals(0x6260, combined.identity().deviceId());

      SwitchException e = assertThrows(SwitchException.class, split::identity);
      assertEquals(SwitchException.Kind.NAK, e.kind(), e.getMessage());

      assertEquals(
          0x6260, combined.identity().deviceId(), "the chip is fine; only the split reads failed");
    }
  }

  @Test
  void pi4j_write_read_is_a_write_and_a_separate_read_and_is_nakked() {
    I2C i2c = device("pi4j-default");
    byte[] answer = new byte[2];
    assertThrows(RuntimeException.class, () -> i2c.writeRead(TwiFrames.getCapRequest(), answer));
    assertEquals(2, i2c.readRegister(TwiFrames.getCapRequest(), answer, 0, 2));
    assertEquals(TwiFrames.CAP_ENHANCED_MODE, TwiFrames.decodeCap(0x59, answer));
  }

  /**
   * {@code device} with its combined read replaced by a {@code write()} then a separate {@code
   * read()}: precisely what Pi4J's default {@code writeRead} does on linuxfs.
   */
  static I2C splittingReads(I2C device) {
    return (I2C)
        Proxy.newProxyInstance(
            I2C.class.getClassLoader(),
            new Class<?>[] {I2C.class},
            (proxy, method, args) -> {
              if (isCombinedRead(method)) {
                byte[] command = (byte[]) args[0];
                device.write(command, 0, command.length);
                return device.read((byte[]) args[1], (int) args[2], (int) args[3]);
              }
              try {
                return method.invoke(device, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }

  private static boolean isCombinedRead(Method m) {
    return m.getName().equals("readRegister")
        && Arrays.equals(
            m.getParameterTypes(),
            new Class<?>[] {byte[].class, byte[].class, int.class, int.class});
  }
}

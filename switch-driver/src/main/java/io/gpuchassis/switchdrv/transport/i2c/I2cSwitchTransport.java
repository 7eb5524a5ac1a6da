package io.gpuchassis.switchdrv.transport.i2c;

import com.pi4j.io.i2c.I2C;
import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.transport.SwitchTransport;
import io.gpuchassis.switchdrv.transport.WriteMode;
import java.time.Duration;

/**
 * GAS access over I2C with Switchtec TWI framing (reference §1.3), through a Pi4J {@link I2C}
 * device opened by the caller from an explicitly built Pi4J context (real hardware: the linuxfs
 * provider on {@code /dev/i2c-N}; simulation: {@code SimulatedI2cProvider}).
 *
 * <p>Reads (GET_CAP, GET_WRITE_STATUS, GAS_READ) are combined transactions: command bytes, repeated
 * START, read, one PEC over both, as the chip requires; see {@code combinedRead}. Writes are a
 * GAS_WRITE transaction with a fresh tag (1..255, skipping 0) confirmed by polling GET_WRITE_STATUS
 * until the tag matches, the PEC is good and the status is 0x00 or 0x20. NAKs, PEC errors and stale
 * statuses are retried (the library's limits by default: 100 attempts, 50 status polls, 1-2 ms
 * apart), except that a {@link WriteMode#NO_RETRY} write is sent once.
 *
 * <p>On a board no kernel driver may be bound to the switch's address (linuxfs selects it with
 * {@code I2C_SLAVE}, which a bound driver makes fail with EBUSY); see the module README.
 *
 * <p>Blocking; not thread-safe (one caller; Pi4J's bus lock serialises other devices). Failures:
 * NAK when the slave keeps refusing, PROTOCOL when answers stay garbled, REFUSED-free: the slave
 * must support TWI enhanced mode, else the first call throws PROTOCOL.
 */
public final class I2cSwitchTransport implements SwitchTransport {

  /** Retry limits. */
  public record Options(int maxAttempts, int maxStatusPolls, Duration retryDelay) {

    public static Options defaults() {
      return new Options(100, 50, Duration.ofMillis(1));
    }
  }

  private final I2C i2c;
  private final int address;
  private final Options options;
  private int tag;
  private boolean capabilityChecked;

  public I2cSwitchTransport(I2C i2c, Options options) {
    this.i2c = i2c;
    this.address = i2c.device();
    this.options = options;
  }

  public I2cSwitchTransport(I2C i2c) {
    this(i2c, Options.defaults());
  }

  private void checkCapability() {
    if (capabilityChecked) {
      return;
    }
    byte[] req = TwiFrames.getCapRequest();
    int cap = attempt(() -> TwiFrames.decodeCap(address, combinedRead(req, 2)), "GET_CAP");
    if ((cap & TwiFrames.CAP_ENHANCED_MODE) == 0) {
      throw new SwitchException(
          SwitchException.Kind.PROTOCOL, "TWI enhanced mode not supported by the slave");
    }
    capabilityChecked = true;
  }

  @Override
  public byte[] read(int offset, int length) {
    checkCapability();
    byte[] out = new byte[length];
    for (int done = 0; done < length; done += TwiFrames.MAX_CHUNK) {
      int n = Math.min(TwiFrames.MAX_CHUNK, length - done);
      byte[] req = TwiFrames.gasReadRequest(offset + done, n);
      byte[] data =
          attempt(
              () -> {
                TwiFrames.ReadAnswer a =
                    TwiFrames.decodeGasRead(
                        address, req, combinedRead(req, TwiFrames.gasReadResponseLength(n)), n);
                if (a.status() != TwiFrames.STATUS_OK
                    && a.status() != TwiFrames.STATUS_MRPC_ERROR) {
                  throw new SwitchException(
                      SwitchException.Kind.PROTOCOL, "TWI read status " + a.status());
                }
                return a.data();
              },
              "GAS_READ");
      System.arraycopy(data, 0, out, done, n);
    }
    return out;
  }

  @Override
  public void write(int offset, byte[] data, WriteMode mode) {
    checkCapability();
    for (int done = 0; done < data.length; done += TwiFrames.MAX_CHUNK) {
      int n = Math.min(TwiFrames.MAX_CHUNK, data.length - done);
      byte[] chunk = java.util.Arrays.copyOfRange(data, done, done + n);
      int off = offset + done;
      if (mode == WriteMode.NO_RETRY) {
        writeOnce(off, chunk);
      } else {
        attempt(
            () -> {
              writeOnce(off, chunk);
              return null;
            },
            "GAS_WRITE");
      }
    }
  }

  // One GAS_WRITE with a new tag, then status polls until the slave confirms that tag.
  private void writeOnce(int offset, byte[] chunk) {
    tag = tag % 255 + 1;
    int sent = tag;
    byte[] frame = TwiFrames.gasWrite(address, sent, offset, chunk);
    int written;
    try {
      written = i2c.write(frame, 0, frame.length);
    } catch (RuntimeException e) {
      throw nak("GAS_WRITE", e);
    }
    if (written != frame.length) {
      throw nak("GAS_WRITE", null);
    }
    SwitchException last = null;
    for (int poll = 0; poll < options.maxStatusPolls(); poll++) {
      try {
        TwiFrames.WriteStatus s =
            TwiFrames.decodeWriteStatus(
                address, combinedRead(TwiFrames.getWriteStatusRequest(), 3));
        if (s.tag() == sent
            && (s.status() == TwiFrames.STATUS_OK || s.status() == TwiFrames.STATUS_MRPC_ERROR)) {
          return;
        }
        last =
            new SwitchException(
                SwitchException.Kind.PROTOCOL,
                "TWI write not confirmed (tag "
                    + s.tag()
                    + "/"
                    + sent
                    + ", status "
                    + s.status()
                    + ")");
      } catch (SwitchException e) {
        last = e;
      }
      sleep();
    }
    throw last;
  }

  /**
   * One combined I2C transaction: write {@code command}, repeated START, read {@code length} bytes.
   * The chip answers a read only inside the transaction whose write half selected it, so the two
   * halves must not be separated by a STOP. Pi4J's {@code I2C.writeRead} must not be used: its
   * default (not overridden by the linuxfs provider) is a {@code write()} and a separate {@code
   * read()}, two transactions that the chip NAKs. Linuxfs implements {@code readRegister(byte[],
   * byte[], int, int)} as one {@code I2C_RDWR} with a write and a read message, as switchtec-user
   * does; it ignores the offset, hence offset 0 and a buffer of exactly {@code length} bytes.
   */
  private byte[] combinedRead(byte[] command, int length) {
    byte[] in = new byte[length];
    int n;
    try {
      n = i2c.readRegister(command, in, 0, length);
    } catch (RuntimeException e) {
      throw nak("combined read", e);
    }
    if (n != length) {
      throw nak("combined read (short read " + n + ")", null);
    }
    return in;
  }

  private SwitchException nak(String what, Throwable cause) {
    return new SwitchException(
        SwitchException.Kind.NAK,
        String.format("I2C %s to 0x%02x not acknowledged", what, address),
        cause);
  }

  private interface Step<T> {
    T run();
  }

  private <T> T attempt(Step<T> step, String what) {
    SwitchException last = null;
    for (int i = 0; i < options.maxAttempts(); i++) {
      try {
        return step.run();
      } catch (SwitchException e) {
        last = e;
      }
      sleep();
    }
    throw last;
  }

  private void sleep() {
    try {
      Thread.sleep(options.retryDelay().toMillis(), options.retryDelay().toNanosPart() % 1_000_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SwitchException(SwitchException.Kind.IO, "interrupted");
    }
  }

  @Override
  public String description() {
    return String.format("i2c bus %d addr 0x%02x", i2c.bus(), address);
  }

  @Override
  public void close() {
    i2c.close();
  }
}

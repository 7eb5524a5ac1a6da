package io.gpuchassis.switchdrv.transport.uart;

import com.fazecast.jSerialComm.SerialPort;
import com.fazecast.jSerialComm.SerialPortInvalidPortException;
import io.gpuchassis.switchdrv.SwitchException;

/**
 * A {@link SerialLink} on a serial device or Linux pty opened by path with jSerialComm, set to 8N1,
 * no flow control, at the Switchtec console's 230400 baud unless told otherwise (a board strapped
 * for another rate). Reads are semi-blocking with a short native timeout, looped in Java up to the
 * caller's timeout.
 */
public final class JSerialCommLink implements SerialLink {

  /** The console's default rate (switchtec-user opens the UART at 230400). */
  public static final int BAUD = 230400;

  private static final int NATIVE_TIMEOUT_MS = 50;

  private final SerialPort port;

  private JSerialCommLink(SerialPort port) {
    this.port = port;
  }

  /**
   * Opens {@code path} (e.g. /dev/ttyS1 or a /dev/pts/N) at 230400 baud. Throws SwitchException IO
   * when it cannot.
   */
  public static JSerialCommLink open(String path) {
    return open(path, BAUD);
  }

  /**
   * Opens {@code path} at {@code baud} (8N1, no flow control).
   *
   * @throws IllegalArgumentException when {@code baud} is not positive
   * @throws SwitchException IO when the port cannot be opened
   */
  public static JSerialCommLink open(String path, int baud) {
    if (baud <= 0) {
      throw new IllegalArgumentException("baud rate must be positive: " + baud);
    }
    if (!java.nio.file.Files.exists(java.nio.file.Path.of(path))) {
      // jSerialComm would throw its own unchecked exception; a missing device is an I/O failure to
      // report
      throw new SwitchException(
          SwitchException.Kind.IO, "cannot open serial port " + path + ": no such device");
    }
    SerialPort p;
    try {
      p = SerialPort.getCommPort(path);
    } catch (SerialPortInvalidPortException e) {
      throw new SwitchException(
          SwitchException.Kind.IO, "cannot open serial port " + path + ": " + e.getMessage(), e);
    }
    p.setComPortParameters(baud, 8, SerialPort.ONE_STOP_BIT, SerialPort.NO_PARITY);
    p.setFlowControl(SerialPort.FLOW_CONTROL_DISABLED);
    p.setComPortTimeouts(
        SerialPort.TIMEOUT_READ_SEMI_BLOCKING | SerialPort.TIMEOUT_WRITE_BLOCKING,
        NATIVE_TIMEOUT_MS,
        1000);
    if (!p.openPort()) {
      throw new SwitchException(
          SwitchException.Kind.IO,
          "cannot open serial port " + path + " (error " + p.getLastErrorCode() + ")");
    }
    return new JSerialCommLink(p);
  }

  @Override
  public void write(byte[] data) {
    int off = 0;
    while (off < data.length) {
      int n = port.writeBytes(data, data.length - off, off);
      // 0 is not "try again": the write is blocking with a timeout, and a hung-up pty (its
      // master closed) answers 0 for ever, which looped here without end
      if (n <= 0) {
        throw new SwitchException(
            SwitchException.Kind.IO,
            "write to "
                + description()
                + (n == 0
                    ? " accepted nothing (hung up, or stalled past the write timeout)"
                    : " failed"));
      }
      off += n;
    }
  }

  @Override
  public int read(byte[] buffer, long timeoutMillis) {
    long end = System.nanoTime() + timeoutMillis * 1_000_000;
    while (true) {
      if (!port.isOpen()) {
        return -1;
      }
      int avail = port.bytesAvailable();
      if (avail < 0) {
        return -1;
      }
      if (avail > 0 || timeoutMillis > 0) {
        int n = port.readBytes(buffer, Math.min(buffer.length, Math.max(avail, 1)));
        if (n < 0) {
          return -1;
        }
        if (n > 0) {
          return n;
        }
      }
      if (System.nanoTime() >= end) {
        return 0;
      }
    }
  }

  @Override
  public String description() {
    return "serial " + port.getSystemPortPath();
  }

  @Override
  public void close() {
    port.closePort();
  }
}

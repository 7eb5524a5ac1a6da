package io.gpuchassis.switchdrv.transport.uart;

import com.fazecast.jSerialComm.SerialPort;
import io.gpuchassis.switchdrv.SwitchException;

/**
 * A {@link SerialLink} on a serial device or Linux pty opened by path with jSerialComm, set to
 * the Switchtec console's 230400 8N1, no flow control. Reads are semi-blocking with a short
 * native timeout, looped in Java up to the caller's timeout.
 */
public final class JSerialCommLink implements SerialLink {

    public static final int BAUD = 230400;
    private static final int NATIVE_TIMEOUT_MS = 50;

    private final SerialPort port;

    private JSerialCommLink(SerialPort port) {
        this.port = port;
    }

    /** Opens {@code path} (e.g. /dev/ttyS1 or a /dev/pts/N). Throws SwitchException IO when it cannot. */
    public static JSerialCommLink open(String path) {
        SerialPort p = SerialPort.getCommPort(path);
        p.setComPortParameters(BAUD, 8, SerialPort.ONE_STOP_BIT, SerialPort.NO_PARITY);
        p.setFlowControl(SerialPort.FLOW_CONTROL_DISABLED);
        p.setComPortTimeouts(SerialPort.TIMEOUT_READ_SEMI_BLOCKING | SerialPort.TIMEOUT_WRITE_BLOCKING,
                NATIVE_TIMEOUT_MS, 1000);
        if (!p.openPort()) {
            throw new SwitchException(SwitchException.Kind.IO, "cannot open serial port " + path
                    + " (error " + p.getLastErrorCode() + ")");
        }
        return new JSerialCommLink(p);
    }

    @Override
    public void write(byte[] data) {
        int off = 0;
        while (off < data.length) {
            int n = port.writeBytes(data, data.length - off, off);
            if (n < 0) {
                throw new SwitchException(SwitchException.Kind.IO, "write to " + description() + " failed");
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

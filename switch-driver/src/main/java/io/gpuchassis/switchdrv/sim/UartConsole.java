package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.transport.GasEndpoint;
import io.gpuchassis.switchdrv.transport.uart.UartFraming;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The switch's text console (reference §1.4) as a byte-in/byte-out state machine: it echoes input
 * while echo is on, runs {@code gasrd}, {@code gaswr}, {@code echo} and {@code pscdbg} lines
 * against the chip's GAS, and ends every answer with a prompt. While the chip reboots it answers
 * nothing; after a reboot echo is on again, as after a real reset. Not thread-safe (one feeder).
 */
public final class UartConsole {

  private static final Pattern GASRD =
      Pattern.compile("gasrd -c -s 0x([0-9a-fA-F]{1,8}) (\\d{1,5})");
  private static final Pattern GASWR =
      Pattern.compile("gaswr -c -s 0x([0-9a-fA-F]{1,8}) 0x([0-9a-fA-F]*) 0x([0-9a-fA-F]{1,2})");

  private final SimulatedSwitch chip;
  private final StringBuilder line = new StringBuilder();
  private boolean echo = true;
  private int promptCounter;
  private long bootSeen;

  public UartConsole(SimulatedSwitch chip) {
    this.chip = chip;
    this.bootSeen = chip.boots();
  }

  /** Feeds received bytes; returns the bytes the console sends back (possibly none). */
  public byte[] feed(byte[] in, int length) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 0; i < length; i++) {
      char ch = (char) (in[i] & 0xFF);
      if (!answering()) {
        line.setLength(0);
        continue; // a rebooting chip drops what it receives
      }
      if (ch == '\r' || ch == '\n') {
        if (echo) {
          write(out, "\r\n");
        }
        String cmd = line.toString().trim();
        line.setLength(0);
        if (ch == '\n' && cmd.isEmpty()) {
          continue; // CR LF from a terminal: one command
        }
        write(out, execute(cmd));
        write(out, UartFraming.prompt(++promptCounter));
      } else if (line.length() < 4096) {
        line.append(ch);
        if (echo) {
          out.write(ch);
        }
      }
    }
    return out.toByteArray();
  }

  private boolean answering() {
    synchronized (chip.lock()) {
      if (!chip.chip().up(System.nanoTime())) {
        return false;
      }
      long boots = chip.boots();
      if (boots != bootSeen) {
        bootSeen = boots;
        echo = true;
      }
      return true;
    }
  }

  private static void write(ByteArrayOutputStream out, String s) {
    byte[] b = s.getBytes(StandardCharsets.ISO_8859_1);
    out.write(b, 0, b.length);
  }

  private String execute(String cmd) {
    if (cmd.isEmpty() || cmd.startsWith("pscdbg")) {
      return "";
    }
    if (cmd.equals("echo 0") || cmd.equals("echo 1")) {
      echo = cmd.endsWith("1");
      return "";
    }
    GasEndpoint gas = chip.gas();
    Matcher r = GASRD.matcher(cmd);
    if (r.matches()) {
      long off = Long.parseLong(r.group(1), 16);
      int n = Integer.parseInt(r.group(2));
      if (n > UartFraming.MAX_READ) {
        return "Invalid byte count\r\n";
      }
      if (off + n > gas.size()) {
        return UartFraming.readOutOfRangeReply((int) off, n);
      }
      return UartFraming.readReply((int) off, gas.readGas((int) off, n));
    }
    Matcher w = GASWR.matcher(cmd);
    if (w.matches()
        && w.group(2).length() % 2 == 0
        && w.group(2).length() <= 2 * UartFraming.MAX_WRITE) {
      long off = Long.parseLong(w.group(1), 16);
      String hex = w.group(2);
      int n = hex.length() / 2;
      byte[] data = new byte[n];
      for (int i = 0; i < n; i++) {
        data[n - 1 - i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
      }
      int expected = Integer.parseInt(w.group(3), 16);
      int calculated = UartFraming.writeCrc((int) off, data);
      if (calculated != expected) {
        return UartFraming.writeReply(calculated, expected);
      }
      if (off + n > gas.size()) {
        return UartFraming.writeOutOfRangeReply((int) off, calculated, expected);
      }
      gas.writeGas((int) off, data);
      return UartFraming.writeReply(calculated, expected);
    }
    return "Unknown command: " + cmd + "\r\n";
  }
}

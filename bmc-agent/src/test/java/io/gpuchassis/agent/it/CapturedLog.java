package io.gpuchassis.agent.it;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * What the agent logs while this is open (agent.logging writes to the current {@code System.out}),
 * still passed on to the real stdout. Tests run one at a time in their JVM, so the swap is theirs
 * alone.
 */
final class CapturedLog implements AutoCloseable {

  private final PrintStream original = System.out;
  private final ByteArrayOutputStream captured = new ByteArrayOutputStream();

  CapturedLog() {
    OutputStream tee =
        new OutputStream() {
          @Override
          public void write(int b) {
            synchronized (captured) {
              captured.write(b);
            }
            original.write(b);
          }

          @Override
          public void write(byte[] b, int off, int len) {
            synchronized (captured) {
              captured.write(b, off, len);
            }
            original.write(b, off, len);
          }
        };
    System.setOut(new PrintStream(tee, true, StandardCharsets.UTF_8));
  }

  String text() {
    synchronized (captured) {
      return captured.toString(StandardCharsets.UTF_8);
    }
  }

  @Override
  public void close() {
    System.setOut(original);
  }
}

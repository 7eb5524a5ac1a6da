package io.gpuchassis.agent.logging;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Layout;
import ch.qos.logback.core.UnsynchronizedAppenderBase;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Writes each event to the process's stdout, or to stderr while stdout is a technician's console.
 * Looks the stream up at every event, so that what replaced {@code System.out} (a test's capture)
 * gets the lines.
 */
final class StandardStreamAppender extends UnsynchronizedAppenderBase<ILoggingEvent> {

  static final String NAME = "stdout";

  private final Layout<ILoggingEvent> layout;
  private volatile boolean toStderr;

  StandardStreamAppender(Layout<ILoggingEvent> layout) {
    this.layout = layout;
    setName(NAME);
  }

  void toStderr(boolean value) {
    toStderr = value;
  }

  boolean toStderr() {
    return toStderr;
  }

  @Override
  protected void append(ILoggingEvent event) {
    byte[] line = layout.doLayout(event).getBytes(StandardCharsets.UTF_8);
    PrintStream out = toStderr ? System.err : System.out;
    // One write per event: PrintStream holds its lock for it, so lines of several threads never
    // interleave.
    out.write(line, 0, line.length);
    out.flush();
  }
}

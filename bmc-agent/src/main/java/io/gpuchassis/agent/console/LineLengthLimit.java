package io.gpuchassis.agent.console;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Drops the bytes of a line beyond a limit, so that a terminal sending an endless line (or a stuck
 * key, or noise) cannot grow the line editor's buffer without bound. CR or LF ends a line and is
 * always passed on.
 */
final class LineLengthLimit extends FilterInputStream {

  private final int limit;
  private int lineLength;

  LineLengthLimit(InputStream in, int limit) {
    super(in);
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be positive");
    }
    this.limit = limit;
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    int n = read(one, 0, 1);
    return n < 0 ? -1 : one[0] & 0xff;
  }

  /** Reads until at least one byte is kept (or the stream ends), like any blocking stream. */
  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    while (true) {
      int n = in.read(b, off, len);
      if (n < 0) {
        return n;
      }
      int kept = off;
      for (int i = off; i < off + n; i++) {
        byte c = b[i];
        if (c == '\r' || c == '\n') {
          lineLength = 0;
          b[kept++] = c;
        } else if (lineLength < limit) {
          lineLength++;
          b[kept++] = c;
        }
      }
      if (kept > off) {
        return kept - off;
      }
    }
  }

  @Override
  public long skip(long n) throws IOException {
    // skipping would bypass the count; nothing in the console skips input
    throw new IOException("skip is not supported");
  }

  @Override
  public boolean markSupported() {
    return false;
  }
}

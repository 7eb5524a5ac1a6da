package io.gpuchassis.agent.console;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class LineLengthLimitTest {

  @Test
  void drops_the_bytes_of_a_line_beyond_the_limit_and_counts_again_after_cr_or_lf()
      throws IOException {
    String input = "abcdefgh\rxy\nabcdef";
    LineLengthLimit limited =
        new LineLengthLimit(new ByteArrayInputStream(input.getBytes(StandardCharsets.US_ASCII)), 4);
    assertEquals("abcd\rxy\nabcd", new String(limited.readAllBytes(), StandardCharsets.US_ASCII));
  }

  @Test
  void a_read_returns_only_when_a_byte_is_kept_or_the_stream_ends() throws IOException {
    byte[] input = ("a".repeat(100) + "\r").getBytes(StandardCharsets.US_ASCII);
    LineLengthLimit limited = new LineLengthLimit(new ByteArrayInputStream(input), 10);
    byte[] buffer = new byte[10];
    assertEquals(10, limited.read(buffer, 0, 10));
    assertEquals(
        1, limited.read(buffer, 0, 10), "the 90 dropped bytes are skipped, the CR comes next");
    assertEquals('\r', buffer[0]);
    assertEquals(-1, limited.read(buffer, 0, 10));
  }
}

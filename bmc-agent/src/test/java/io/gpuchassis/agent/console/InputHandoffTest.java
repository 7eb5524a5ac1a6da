package io.gpuchassis.agent.console;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class InputHandoffTest {

  @Test
  void a_blocked_session_read_ends_when_its_session_is_detached() throws Exception {
    InputHandoff handoff = new InputHandoff(16);
    InputStream first = handoff.attach();
    CompletableFuture<Integer> read =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return first.read(new byte[4], 0, 4);
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    handoff.detach();
    assertEquals(-1, read.get(20, TimeUnit.SECONDS));
  }

  @Test
  void bytes_received_between_sessions_go_to_the_next_session_not_the_ended_one() throws Exception {
    InputHandoff handoff = new InputHandoff(16);
    InputStream first = handoff.attach();
    handoff.detach();
    handoff.put("ls\r".getBytes(StandardCharsets.US_ASCII), 0, 3);
    assertEquals(-1, first.read());
    InputStream second = handoff.attach();
    byte[] buffer = new byte[8];
    int n = second.read(buffer, 0, buffer.length);
    assertEquals("ls\r", new String(buffer, 0, n, StandardCharsets.US_ASCII));
  }

  @Test
  void the_end_of_the_device_ends_the_session_input_after_what_was_received() throws Exception {
    InputHandoff handoff = new InputHandoff(16);
    InputStream input = handoff.attach();
    handoff.put(new byte[] {'q'}, 0, 1);
    handoff.end();
    assertEquals('q', input.read());
    assertEquals(-1, input.read());
  }
}

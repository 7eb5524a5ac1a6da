package io.gpuchassis.switchdrv.transport.inband;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gpuchassis.switchdrv.wire.Deadline;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SeqpacketSocketTest {

  @TempDir Path dir;

  /**
   * Linux gives a new descriptor the lowest free number, so the two sockets opened after the close
   * take the closed one's number: a send that still reached the descriptor would land in one of
   * them (as the simulated node's late completion once did) instead of failing.
   */
  @Test
  void a_send_after_close_fails_and_reaches_no_socket_opened_after_it() throws Exception {
    Path node = dir.resolve("node");
    try (SeqpacketSocket listener = SeqpacketSocket.listen(node);
        SeqpacketSocket firstClient = SeqpacketSocket.connect(node)) {
      SeqpacketSocket firstServer = listener.accept();
      firstServer.close();
      assertArrayEquals(new byte[0], firstClient.receive(), "its peer sees end of file");
      try (SeqpacketSocket client = SeqpacketSocket.connect(node);
          SeqpacketSocket server = listener.accept()) {
        ErrnoException late =
            assertThrows(ErrnoException.class, () -> firstServer.send(new byte[] {1, 2, 3}));
        assertEquals(Errno.EBADF, late.errno(), late.getMessage());
        assertFalse(client.awaitReadable(Deadline.in(Duration.ofMillis(50))), "client got it");
        assertFalse(server.awaitReadable(Deadline.in(Duration.ofMillis(50))), "server got it");
        client.send(new byte[] {4});
        assertArrayEquals(new byte[] {4}, server.receive(), "the new pair still talks");
      }
    }
  }

  @Test
  void close_wakes_a_blocked_receive_and_later_calls_fail() throws Exception {
    Path node = dir.resolve("node");
    try (SeqpacketSocket listener = SeqpacketSocket.listen(node);
        SeqpacketSocket client = SeqpacketSocket.connect(node)) {
      SeqpacketSocket server = listener.accept();
      CompletableFuture<byte[]> blocked =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  return server.receive();
                } catch (ErrnoException e) {
                  throw new IllegalStateException(e);
                }
              });
      // whether the receive has begun or not, close must end it: woken, or refused at its start
      server.close();
      try {
        assertArrayEquals(new byte[0], blocked.get(30, TimeUnit.SECONDS), "end of file");
      } catch (java.util.concurrent.ExecutionException e) {
        assertEquals(Errno.EBADF, ((ErrnoException) e.getCause().getCause()).errno());
      }
      assertEquals(
          Errno.EBADF, assertThrows(ErrnoException.class, server::receive).errno(), "receive");
      assertFalse(
          client.awaitReadable(Deadline.in(Duration.ofMillis(1))) && client.receive().length > 0,
          "the peer sees end of file, no message");
    }
  }
}

package io.gpuchassis.agent.it;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.net.ssl.SSLSocket;

/**
 * The attacker of finding 1: TLS connections from several source addresses, each sending the start
 * of a request and then one more header line whenever {@link #trickle()} is called, never the end
 * of the headers.
 */
final class SlowlorisFlood implements AutoCloseable {

  private final List<SSLSocket> sockets = new ArrayList<>();
  private int line;

  private SlowlorisFlood() {}

  /**
   * Opens {@code perSource} connections from each of {@code sources} (127.0.0.x addresses), in
   * parallel per source. Connections the agent refuses at once are kept too: {@link #open()} tells
   * them apart.
   */
  static SlowlorisFlood open(RawHttps agent, List<String> sources, int perSource) throws Exception {
    SlowlorisFlood flood = new SlowlorisFlood();
    ExecutorService pool = Executors.newFixedThreadPool(sources.size());
    try {
      List<Future<List<SSLSocket>>> opened = new ArrayList<>();
      for (String source : sources) {
        opened.add(
            pool.submit(
                () -> {
                  List<SSLSocket> mine = new ArrayList<>();
                  for (int i = 0; i < perSource; i++) {
                    try {
                      SSLSocket socket = agent.open(source);
                      mine.add(socket);
                      RawHttps.write(
                          socket, "GET /redfish/v1/Chassis HTTP/1.1\r\nHost: 127.0.0.1\r\n");
                    } catch (IOException refused) {
                      // closed during or right after the handshake: counted as not held
                    }
                  }
                  return mine;
                }));
      }
      for (Future<List<SSLSocket>> f : opened) {
        flood.sockets.addAll(f.get());
      }
    } finally {
      pool.shutdownNow();
    }
    return flood;
  }

  int attempted() {
    return sockets.size();
  }

  /** One more header line on every connection still open; those the agent closed are dropped. */
  void trickle() {
    line++;
    sockets.removeIf(
        socket -> {
          try {
            RawHttps.write(socket, "X-Trickle-" + line + ": 1\r\n");
            return false;
          } catch (IOException closed) {
            close(socket);
            return true;
          }
        });
  }

  /** How many connections the agent still holds open; the closed ones are dropped. */
  int open() throws IOException {
    List<SSLSocket> closed = new ArrayList<>();
    for (SSLSocket socket : sockets) {
      if (RawHttps.closedByServer(socket, Duration.ofMillis(2))) {
        closed.add(socket);
      }
    }
    closed.forEach(SlowlorisFlood::close);
    sockets.removeAll(closed);
    return sockets.size();
  }

  @Override
  public void close() {
    sockets.forEach(SlowlorisFlood::close);
    sockets.clear();
  }

  private static void close(SSLSocket socket) {
    try {
      socket.close();
    } catch (IOException e) {
      // going anyway
    }
  }
}

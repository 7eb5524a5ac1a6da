package io.gpuchassis.switchdrv.transport.inband;

import io.gpuchassis.switchdrv.transport.inband.DeviceNodeProtocol.Message;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A device node whose answers a test writes out call by call, to pin down the exact messages the
 * transport sends (the vendor's write/read sequence) and to give answers the simulated chip never
 * gives (ENXIO). Serves one connection; records everything it receives.
 */
final class ScriptedNode implements AutoCloseable {

  interface Script {
    void run(Connection c) throws Exception;
  }

  final Path node;
  final List<Message> received = Collections.synchronizedList(new ArrayList<>());
  private final SeqpacketSocket listener;
  private final Thread thread;
  private volatile Throwable failure;

  private ScriptedNode(Path node, SeqpacketSocket listener, Script script) {
    this.node = node;
    this.listener = listener;
    this.thread =
        new Thread(
            () -> {
              try (SeqpacketSocket s = listener.accept()) {
                script.run(new Connection(s));
              } catch (Throwable t) {
                failure = t;
              }
            },
            "scripted-node");
    thread.setDaemon(true);
  }

  static ScriptedNode start(Path dir, Script script) throws Exception {
    Path node = dir.resolve("switchtec0");
    Path sysfs = DeviceNodeProtocol.sysfsDir(node);
    Files.createDirectories(sysfs.resolve("device/switchtec"));
    Files.writeString(sysfs.resolve("partition"), "0\n");
    Files.writeString(sysfs.resolve("partition_count"), "1\n");
    ScriptedNode n = new ScriptedNode(node, SeqpacketSocket.listen(node), script);
    n.thread.start();
    return n;
  }

  /** Waits for the script to finish and rethrows what went wrong in it. */
  void finish() throws Throwable {
    thread.join(10_000);
    if (failure != null) {
      throw failure;
    }
  }

  @Override
  public void close() {
    listener.close();
  }

  final class Connection {
    private final SeqpacketSocket socket;

    Connection(SeqpacketSocket socket) {
      this.socket = socket;
    }

    Message next() throws ErrnoException {
      Message m = DeviceNodeProtocol.decode(socket.receive());
      received.add(m);
      return m;
    }

    void reply(int op, int value, byte[] data) throws ErrnoException {
      socket.send(DeviceNodeProtocol.encode(op, value, data));
    }

    void ready() throws ErrnoException {
      reply(DeviceNodeProtocol.READY, 0, new byte[0]);
    }
  }
}

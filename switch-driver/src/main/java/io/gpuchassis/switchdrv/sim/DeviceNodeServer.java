package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.command.SysInfo;
import io.gpuchassis.switchdrv.mrpc.MailboxMrpcEngine;
import io.gpuchassis.switchdrv.mrpc.MailboxRegisters;
import io.gpuchassis.switchdrv.mrpc.MrpcRequest;
import io.gpuchassis.switchdrv.mrpc.MrpcResult;
import io.gpuchassis.switchdrv.transport.GasEndpoint;
import io.gpuchassis.switchdrv.transport.InMemorySwitchTransport;
import io.gpuchassis.switchdrv.transport.inband.CharDeviceFraming;
import io.gpuchassis.switchdrv.transport.inband.DeviceNodeProtocol;
import io.gpuchassis.switchdrv.transport.inband.DeviceNodeProtocol.Message;
import io.gpuchassis.switchdrv.transport.inband.Errno;
import io.gpuchassis.switchdrv.transport.inband.ErrnoException;
import io.gpuchassis.switchdrv.transport.inband.SeqpacketSocket;
import io.gpuchassis.switchdrv.wire.Deadline;
import io.gpuchassis.switchdrv.wire.LeWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A simulated {@code /dev/switchtecN}: the kernel switchtec driver's file protocol (reference §1.2)
 * in front of a {@link SimulatedSwitch}, reached through {@link DeviceNodeProtocol} (a seqpacket
 * socket at the node path; that class says why not a pty). Like the kernel it runs every MRPC
 * through the chip's GAS mailbox, one at a time in FIFO order for all open files, and keeps the
 * per-file rules: a write or read is 4..1028 bytes (else EINVAL); a write while this file's
 * previous answer is unread gets EBADE; a read with nothing submitted gets EBADE; a read waits for
 * completion and answers the return value and output, ENXIO for mailbox status INTERRUPTED, EIO
 * when the chip stopped answering. {@link #unplug()} plays a device removal: open files see EIO and
 * must reopen.
 *
 * <p>It also publishes the node's sysfs attributes ({@code device_version}, {@code fw_version},
 * {@code partition}, ...) in {@link DeviceNodeProtocol#sysfsDir}, read from the chip's system-info
 * registers at start.
 *
 * <p>Thread-safe; one thread per open file, one for the MRPC queue.
 */
public final class DeviceNodeServer implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(DeviceNodeServer.class);

  /**
   * The kernel has no absolute MRPC timeout; this bound only frees the queue when a hung simulated
   * chip is never released (the stuck file then reads EIO).
   */
  private static final Duration QUEUE_PATIENCE = Duration.ofSeconds(30);

  private final SimulatedSwitch sim;
  private final Path node;
  private final SeqpacketSocket listener;
  private final ExecutorService queue;
  private final MailboxMrpcEngine engine;
  private final Set<OpenFile> files = ConcurrentHashMap.newKeySet();
  private final AtomicInteger ebades = new AtomicInteger();
  private final AtomicInteger opens = new AtomicInteger();
  private volatile boolean closed;

  private DeviceNodeServer(SimulatedSwitch sim, Path node, SeqpacketSocket listener) {
    this.sim = sim;
    this.node = node;
    this.listener = listener;
    this.engine =
        new MailboxMrpcEngine(
            new InMemorySwitchTransport(new GasUntilClosed(sim.gas()), sim.name()), Duration.ZERO);
    this.queue =
        Executors.newSingleThreadExecutor(
            r -> daemon(r, "switchtec-node-mrpc " + node.getFileName()));
  }

  /**
   * Serves {@code sim} at {@code node}. A stale socket there is replaced; any other file is
   * refused.
   */
  public static DeviceNodeServer start(SimulatedSwitch sim, Path node) throws IOException {
    if (Files.exists(node)) {
      if (!"socket".equals(fileType(node))) {
        throw new IOException(node + " exists and is not a socket; not replacing it");
      }
      Files.delete(node);
    }
    Files.createDirectories(node.toAbsolutePath().getParent());
    SeqpacketSocket listener;
    try {
      listener = SeqpacketSocket.listen(node);
    } catch (ErrnoException e) {
      throw new IOException("cannot serve a device node at " + node + ": " + e.getMessage(), e);
    }
    DeviceNodeServer server = new DeviceNodeServer(sim, node, listener);
    server.publishSysfs();
    daemon(server::acceptLoop, "switchtec-node " + node.getFileName()).start();
    LOG.info("simulated switchtec device node for {} at {}", sim.name(), node);
    return server;
  }

  private static String fileType(Path p) throws IOException {
    int mode = (Integer) Files.getAttribute(p, "unix:mode");
    return (mode & 0170000) == 0140000 ? "socket" : "other";
  }

  private static Thread daemon(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    return t;
  }

  public Path node() {
    return node;
  }

  /** Writes refused with EBADE so far: a client that recovers as the vendor does causes these. */
  public int ebadeWrites() {
    return ebades.get();
  }

  /** Files opened on the node so far. */
  public int opens() {
    return opens.get();
  }

  /** Device removal: every open file's connection is cut (EIO); reopening works again. */
  public void unplug() {
    for (OpenFile f : files) {
      f.socket
          .shutdown(); // its serving thread closes the descriptor, so no number is reused under it
    }
  }

  // The attributes of /sys/class/switchtec/switchtecN/ that the transport and the vendor read.
  private void publishSysfs() throws IOException {
    SysInfo info = SysInfo.decode(sim.gas().readGas(SysInfo.GAS_OFFSET, SysInfo.LENGTH));
    Path dir = DeviceNodeProtocol.sysfsDir(node);
    deleteTree(dir);
    Files.createDirectories(dir.resolve("device").resolve("switchtec"));
    attribute(dir.resolve("device/device"), String.format("0x%04x", info.deviceId() & 0xFFFF));
    attribute(dir.resolve("device/vendor"), String.format("0x%04x", info.bridgeVendorId()));
    attribute(dir.resolve("device_version"), Integer.toHexString(info.deviceVersion()));
    attribute(dir.resolve("fw_version"), String.format("%08x", info.firmwareVersion()));
    attribute(dir.resolve("partition"), "0");
    attribute(dir.resolve("partition_count"), Integer.toString(sim.config().partitionCount()));
    attribute(dir.resolve("product_id"), info.productId());
    attribute(dir.resolve("product_vendor"), info.vendor());
    attribute(dir.resolve("product_revision"), info.productRevision());
  }

  private static void attribute(Path file, String value) throws IOException {
    Files.writeString(file, value + "\n", StandardCharsets.US_ASCII);
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> all = Files.walk(dir)) {
      all.sorted(Comparator.reverseOrder())
          .forEach(
              p -> {
                try {
                  Files.delete(p);
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              });
    }
  }

  private void acceptLoop() {
    try {
      while (!closed) {
        SeqpacketSocket s;
        try {
          s = listener.accept();
        } catch (ErrnoException e) {
          if (!closed) {
            LOG.warn("device node {} stopped accepting: {}", node, e.getMessage());
          }
          return;
        }
        OpenFile f = new OpenFile(s);
        files.add(f);
        opens.incrementAndGet();
        daemon(f::serve, "switchtec-node-file " + node.getFileName()).start();
      }
    } finally {
      listener.close();
    }
  }

  /** The chip's GAS as the queue sees it: gone once the node is closed, so a hung MRPC ends. */
  private final class GasUntilClosed implements GasEndpoint {
    private final GasEndpoint gas;

    GasUntilClosed(GasEndpoint gas) {
      this.gas = gas;
    }

    @Override
    public byte[] readGas(int offset, int length) {
      if (closed) {
        throw new SwitchException(SwitchException.Kind.IO, "device node closed");
      }
      return gas.readGas(offset, length);
    }

    @Override
    public boolean writeGas(int offset, byte[] data) {
      if (closed) {
        throw new SwitchException(SwitchException.Kind.IO, "device node closed");
      }
      return gas.writeGas(offset, data);
    }

    @Override
    public int size() {
      return gas.size();
    }
  }

  /** How one MRPC ended, as the kernel's stuser keeps it: an errno or the return value + output. */
  private record Completion(int errno, long returnValue, byte[] output) {}

  private Completion run(int commandWord, byte[] payload) {
    MrpcRequest request =
        new MrpcRequest(commandWord, payload, MailboxRegisters.MAX_DATA, false, true);
    try {
      MrpcResult r = engine.execute(request, Deadline.in(QUEUE_PATIENCE));
      if (r.status() == MailboxRegisters.STATUS_INTERRUPTED) {
        return new Completion(Errno.ENXIO, 0, new byte[0]);
      }
      return new Completion(0, r.returnValue(), r.output());
    } catch (SwitchException e) {
      return new Completion(Errno.EIO, 0, new byte[0]); // device gone or reset under the command
    }
  }

  /** One open file: the kernel's per-file state, one MRPC in flight at most. */
  private final class OpenFile {

    final SeqpacketSocket socket;
    private CompletableFuture<Completion> inFlight; // null = IDLE
    private int lastErrno;

    OpenFile(SeqpacketSocket socket) {
      this.socket = socket;
    }

    void serve() {
      try {
        while (true) {
          byte[] raw = socket.receive();
          if (raw.length == 0) {
            return;
          }
          Message m = DeviceNodeProtocol.decode(raw);
          if (m.op() == DeviceNodeProtocol.WRITE) {
            socket.send(DeviceNodeProtocol.encode(m.op(), write(m.data()), new byte[0]));
          } else if (m.op() == DeviceNodeProtocol.READ) {
            byte[] data = read(m.value());
            int value = data == null ? -lastErrno : data.length;
            socket.send(
                DeviceNodeProtocol.encode(m.op(), value, data == null ? new byte[0] : data));
          } else {
            return; // not our protocol: hang up
          }
        }
      } catch (ErrnoException | SwitchException e) {
        LOG.debug("device node file closed: {}", e.getMessage());
      } finally {
        files.remove(this);
        socket.close();
      }
    }

    private int write(byte[] data) {
      if (data.length < CharDeviceFraming.WORD || data.length > CharDeviceFraming.MAX_WRITE) {
        return -Errno.EINVAL;
      }
      CompletableFuture<Completion> job;
      synchronized (this) {
        if (inFlight != null) {
          ebades.incrementAndGet();
          return -Errno.EBADE;
        }
        int word = LeWriter.getI32(data, 0);
        byte[] payload = Arrays.copyOfRange(data, CharDeviceFraming.WORD, data.length);
        job = CompletableFuture.supplyAsync(() -> run(word, payload), queue);
        inFlight = job;
      }
      job.thenRun(this::announceCompletion);
      return data.length;
    }

    // poll()'s POLLIN: tell the file its answer is ready
    private void announceCompletion() {
      try {
        socket.send(DeviceNodeProtocol.encode(DeviceNodeProtocol.READY, 0, new byte[0]));
      } catch (ErrnoException e) {
        // the file was closed with its command in flight; the kernel drops the answer too
      }
    }

    /** The bytes one read() returns, or null with {@link #lastErrno} set. */
    private byte[] read(int size) {
      CompletableFuture<Completion> job;
      synchronized (this) {
        job = inFlight;
      }
      if (size < CharDeviceFraming.WORD || size > CharDeviceFraming.MAX_WRITE) {
        lastErrno = Errno.EINVAL; // the kernel's bounds: 4 + 0..1024 bytes, as for a write
        return null;
      }
      if (job == null) {
        lastErrno = Errno.EBADE;
        return null;
      }
      Completion c = job.join(); // a blocking read waits for completion
      synchronized (this) {
        inFlight = null;
      }
      if (c.errno() != 0) {
        lastErrno = c.errno();
        return null;
      }
      int n = size - CharDeviceFraming.WORD;
      byte[] out = new byte[CharDeviceFraming.WORD + n];
      LeWriter.putU32(out, 0, c.returnValue());
      if (c.returnValue() == 0) {
        System.arraycopy(c.output(), 0, out, CharDeviceFraming.WORD, n);
      }
      return out;
    }
  }

  @Override
  public void close() {
    closed = true;
    listener.shutdown(); // wakes the accept loop, which closes it
    unplug();
    queue.shutdownNow();
    try {
      Files.deleteIfExists(node);
      deleteTree(DeviceNodeProtocol.sysfsDir(node));
    } catch (IOException | UncheckedIOException e) {
      LOG.debug("could not remove {}: {}", node, e.getMessage());
    }
  }
}

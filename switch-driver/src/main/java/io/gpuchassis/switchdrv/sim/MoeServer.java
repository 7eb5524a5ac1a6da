package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.mrpc.CommandIds;
import io.gpuchassis.switchdrv.mrpc.MailboxRegisters;
import io.gpuchassis.switchdrv.transport.GasEndpoint;
import io.gpuchassis.switchdrv.transport.moe.MoeBodies;
import io.gpuchassis.switchdrv.transport.moe.MoeHeader;
import io.gpuchassis.switchdrv.wire.LeReader;
import io.gpuchassis.switchdrv.wire.LeWriter;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A chip's MoE endpoint (Switchtec management over Ethernet, switchtec-user
 * lib/platform/linux-eth.c): serves one simulated chip as MoE instance 0 (and optionally a second
 * as instance 1) on one TCP address. Each connection first opens a command or an event channel; GAS
 * commands go straight to the chip's GAS, an MRPC runs through the chip's own mailbox (payload,
 * command register, status polling) and the response carries its return value and exactly the
 * output length asked for. Every answer leaves in one write, because the vendor's client reads the
 * header and then the body with one {@code recv} each. Anything malformed (bad signature or
 * version, a command before the open, an oversize length) gets a close packet and the connection is
 * dropped. While an event channel is open, the endpoint watches the chip's switch event summary
 * (part_event_bitmap, global_summary) and sends an event packet when a bit of it becomes set, as a
 * chip announces an event. One thread accepts, one watches events, one thread per connection
 * serves; all daemon. {@link #close()} stops them.
 */
public final class MoeServer implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(MoeServer.class);

  /** Return codes of a rejected open request (this simulator's; a chip's are not published). */
  public static final int REJECT_NO_INSTANCE = 1;

  public static final int REJECT_NO_SERVICE = 2;

  /** How often the endpoint looks at an instance's event summary while an event channel is open. */
  static final Duration EVENT_POLL = Duration.ofMillis(20);

  /** Switch event registers: part_event_bitmap u64 @0x1810 .. global_summary u32 @0x1820. */
  private static final int SUMMARY = 0x1810;

  private static final int SUMMARY_LENGTH = 0x14;

  private final Map<Integer, GasEndpoint> instances;
  private final Map<Integer, BigInteger> lastSummary = new ConcurrentHashMap<>();
  private final Map<Integer, ReentrantLock> mailboxLocks = new HashMap<>();
  private final ServerSocket server;
  private final Set<Socket> connections = ConcurrentHashMap.newKeySet();
  private final Set<EventChannel> eventChannels = ConcurrentHashMap.newKeySet();
  private volatile boolean running = true;

  private record EventChannel(int instance, OutputStream out) {}

  private MoeServer(Map<Integer, GasEndpoint> instances, ServerSocket server) {
    this.instances = Map.copyOf(instances);
    this.server = server;
    instances.keySet().forEach(i -> mailboxLocks.put(i, new ReentrantLock(true)));
  }

  /** Serves {@code chip} as instance 0 on an ephemeral port of the loopback interface. */
  public static MoeServer start(SimulatedSwitch chip) throws IOException {
    return start(Map.of(0, chip), new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
  }

  /**
   * Serves {@code instances} (MoE instance 0 and/or 1 to its chip) on {@code address} (port 0 = any
   * free port).
   */
  public static MoeServer start(Map<Integer, SimulatedSwitch> instances, InetSocketAddress address)
      throws IOException {
    Map<Integer, GasEndpoint> gas = new HashMap<>();
    instances.forEach((i, chip) -> gas.put(i, chip.gas()));
    return serve(gas, address);
  }

  /** As {@link #start(Map, InetSocketAddress)}, for any GAS. */
  static MoeServer serve(Map<Integer, GasEndpoint> instances, InetSocketAddress address)
      throws IOException {
    if (instances.isEmpty() || !Set.of(0, 1).containsAll(instances.keySet())) {
      throw new IllegalArgumentException("a MoE endpoint serves instances 0 and 1");
    }
    ServerSocket ss = new ServerSocket();
    try {
      ss.bind(address);
    } catch (IOException e) {
      ss.close();
      throw new IOException("cannot serve MoE on " + address + ": " + e.getMessage(), e);
    }
    MoeServer s = new MoeServer(instances, ss);
    Thread t = new Thread(s::acceptLoop, "moe-accept-" + ss.getLocalPort());
    t.setDaemon(true);
    t.start();
    Thread e = new Thread(s::watchEvents, "moe-events-" + ss.getLocalPort());
    e.setDaemon(true);
    e.start();
    LOG.info("MoE endpoint serving instance(s) {} on {}", instances.keySet(), s.address());
    return s;
  }

  public InetSocketAddress address() {
    return (InetSocketAddress) server.getLocalSocketAddress();
  }

  /**
   * Sends "an event occurred" on every event channel open to {@code instance}, as a chip does when
   * its event summary changes.
   */
  public void signalEvent(int instance) {
    byte[] packet = MoeHeader.command(MoeHeader.EVENT, 0, 0).encode();
    for (EventChannel c : eventChannels) {
      if (c.instance() == instance) {
        try {
          synchronized (c.out()) {
            c.out().write(packet);
            c.out().flush();
          }
        } catch (IOException e) {
          eventChannels.remove(c); // its connection thread notices the end
        }
      }
    }
  }

  // A chip sends an event packet when an event occurs: here, when a bit of its switch event
  // summary (partition bitmap or global summary) goes from clear to set.
  private void watchEvents() {
    while (running) {
      for (int instance : instances.keySet()) {
        if (eventChannels.stream().noneMatch(c -> c.instance() == instance)) {
          lastSummary.remove(instance);
          continue;
        }
        BigInteger now = summary(instance);
        BigInteger before = lastSummary.put(instance, now);
        if (before != null && now.andNot(before).signum() != 0) {
          signalEvent(instance);
        }
      }
      try {
        Thread.sleep(EVENT_POLL.toMillis());
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private BigInteger summary(int instance) {
    byte[] raw = instances.get(instance).readGas(SUMMARY, SUMMARY_LENGTH);
    byte[] bits = new byte[12];
    System.arraycopy(raw, 0, bits, 0, 8);
    System.arraycopy(raw, 0x10, bits, 8, 4);
    return new BigInteger(1, bits);
  }

  private void acceptLoop() {
    while (running) {
      try {
        Socket s = server.accept();
        s.setTcpNoDelay(true);
        connections.add(s);
        Thread t = new Thread(() -> serve(s), "moe-conn-" + s.getPort());
        t.setDaemon(true);
        t.start();
      } catch (IOException e) {
        if (running) {
          LOG.warn("MoE accept failed", e);
        }
      }
    }
  }

  private void serve(Socket s) {
    EventChannel events = null;
    try (s) {
      InputStream in = new BufferedInputStream(s.getInputStream());
      OutputStream out = s.getOutputStream();
      MoeHeader open;
      try {
        open = MoeHeader.read(in);
      } catch (SwitchException e) {
        refuse(out, 0, 0, e.getMessage());
        return;
      }
      // The open request is a bare header: the vendor leaves its length fields uninitialised.
      if (!open.is(MoeHeader.PACKET_OPEN, MoeHeader.OPEN_REQUEST)) {
        refuse(out, open.serviceInstance(), open.serviceType(), "packet before the open request");
        return;
      }
      int instance = open.serviceInstance();
      int service = open.serviceType();
      if (!instances.containsKey(instance)) {
        reject(out, instance, service, REJECT_NO_INSTANCE);
        return;
      }
      if (service != MoeHeader.SERVICE_COMMAND && service != MoeHeader.SERVICE_EVENT) {
        reject(out, instance, service, REJECT_NO_SERVICE);
        return;
      }
      byte[] accept = MoeHeader.open(MoeHeader.OPEN_ACCEPT, instance, service, 0).encode();
      if (service == MoeHeader.SERVICE_EVENT) {
        // Registered, with the summary as it is, before the client can act on the accept; an
        // event signalled meanwhile waits for the accept to go out first.
        events = new EventChannel(instance, out);
        synchronized (out) {
          eventChannels.add(events);
          lastSummary.putIfAbsent(instance, summary(instance));
          out.write(accept);
          out.flush();
        }
      } else {
        out.write(accept);
        out.flush();
      }
      if (events != null) {
        awaitClose(in);
      } else {
        serveCommands(in, out, instance);
      }
    } catch (IOException e) {
      LOG.debug("MoE connection ended: {}", e.toString());
    } finally {
      if (events != null) {
        eventChannels.remove(events);
      }
      connections.remove(s);
    }
  }

  private void serveCommands(InputStream in, OutputStream out, int instance) throws IOException {
    while (running) {
      MoeHeader h;
      try {
        h = MoeHeader.read(in);
      } catch (SwitchException e) {
        refuse(out, instance, MoeHeader.SERVICE_COMMAND, e.getMessage());
        return;
      }
      if (h.is(MoeHeader.PACKET_OPEN, MoeHeader.OPEN_CLOSE)) {
        return;
      }
      if (h.packetType() != MoeHeader.PACKET_COMMAND || h.payloadLength() > MoeHeader.MAX_PAYLOAD) {
        refuse(out, instance, MoeHeader.SERVICE_COMMAND, "unexpected or oversize packet");
        return;
      }
      byte[] body = MoeHeader.readFully(in, h.payloadLength());
      byte[] answer;
      try {
        answer =
            switch (h.functionType()) {
              case MoeHeader.MRPC_COMMAND -> mrpc(instance, h.outputLengthOrCode(), body);
              case MoeHeader.GAS_COMMAND -> gas(instance, body);
              default -> throw new IllegalArgumentException("function " + h.functionType());
            };
      } catch (IllegalArgumentException | SwitchException e) {
        refuse(out, instance, MoeHeader.SERVICE_COMMAND, e.getMessage());
        return;
      }
      if (answer == null) {
        LOG.debug("MoE: the chip lost an MRPC under it; dropping the connection");
        return;
      }
      out.write(answer);
      out.flush();
    }
  }

  // An event channel only carries events to the client; anything it sends ends it.
  private static void awaitClose(InputStream in) throws IOException {
    in.read();
  }

  private byte[] gas(int instance, byte[] body) {
    MoeBodies.GasCommand c = MoeBodies.GasCommand.decode(body);
    GasEndpoint gas = instances.get(instance);
    boolean inRange = c.offset() >= 0 && (long) c.offset() + c.length() <= gas.size();
    if (c.command() == MoeBodies.GAS_READ && c.data().length == 0) {
      if (c.length() > MoeBodies.MAX_GAS_READ) {
        return gasAnswer(MoeBodies.GAS_BAD_REQUEST, new byte[0]);
      }
      byte[] data = gas.readGas(c.offset(), c.length());
      return gasAnswer(inRange ? MoeBodies.GAS_OK : MoeBodies.GAS_OUT_OF_RANGE, data);
    }
    if (c.command() == MoeBodies.GAS_WRITE && c.data().length == c.length()) {
      boolean ok = gas.writeGas(c.offset(), c.data());
      return gasAnswer(ok ? MoeBodies.GAS_OK : MoeBodies.GAS_OUT_OF_RANGE, new byte[0]);
    }
    return gasAnswer(MoeBodies.GAS_BAD_REQUEST, new byte[0]);
  }

  private static byte[] gasAnswer(long result, byte[] data) {
    byte[] body = MoeBodies.response(result, data);
    return MoeHeader.command(MoeHeader.GAS_RESPONSE, body.length, 0).encodeWith(body);
  }

  // The simulator's own mailbox client: the same algorithm a GAS transport's driver runs. Null when
  // the command ended neither done nor in error.
  private byte[] mrpc(int instance, int outputLength, byte[] body) {
    LeReader r = new LeReader(body, "MoE MRPC command");
    int word = r.i32();
    byte[] payload = r.bytes(r.remaining());
    if (payload.length > MailboxRegisters.MAX_DATA || outputLength > MailboxRegisters.MAX_DATA) {
      throw new IllegalArgumentException("MRPC payload or output above 1024 bytes");
    }
    GasEndpoint gas = instances.get(instance);
    ReentrantLock lock = mailboxLocks.get(instance);
    long result;
    byte[] output = new byte[outputLength];
    lock.lock();
    try {
      awaitNotBusy(gas);
      gas.writeGas(MailboxRegisters.INPUT, payload);
      byte[] command = new byte[4];
      LeWriter.putU32(command, 0, word);
      gas.writeGas(MailboxRegisters.COMMAND, command);
      if ((word & 0xFFFF) == CommandIds.RESET) {
        result = 0;
      } else {
        int status = awaitNotBusy(gas);
        long ret =
            Integer.toUnsignedLong(
                LeWriter.getI32(gas.readGas(MailboxRegisters.RETURN_VALUE, 4), 0));
        if (status == MailboxRegisters.STATUS_DONE && ret == 0) {
          result = 0;
          output = gas.readGas(MailboxRegisters.OUTPUT, outputLength);
        } else if (status == MailboxRegisters.STATUS_DONE
            || status == MailboxRegisters.STATUS_ERROR) {
          result = ret;
        } else {
          // MoE has no status word to say so: the chip restarted or dropped the command, and its
          // endpoint goes with it.
          return null;
        }
      }
    } finally {
      lock.unlock();
    }
    byte[] answer = MoeBodies.response(result, output);
    return MoeHeader.command(MoeHeader.MRPC_RESPONSE, answer.length, 0).encodeWith(answer);
  }

  private int awaitNotBusy(GasEndpoint gas) {
    while (true) {
      int status = LeWriter.getI32(gas.readGas(MailboxRegisters.STATUS, 4), 0);
      if (status != MailboxRegisters.STATUS_IN_PROGRESS && status != MailboxRegisters.ALL_ONES) {
        return status;
      }
      if (!running) {
        return status;
      }
      try {
        Thread.sleep(1);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return status;
      }
    }
  }

  private static void reject(OutputStream out, int instance, int service, int code)
      throws IOException {
    out.write(MoeHeader.open(MoeHeader.OPEN_REJECT, instance, service, code).encode());
    out.flush();
  }

  private static void refuse(OutputStream out, int instance, int service, String why)
      throws IOException {
    LOG.debug("MoE: closing a channel: {}", why);
    out.write(MoeHeader.open(MoeHeader.OPEN_CLOSE, instance, service, 0).encode());
    out.flush();
  }

  @Override
  public void close() {
    running = false;
    try {
      server.close();
    } catch (IOException ignored) {
      // already closed
    }
    for (Socket s : connections) {
      try {
        s.close();
      } catch (IOException ignored) {
        // already closed
      }
    }
  }
}

package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.Generation;
import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.mrpc.CommandIds;
import io.gpuchassis.switchdrv.mrpc.MailboxRegisters;
import io.gpuchassis.switchdrv.transport.GasEndpoint;
import io.gpuchassis.switchdrv.transport.tcp.SmwpFrame;
import io.gpuchassis.switchdrv.transport.tcp.SmwpMessages;
import io.gpuchassis.switchdrv.wire.LeWriter;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves simulated chips over SMWP profile M on a TCP socket (chip index = position in the list).
 * GAS requests go straight to the chip's GAS; an MRPC request is executed through the chip's own
 * mailbox (payload, command register, status polling), and the reply carries the genuine final
 * status and return value. One thread accepts, one thread per connection serves; all daemon. {@link
 * #close()} stops them.
 */
public final class SmwpServer implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(SmwpServer.class);

  private final List<SimulatedSwitch> chips;
  private final ReentrantLock[] mailboxLocks;
  private final ServerSocket server;
  private final Set<Socket> connections = ConcurrentHashMap.newKeySet();
  private volatile boolean running = true;

  private SmwpServer(List<SimulatedSwitch> chips, ServerSocket server) {
    this.chips = List.copyOf(chips);
    this.server = server;
    this.mailboxLocks = new ReentrantLock[chips.size()];
    for (int i = 0; i < mailboxLocks.length; i++) {
      mailboxLocks[i] = new ReentrantLock(true);
    }
  }

  /** Starts serving on {@code port} of the loopback interface (0 = any free port). */
  public static SmwpServer start(List<SimulatedSwitch> chips, int port) throws IOException {
    ServerSocket ss = new ServerSocket();
    ss.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
    SmwpServer s = new SmwpServer(chips, ss);
    Thread t = new Thread(s::acceptLoop, "smwp-accept-" + ss.getLocalPort());
    t.setDaemon(true);
    t.start();
    LOG.info("SMWP simulator serving {} chip(s) on {}", chips.size(), ss.getLocalSocketAddress());
    return s;
  }

  public InetSocketAddress address() {
    return (InetSocketAddress) server.getLocalSocketAddress();
  }

  private void acceptLoop() {
    while (running) {
      try {
        Socket s = server.accept();
        s.setTcpNoDelay(true);
        connections.add(s);
        Thread t = new Thread(() -> serve(s), "smwp-conn-" + s.getPort());
        t.setDaemon(true);
        t.start();
      } catch (IOException e) {
        if (running) {
          LOG.warn("SMWP accept failed", e);
        }
      }
    }
  }

  private void serve(Socket s) {
    try (s) {
      InputStream in = new BufferedInputStream(s.getInputStream());
      OutputStream out = s.getOutputStream();
      while (running) {
        SmwpFrame req;
        try {
          req = SmwpFrame.read(in);
        } catch (SwitchException e) {
          out.write(
              new SmwpFrame(
                      SmwpFrame.ERROR,
                      0,
                      SmwpMessages.error(0, SmwpFrame.ERR_BAD_CRC, e.getMessage()))
                  .encode());
          return; // the stream cannot be resynchronised: drop the connection
        }
        out.write(answer(req, s).encode());
        out.flush();
      }
    } catch (IOException e) {
      LOG.debug("SMWP connection ended: {}", e.toString());
    } finally {
      connections.remove(s);
    }
  }

  private SmwpFrame answer(SmwpFrame req, Socket s) {
    if (req.kind() == SmwpFrame.HELLO) {
      SimulatedSwitch c = chips.get(0);
      int gen = c.generation() == Generation.GEN6 ? 2 : c.generation() == Generation.GEN5 ? 1 : 0;
      return reply(
          req, SmwpMessages.helloReply(gen, c.config().identity().deviceId(), 0, chips.size()));
    }
    SmwpMessages.Request r;
    try {
      r = SmwpMessages.Request.decode(req.body());
    } catch (SwitchException e) {
      return error(req, SmwpFrame.ERR_BAD_LENGTH, "short body");
    }
    if (r.chip() >= chips.size()) {
      return error(req, SmwpFrame.ERR_UNKNOWN_CHIP, "no chip " + r.chip());
    }
    GasEndpoint gas = chips.get(r.chip()).gas();
    switch (req.kind()) {
      case SmwpFrame.GAS_READ:
        {
          boolean inRange = r.word() >= 0 && (long) r.word() + r.length() <= gas.size();
          byte[] data = gas.readGas(r.word(), r.length());
          byte[] body = new byte[1 + data.length];
          body[0] = (byte) (inRange ? SmwpFrame.GAS_OK : SmwpFrame.GAS_OUT_OF_RANGE);
          System.arraycopy(data, 0, body, 1, data.length);
          return reply(req, body);
        }
      case SmwpFrame.GAS_WRITE:
        {
          boolean ok = r.data().length == r.length() && gas.writeGas(r.word(), r.data());
          return reply(
              req, new byte[] {(byte) (ok ? SmwpFrame.GAS_OK : SmwpFrame.GAS_OUT_OF_RANGE)});
        }
      case SmwpFrame.MRPC:
        return reply(req, mrpc(r.chip(), gas, r, s));
      default:
        return error(req, SmwpFrame.ERR_UNKNOWN_KIND, "kind " + req.kind());
    }
  }

  // The simulator's own mailbox client: the same algorithm a GAS transport's driver runs.
  private byte[] mrpc(int chip, GasEndpoint gas, SmwpMessages.Request r, Socket s) {
    ReentrantLock lock = mailboxLocks[chip];
    lock.lock();
    try {
      awaitNotBusy(gas, s);
      gas.writeGas(MailboxRegisters.INPUT, r.data());
      byte[] word = new byte[4];
      LeWriter.putU32(word, 0, r.word());
      gas.writeGas(MailboxRegisters.COMMAND, word);
      if ((r.word() & 0xFFFF) == CommandIds.RESET) {
        return SmwpMessages.mrpcReply(MailboxRegisters.STATUS_DONE, 0, new byte[0]);
      }
      int status = awaitNotBusy(gas, s);
      long ret =
          Integer.toUnsignedLong(LeWriter.getI32(gas.readGas(MailboxRegisters.RETURN_VALUE, 4), 0));
      byte[] out =
          status == MailboxRegisters.STATUS_DONE && ret == 0
              ? gas.readGas(MailboxRegisters.OUTPUT, r.length())
              : new byte[0];
      return SmwpMessages.mrpcReply(status, ret, out);
    } finally {
      lock.unlock();
    }
  }

  private int awaitNotBusy(GasEndpoint gas, Socket s) {
    while (true) {
      int status = LeWriter.getI32(gas.readGas(MailboxRegisters.STATUS, 4), 0);
      if (status != MailboxRegisters.STATUS_IN_PROGRESS && status != MailboxRegisters.ALL_ONES) {
        return status;
      }
      if (!running || s.isClosed()) {
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

  private static SmwpFrame reply(SmwpFrame req, byte[] body) {
    return new SmwpFrame(req.kind() | SmwpFrame.REPLY, req.seq(), body);
  }

  private static SmwpFrame error(SmwpFrame req, int code, String detail) {
    return new SmwpFrame(SmwpFrame.ERROR, req.seq(), SmwpMessages.error(req.seq(), code, detail));
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

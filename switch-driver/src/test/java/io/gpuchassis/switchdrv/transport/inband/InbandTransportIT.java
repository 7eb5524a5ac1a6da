package io.gpuchassis.switchdrv.transport.inband;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.command.SysInfo;
import io.gpuchassis.switchdrv.mrpc.CommandIds;
import io.gpuchassis.switchdrv.mrpc.MailboxRegisters;
import io.gpuchassis.switchdrv.mrpc.MrpcRequest;
import io.gpuchassis.switchdrv.mrpc.MrpcResult;
import io.gpuchassis.switchdrv.sim.DeviceNodeServer;
import io.gpuchassis.switchdrv.sim.FaultHandle;
import io.gpuchassis.switchdrv.sim.SimTiming;
import io.gpuchassis.switchdrv.sim.SimulatedSwitch;
import io.gpuchassis.switchdrv.sim.SimulatedSwitchConfig;
import io.gpuchassis.switchdrv.transport.inband.DeviceNodeProtocol.Message;
import io.gpuchassis.switchdrv.wire.Deadline;
import io.gpuchassis.switchdrv.wire.LeWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The in-band transport against a simulated device node: the kernel driver's per-file rules as the
 * node serves them, the vendor's EBADE recovery, GAS access through MRPCs, and nodes that are not
 * switchtec devices.
 */
class InbandTransportIT {

  private static final Duration LONG = Duration.ofSeconds(10);

  @TempDir Path dir;

  private static SimulatedSwitch chip() {
    return new SimulatedSwitch(
        SimulatedSwitchConfig.referenceChip(0x6a1c0001L, 3, SimTiming.fast()));
  }

  private static MrpcRequest echo(int value) {
    return new MrpcRequest(CommandIds.ECHO, new LeWriter().u32(value).toBytes(), 4, true, true);
  }

  private static int echoed(MrpcResult r) {
    assertTrue(r.succeeded(), "echo failed: " + r);
    return ~LeWriter.getI32(r.output(), 0);
  }

  @Test
  void the_node_applies_the_kernel_drivers_per_file_rules() throws Exception {
    SimulatedSwitch sim = chip();
    try (DeviceNodeServer server = DeviceNodeServer.start(sim, dir.resolve("switchtec0"));
        SocketDeviceFile f = SocketDeviceFile.connect(server.node())) {
      Deadline d = Deadline.in(LONG);
      assertEquals(Errno.EBADE, errnoOf(() -> f.read(8, d)), "read with nothing submitted");
      assertEquals(Errno.EINVAL, errnoOf(() -> f.write(new byte[3], d)), "write shorter than 4");
      assertEquals(Errno.EINVAL, errnoOf(() -> f.write(new byte[1029], d)), "write over 1028");
      byte[] cmd = CharDeviceFraming.command(CommandIds.ECHO, new LeWriter().u32(0x1234).toBytes());
      assertEquals(8, f.write(cmd, d));
      assertEquals(Errno.EBADE, errnoOf(() -> f.write(cmd, d)), "second write before the read");
      assertTrue(f.awaitReadable(d));
      assertEquals(Errno.EINVAL, errnoOf(() -> f.read(3, d)), "read shorter than 4");
      assertEquals(Errno.EINVAL, errnoOf(() -> f.read(1029, d)), "read over 1028");
      byte[] answer = f.read(8, d);
      assertEquals(0, LeWriter.getI32(answer, 0));
      assertEquals(~0x1234, LeWriter.getI32(answer, 4));
      assertEquals(8, f.write(cmd, d), "the file is idle again after its read");
    }
  }

  @Test
  void a_firmware_error_comes_back_as_the_return_value() throws Exception {
    try (DeviceNodeServer server = DeviceNodeServer.start(chip(), dir.resolve("switchtec0"));
        InbandSwitchTransport t = new InbandSwitchTransport(server.node(), LONG)) {
      MrpcResult r = t.mrpc(new MrpcRequest(0x7FF, new byte[4], 4, true, true), Deadline.in(LONG));
      assertEquals(MailboxRegisters.STATUS_ERROR, r.status());
      assertEquals(0x64005L, r.returnValue()); // ERR_INVALID_CMD
    }
  }

  @Test
  void a_timed_out_mrpc_is_drained_by_the_next_call_which_gets_its_own_answer() throws Exception {
    SimulatedSwitch sim = chip();
    try (DeviceNodeServer server = DeviceNodeServer.start(sim, dir.resolve("switchtec0"));
        InbandSwitchTransport t = new InbandSwitchTransport(server.node(), LONG)) {
      assertEquals(7, echoed(t.mrpc(echo(7), Deadline.in(LONG))));
      FaultHandle hang = sim.faults().mrpcTimeout();
      SwitchException timeout =
          assertThrows(
              SwitchException.class,
              () -> t.mrpc(echo(0x1111), Deadline.in(Duration.ofMillis(200))));
      assertEquals(SwitchException.Kind.TIMEOUT, timeout.kind());
      hang.close();
      // the stale ECHO(0x1111) answer is read and dropped (EBADE), the new command resubmitted
      assertEquals(0x2222, echoed(t.mrpc(echo(0x2222), Deadline.in(LONG))));
      assertEquals(0x3333, echoed(t.mrpc(echo(0x3333), Deadline.in(LONG))));
      assertEquals(1, server.ebadeWrites(), "the stale command was drained on the same file");
      assertEquals(1, server.opens(), "not by reopening the node");
    }
  }

  @Test
  void ebade_is_answered_by_draining_the_stale_answer_and_resubmitting_as_the_vendor_does()
      throws Throwable {
    byte[] cmd = CharDeviceFraming.command(CommandIds.ECHO, new LeWriter().u32(5).toBytes());
    try (ScriptedNode node =
            ScriptedNode.start(
                dir,
                c -> {
                  c.next(); // the write: an earlier answer is still unread on this file
                  c.ready();
                  c.reply(DeviceNodeProtocol.WRITE, -Errno.EBADE, new byte[0]);
                  c.next(); // the drain: read(4)
                  c.reply(DeviceNodeProtocol.READ, 4, new byte[4]);
                  c.next(); // the resubmitted write
                  c.reply(DeviceNodeProtocol.WRITE, cmd.length, new byte[0]);
                  c.ready();
                  c.next(); // read(4 + 4)
                  c.reply(DeviceNodeProtocol.READ, 8, new LeWriter().u32(0).u32(~5).toBytes());
                });
        InbandSwitchTransport t = new InbandSwitchTransport(node.node, LONG)) {
      assertEquals(5, echoed(t.mrpc(echo(5), Deadline.in(LONG))));
      node.finish();
      List<Message> seen = node.received;
      assertEquals(4, seen.size());
      assertEquals(DeviceNodeProtocol.WRITE, seen.get(0).op());
      assertArrayEquals(cmd, seen.get(0).data());
      assertEquals(DeviceNodeProtocol.READ, seen.get(1).op());
      assertEquals(4, seen.get(1).value(), "linux_cmd drains with read_resp(ldev, NULL, 0)");
      assertArrayEquals(cmd, seen.get(2).data());
      assertEquals(8, seen.get(3).value());
    }
  }

  @Test
  void enxio_is_the_interrupted_status_and_gas_reads_go_out_as_golden_gas_read_mrpcs()
      throws Throwable {
    try (ScriptedNode node =
            ScriptedNode.start(
                dir,
                c -> {
                  c.next();
                  c.reply(DeviceNodeProtocol.WRITE, 8, new byte[0]);
                  c.ready();
                  c.next();
                  c.reply(DeviceNodeProtocol.READ, -Errno.ENXIO, new byte[0]);
                  for (int n : new int[] {512, 88}) {
                    c.next();
                    c.reply(DeviceNodeProtocol.WRITE, 12, new byte[0]);
                    c.ready();
                    c.next();
                    c.reply(DeviceNodeProtocol.READ, 4 + n, new byte[4 + n]);
                  }
                });
        InbandSwitchTransport t = new InbandSwitchTransport(node.node, LONG)) {
      MrpcResult r = t.mrpc(echo(1), Deadline.in(LONG));
      assertEquals(MailboxRegisters.STATUS_INTERRUPTED, r.status());
      assertEquals(600, t.read(0x2000, 600).length);
      node.finish();
      // struct gas_mrpc_read {u32 gas_offset; u32 len;} after the word 0x29, 512 bytes per call
      assertArrayEquals(
          new byte[] {0x29, 0, 0, 0, 0x00, 0x20, 0, 0, 0x00, 0x02, 0, 0},
          node.received.get(2).data());
      assertEquals(4 + 512, node.received.get(3).value());
      assertArrayEquals(
          new byte[] {0x29, 0, 0, 0, 0x00, 0x22, 0, 0, 88, 0, 0, 0}, node.received.get(4).data());
      assertEquals(4 + 88, node.received.get(5).value());
    }
  }

  @Test
  void gas_writes_go_out_as_golden_gas_write_mrpcs() throws Throwable {
    try (ScriptedNode node =
            ScriptedNode.start(
                dir,
                c -> {
                  c.next();
                  c.reply(DeviceNodeProtocol.WRITE, 14, new byte[0]);
                  c.ready();
                  c.next();
                  c.reply(DeviceNodeProtocol.READ, 4, new byte[4]);
                });
        InbandSwitchTransport t = new InbandSwitchTransport(node.node, LONG)) {
      t.write(0x1800, new byte[] {(byte) 0xAB, (byte) 0xCD});
      node.finish();
      // struct gas_mrpc_write {u32 gas_offset; u32 len; u8 data[]} after the word 0x34; the
      // vendor sends len + 8 payload bytes and reads no output
      assertArrayEquals(
          new byte[] {0x34, 0, 0, 0, 0x00, 0x18, 0, 0, 2, 0, 0, 0, (byte) 0xAB, (byte) 0xCD},
          node.received.get(0).data());
      assertEquals(4, node.received.get(1).value());
    }
  }

  @Test
  void the_simulated_firmware_refuses_a_gas_write_into_the_running_mailbox() throws Exception {
    try (DeviceNodeServer server = DeviceNodeServer.start(chip(), dir.resolve("switchtec0"));
        InbandSwitchTransport t = new InbandSwitchTransport(server.node(), LONG)) {
      SwitchException e =
          assertThrows(SwitchException.class, () -> t.write(0x10, new byte[] {1, 2, 3, 4}));
      assertEquals(SwitchException.Kind.DEVICE_ERROR, e.kind());
      assertEquals(0x64006L, e.firmwareCode().getAsLong()); // ERR_INVALID_PARAM
    }
  }

  @Test
  void file_operations_work_on_a_real_char_device() throws Exception {
    // /dev/zero: a write is taken whole, poll reports it readable, a read returns zeros
    try (CharDeviceFile zero = CharDeviceFile.open(Path.of("/dev/zero"))) {
      Deadline d = Deadline.in(LONG);
      byte[] cmd = CharDeviceFraming.command(CommandIds.ECHO, new byte[4]);
      assertEquals(cmd.length, zero.write(cmd, d));
      assertTrue(zero.awaitReadable(d));
      CharDeviceFraming.Response r = CharDeviceFraming.response(zero.read(8, d), 4);
      assertEquals(0, r.returnValue());
      assertArrayEquals(new byte[4], r.output());
    }
    assertEquals(
        Errno.ENOENT,
        assertThrows(ErrnoException.class, () -> CharDeviceFile.open(dir.resolve("missing")))
            .errno());
  }

  @Test
  void gas_bytes_and_identity_come_from_the_chip() throws Exception {
    SimulatedSwitch sim = chip();
    try (DeviceNodeServer server = DeviceNodeServer.start(sim, dir.resolve("switchtec0"));
        InbandSwitchTransport t = new InbandSwitchTransport(server.node(), LONG)) {
      assertArrayEquals(
          sim.gas().readGas(SysInfo.GAS_OFFSET, SysInfo.LENGTH),
          t.read(SysInfo.GAS_OFFSET, SysInfo.LENGTH));
      int pff = 0x134000;
      assertArrayEquals(sim.gas().readGas(pff, 1500), t.read(pff, 1500), "three GAS_READs");
      SysInfo info = SysInfo.decode(sim.gas().readGas(SysInfo.GAS_OFFSET, SysInfo.LENGTH));
      SysfsIdentity id = t.identity();
      assertEquals(0, id.partition());
      assertEquals(sim.config().partitionCount(), id.partitionCount());
      assertEquals(info.firmwareVersion(), id.fwVersion().getAsInt());
      assertEquals(info.deviceVersion(), id.deviceVersion().getAsInt());
      assertTrue(t.description().contains("partition 0 of"), t.description());
    }
  }

  @Test
  void a_device_that_goes_away_is_io_and_the_file_is_reopened() throws Exception {
    try (DeviceNodeServer server = DeviceNodeServer.start(chip(), dir.resolve("switchtec0"));
        InbandSwitchTransport t = new InbandSwitchTransport(server.node(), LONG)) {
      assertEquals(1, echoed(t.mrpc(echo(1), Deadline.in(LONG))));
      server.unplug();
      SwitchException gone =
          assertThrows(SwitchException.class, () -> t.mrpc(echo(2), Deadline.in(LONG)));
      assertEquals(SwitchException.Kind.IO, gone.kind());
      assertTrue(gone.getMessage().contains("EIO"), gone.getMessage());
      assertEquals(3, echoed(t.mrpc(echo(3), Deadline.in(LONG))));
      assertEquals(2, server.opens(), "reopened after EIO, as linux_reopen_fd does");
    }
  }

  @Test
  void a_path_that_is_not_a_switchtec_node_fails_clearly() throws Exception {
    Path missing = dir.resolve("switchtec9");
    SwitchException e1 = open(missing);
    assertEquals(SwitchException.Kind.IO, e1.kind());
    assertTrue(e1.getMessage().contains("no device node at " + missing), e1.getMessage());

    Path regular = Files.writeString(dir.resolve("switchtec0"), "not a device");
    SwitchException e2 = open(regular);
    assertEquals(SwitchException.Kind.REFUSED, e2.kind());
    assertTrue(
        e2.getMessage().contains("it is a regular file, not a char device"), e2.getMessage());

    SwitchException e3 = open(Files.createDirectory(dir.resolve("switchtec1")));
    assertTrue(e3.getMessage().contains("it is a directory"), e3.getMessage());

    // a char device the switchtec driver does not own (no device/switchtec in its sysfs entry)
    SwitchException e4 = open(Path.of("/dev/null"));
    assertEquals(SwitchException.Kind.REFUSED, e4.kind());
    assertTrue(
        e4.getMessage().contains("/dev/null is not a switchtec device node"), e4.getMessage());

    // a socket without the simulator's sysfs attributes
    try (SeqpacketSocket s = SeqpacketSocket.listen(dir.resolve("switchtec2"))) {
      SwitchException e5 = open(dir.resolve("switchtec2"));
      assertEquals(SwitchException.Kind.REFUSED, e5.kind());
      assertTrue(e5.getMessage().contains("device/switchtec does not exist"), e5.getMessage());
    }
  }

  private static SwitchException open(Path node) {
    try (InbandSwitchTransport t = new InbandSwitchTransport(node, LONG)) {
      return assertThrows(SwitchException.class, () -> t.read(SysInfo.GAS_OFFSET, 4));
    }
  }

  private interface FileCall {
    void run() throws ErrnoException;
  }

  private static int errnoOf(FileCall call) {
    return assertThrows(ErrnoException.class, call::run).errno();
  }
}

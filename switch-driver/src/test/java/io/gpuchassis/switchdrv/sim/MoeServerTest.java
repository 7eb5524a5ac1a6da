package io.gpuchassis.switchdrv.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.mrpc.CommandIds;
import io.gpuchassis.switchdrv.transport.GasEndpoint;
import io.gpuchassis.switchdrv.transport.moe.MoeBodies;
import io.gpuchassis.switchdrv.transport.moe.MoeHeader;
import io.gpuchassis.switchdrv.transport.moe.MoeSwitchTransport;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The simulated chip's MoE endpoint, spoken to with raw bytes as switchtec-user's linux-eth.c
 * speaks: what it answers, and that malformed input gets a close (or reject) and never stops the
 * endpoint from serving the next client.
 */
class MoeServerTest {

  private static final byte[] OPEN_COMMAND_0 =
      MoeHeader.open(MoeHeader.OPEN_REQUEST, 0, MoeHeader.SERVICE_COMMAND, 0).encode();

  private MoeServer server;

  @BeforeEach
  void start() throws IOException {
    server =
        MoeServer.start(
            new SimulatedSwitch(
                SimulatedSwitchConfig.referenceChip(0x6a1c0001L, 2, SimTiming.instant())));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private Socket connect() throws IOException {
    Socket s = new Socket(server.address().getAddress(), server.address().getPort());
    s.setSoTimeout(5000); // a hang fails the test instead of stalling it
    return s;
  }

  private static MoeHeader header(InputStream in) throws IOException {
    return MoeHeader.read(in);
  }

  private static void assertClosedWithClosePacket(Socket s) throws IOException {
    InputStream in = s.getInputStream();
    MoeHeader h = header(in);
    assertTrue(h.is(MoeHeader.PACKET_OPEN, MoeHeader.OPEN_CLOSE), h.toString());
    assertEquals(-1, in.read(), "the endpoint drops the connection after a close packet");
  }

  private void assertStillServing() throws IOException {
    try (Socket s = connect()) {
      s.getOutputStream().write(OPEN_COMMAND_0);
      assertTrue(header(s.getInputStream()).is(MoeHeader.PACKET_OPEN, MoeHeader.OPEN_ACCEPT));
    }
  }

  @Test
  void echo_mrpc_answers_result_and_exactly_the_output_length_asked() throws IOException {
    try (Socket s = connect()) {
      OutputStream out = s.getOutputStream();
      InputStream in = s.getInputStream();
      out.write(OPEN_COMMAND_0);
      MoeHeader accept = header(in);
      assertTrue(accept.is(MoeHeader.PACKET_OPEN, MoeHeader.OPEN_ACCEPT));
      assertEquals(0, accept.outputLengthOrCode());
      byte[] body = MoeBodies.mrpc(CommandIds.ECHO, new byte[] {1, 2, 3, 4});
      out.write(MoeHeader.command(MoeHeader.MRPC_COMMAND, body.length, 4).encodeWith(body));
      MoeHeader h = header(in);
      assertTrue(h.is(MoeHeader.PACKET_COMMAND, MoeHeader.MRPC_RESPONSE), h.toString());
      assertEquals(8, h.payloadLength(), "result u32 + the 4 output bytes asked for");
      byte[] rest = new DataInputStream(in).readNBytes(8);
      MoeBodies.Response r = MoeBodies.Response.decode(rest);
      assertEquals(0, r.result());
      assertEquals(4, r.output().length);
    }
  }

  @Test
  void gas_read_of_the_device_id_register() throws IOException {
    try (Socket s = connect()) {
      OutputStream out = s.getOutputStream();
      InputStream in = s.getInputStream();
      out.write(OPEN_COMMAND_0);
      header(in);
      byte[] body = MoeBodies.gasRead(0x2000, 4);
      out.write(MoeHeader.command(MoeHeader.GAS_COMMAND, body.length, 0).encodeWith(body));
      MoeHeader h = header(in);
      assertTrue(h.is(MoeHeader.PACKET_COMMAND, MoeHeader.GAS_RESPONSE), h.toString());
      assertEquals(8, h.payloadLength());
      MoeBodies.Response r = MoeBodies.Response.decode(in.readNBytes(8));
      assertEquals(MoeBodies.GAS_OK, r.result());
      assertEquals(4, r.output().length);
    }
  }

  @Test
  void oversize_gas_read_is_refused_with_a_result_and_no_data() throws IOException {
    try (Socket s = connect()) {
      OutputStream out = s.getOutputStream();
      InputStream in = s.getInputStream();
      out.write(OPEN_COMMAND_0);
      header(in);
      byte[] body = MoeBodies.gasRead(0, 513);
      out.write(MoeHeader.command(MoeHeader.GAS_COMMAND, body.length, 0).encodeWith(body));
      MoeHeader h = header(in);
      assertEquals(4, h.payloadLength());
      assertEquals(MoeBodies.GAS_BAD_REQUEST, MoeBodies.Response.decode(in.readNBytes(4)).result());
    }
  }

  @Test
  void bad_signature_gets_a_close() throws IOException {
    try (Socket s = connect()) {
      byte[] bad = OPEN_COMMAND_0.clone();
      bad[0] = 0x00;
      s.getOutputStream().write(bad);
      assertClosedWithClosePacket(s);
    }
    assertStillServing();
  }

  @Test
  void wrong_version_gets_a_close() throws IOException {
    try (Socket s = connect()) {
      byte[] bad = OPEN_COMMAND_0.clone();
      bad[4] = 2;
      s.getOutputStream().write(bad);
      assertClosedWithClosePacket(s);
    }
    assertStillServing();
  }

  @Test
  void command_before_open_gets_a_close() throws IOException {
    try (Socket s = connect()) {
      byte[] body = MoeBodies.gasRead(0x2000, 4);
      s.getOutputStream()
          .write(MoeHeader.command(MoeHeader.GAS_COMMAND, body.length, 0).encodeWith(body));
      assertClosedWithClosePacket(s);
    }
    assertStillServing();
  }

  @Test
  void oversize_payload_length_gets_a_close_without_reading_the_body() throws IOException {
    try (Socket s = connect()) {
      s.getOutputStream().write(OPEN_COMMAND_0);
      header(s.getInputStream());
      // 0xFFFF announced, nothing sent: the endpoint must not wait for 64 KiB
      s.getOutputStream().write(MoeHeader.command(MoeHeader.MRPC_COMMAND, 0xFFFF, 4).encode());
      assertClosedWithClosePacket(s);
    }
    assertStillServing();
  }

  @Test
  void mrpc_output_above_1024_gets_a_close() throws IOException {
    try (Socket s = connect()) {
      s.getOutputStream().write(OPEN_COMMAND_0);
      header(s.getInputStream());
      byte[] body = MoeBodies.mrpc(CommandIds.ECHO, new byte[4]);
      s.getOutputStream()
          .write(MoeHeader.command(MoeHeader.MRPC_COMMAND, body.length, 1025).encodeWith(body));
      assertClosedWithClosePacket(s);
    }
    assertStillServing();
  }

  @Test
  void unknown_instance_or_service_is_rejected_with_a_return_code() throws IOException {
    try (Socket s = connect()) {
      s.getOutputStream()
          .write(MoeHeader.open(MoeHeader.OPEN_REQUEST, 1, MoeHeader.SERVICE_COMMAND, 0).encode());
      MoeHeader h = header(s.getInputStream());
      assertTrue(h.is(MoeHeader.PACKET_OPEN, MoeHeader.OPEN_REJECT), h.toString());
      assertEquals(MoeServer.REJECT_NO_INSTANCE, h.outputLengthOrCode());
    }
    try (Socket s = connect()) {
      s.getOutputStream().write(MoeHeader.open(MoeHeader.OPEN_REQUEST, 0, 7, 0).encode());
      MoeHeader h = header(s.getInputStream());
      assertTrue(h.is(MoeHeader.PACKET_OPEN, MoeHeader.OPEN_REJECT), h.toString());
      assertEquals(MoeServer.REJECT_NO_SERVICE, h.outputLengthOrCode());
    }
    assertStillServing();
  }

  @Test
  void a_stalled_client_does_not_hold_up_another() throws IOException {
    try (Socket stalled = connect()) {
      stalled.getOutputStream().write(Arrays.copyOf(OPEN_COMMAND_0, 7)); // half a header
      assertStillServing();
    }
  }

  @Test
  void an_event_reaches_the_transport_on_its_event_channel() throws Exception {
    try (MoeSwitchTransport t =
        new MoeSwitchTransport(server.address(), 0, Duration.ofSeconds(2))) {
      t.read(0x2000, 4); // opens both channels
      assertEquals(false, t.eventOccurred());
      server.signalEvent(0);
      Instant giveUp = Instant.now().plusSeconds(10);
      boolean seen = false;
      while (!seen && Instant.now().isBefore(giveUp)) {
        seen = t.eventOccurred();
        Thread.sleep(5);
      }
      assertTrue(seen, "the event packet arrives on the event channel");
      assertEquals(false, t.eventOccurred(), "a signal is consumed once seen");
    }
  }

  @Test
  void a_bit_set_in_the_switch_event_summary_is_announced_on_the_event_channel() throws Exception {
    byte[] regs = new byte[0x3000];
    GasEndpoint gas =
        new GasEndpoint() {
          @Override
          public synchronized byte[] readGas(int offset, int length) {
            return Arrays.copyOfRange(regs, offset, offset + length);
          }

          @Override
          public synchronized boolean writeGas(int offset, byte[] data) {
            System.arraycopy(data, 0, regs, offset, data.length);
            return true;
          }

          @Override
          public int size() {
            return regs.length;
          }
        };
    try (MoeServer chip =
            MoeServer.serve(
                Map.of(0, gas), new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        MoeSwitchTransport t = new MoeSwitchTransport(chip.address(), 0, Duration.ofSeconds(2))) {
      t.read(0x2000, 4); // opens both channels
      assertEquals(false, t.eventOccurred());
      gas.writeGas(0x1820, new byte[] {0x08, 0, 0, 0}); // global_summary bit 3: SYS_RESET
      Instant giveUp = Instant.now().plusSeconds(10);
      boolean seen = false;
      while (!seen && Instant.now().isBefore(giveUp)) {
        seen = t.eventOccurred();
        Thread.sleep(5);
      }
      assertTrue(seen, "the endpoint sends an event packet when a summary bit becomes set");
    }
  }

  @Test
  void the_transport_reconnects_both_channels_after_the_endpoint_went_away() throws Exception {
    SimulatedSwitch chip =
        new SimulatedSwitch(
            SimulatedSwitchConfig.referenceChip(0x6a1c0002L, 2, SimTiming.instant()));
    // an address of its own: no client socket of this machine (those leave from 127.0.0.1) can hold
    // the port when the endpoint comes back on it
    MoeServer first =
        MoeServer.start(
            Map.of(0, chip), new InetSocketAddress(InetAddress.getByName("127.0.0.91"), 0));
    InetSocketAddress at = first.address();
    try (MoeSwitchTransport t = new MoeSwitchTransport(at, 0, Duration.ofSeconds(2))) {
      byte[] id = t.read(0x2000, 4);
      first.close();
      SwitchException lost = assertThrows(SwitchException.class, () -> t.read(0x2000, 4));
      assertEquals(SwitchException.Kind.IO, lost.kind(), lost.getMessage());
      try (MoeServer again = startAgain(chip, at)) {
        assertArrayEquals(id, t.read(0x2000, 4), "the next call opens new channels");
        again.signalEvent(0);
        Instant giveUp = Instant.now().plusSeconds(10);
        boolean seen = false;
        while (!seen && Instant.now().isBefore(giveUp)) {
          seen = t.eventOccurred();
          Thread.sleep(5);
        }
        assertTrue(seen, "the event channel was reopened as well");
      }
    }
  }

  /**
   * The endpoint back on its address. The port may still be held for a moment by the closed
   * endpoint's connections, so the bind is tried again for up to 10 s.
   */
  private static MoeServer startAgain(SimulatedSwitch chip, InetSocketAddress at) throws Exception {
    Instant giveUp = Instant.now().plusSeconds(10);
    while (true) {
      try {
        return MoeServer.start(Map.of(0, chip), at);
      } catch (IOException e) {
        if (Instant.now().isAfter(giveUp)) {
          throw e;
        }
        Thread.sleep(50);
      }
    }
  }

  @Test
  void output_of_a_failed_mrpc_still_has_the_length_asked() throws IOException {
    try (Socket s = connect()) {
      OutputStream out = s.getOutputStream();
      InputStream in = s.getInputStream();
      out.write(OPEN_COMMAND_0);
      header(in);
      byte[] body = MoeBodies.mrpc(0x7FFF, new byte[0]); // no such command
      out.write(MoeHeader.command(MoeHeader.MRPC_COMMAND, body.length, 16).encodeWith(body));
      MoeHeader h = header(in);
      assertEquals(4 + 16, h.payloadLength(), "the vendor takes any other length as EIO");
      MoeBodies.Response r = MoeBodies.Response.decode(in.readNBytes(20));
      assertTrue(r.result() != 0);
      assertArrayEquals(new byte[16], r.output());
    }
  }
}

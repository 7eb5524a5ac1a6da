package io.gpuchassis.switchdrv;

import static org.junit.jupiter.api.Assertions.fail;

import io.gpuchassis.switchdrv.command.Bind;
import io.gpuchassis.switchdrv.command.DeviceIds;
import io.gpuchassis.switchdrv.command.DieTemperature;
import io.gpuchassis.switchdrv.command.Echo;
import io.gpuchassis.switchdrv.command.FirmwareImage;
import io.gpuchassis.switchdrv.command.FirmwareStatus;
import io.gpuchassis.switchdrv.command.LinkStatus;
import io.gpuchassis.switchdrv.command.MrpcCommand;
import io.gpuchassis.switchdrv.command.PartInfo;
import io.gpuchassis.switchdrv.command.Ping;
import io.gpuchassis.switchdrv.command.PmonReadCounts;
import io.gpuchassis.switchdrv.command.PmonReadSetup;
import io.gpuchassis.switchdrv.command.PortCapabilities;
import io.gpuchassis.switchdrv.command.PortInfo;
import io.gpuchassis.switchdrv.command.ReadGpio;
import io.gpuchassis.switchdrv.command.SysInfo;
import io.gpuchassis.switchdrv.command.TopConfig;
import io.gpuchassis.switchdrv.command.Unbind;
import io.gpuchassis.switchdrv.command.VgpioPayload;
import io.gpuchassis.switchdrv.sim.SimTiming;
import io.gpuchassis.switchdrv.sim.SimulatedSwitch;
import io.gpuchassis.switchdrv.sim.SimulatedSwitchConfig;
import io.gpuchassis.switchdrv.sim.TwiSlave;
import io.gpuchassis.switchdrv.sim.UartConsole;
import io.gpuchassis.switchdrv.transport.i2c.TwiFrames;
import io.gpuchassis.switchdrv.transport.moe.MoeBodies;
import io.gpuchassis.switchdrv.transport.moe.MoeHeader;
import io.gpuchassis.switchdrv.transport.uart.UartFraming;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Feeds random, truncated and bit-flipped input to every decoder (seeded, so failures replay): the
 * only exception allowed out of a decoder is {@link SwitchException} (plus end-of-stream {@link
 * IOException} for stream readers), never an index, number-format or null-pointer error.
 */
class DecoderFuzzTest {

  private static final long SEED = 0x5EED_F00DL;
  private static final int CASES = 3000;

  private final Random rnd = new Random(SEED);

  private interface Decoder {
    void decode(byte[] input) throws Exception;
  }

  private void fuzz(String name, byte[] valid, int maxLength, Decoder d) {
    List<byte[]> inputs = new ArrayList<>();
    for (int i = 0; i < CASES; i++) {
      byte[] b = new byte[rnd.nextInt(maxLength + 1)];
      rnd.nextBytes(b);
      inputs.add(b);
    }
    for (int len = 0; len <= valid.length; len++) {
      inputs.add(Arrays.copyOf(valid, len)); // every truncation of a good answer
    }
    for (int i = 0; i < CASES; i++) {
      byte[] b = valid.clone();
      if (b.length > 0) {
        b[rnd.nextInt(b.length)] ^= (byte) (1 << rnd.nextInt(8));
      }
      inputs.add(b);
    }
    for (byte[] in : inputs) {
      try {
        d.decode(in);
      } catch (SwitchException expected) {
        // the declared failure
      } catch (java.io.EOFException expected) {
        // end of stream, declared by stream readers
      } catch (Exception | Error e) {
        fail(name + " threw " + e + " for " + Arrays.toString(in));
      }
    }
  }

  private void fuzzCommand(MrpcCommand<?> c, byte[] valid) {
    fuzz(c.toString(), valid, Math.max(16, 2 * c.outputLength()), c::decode);
  }

  private static SimulatedSwitch sim() {
    return new SimulatedSwitch(SimulatedSwitchConfig.referenceChip(1, 3, SimTiming.instant()));
  }

  @Test
  void mrpc_answer_decoders() {
    for (Generation g : List.of(Generation.GEN4, Generation.GEN5, Generation.GEN6)) {
      fuzzCommand(new DieTemperature(g), new byte[new DieTemperature(g).outputLength()]);
      fuzzCommand(new LinkStatus(g), new byte[new LinkStatus(g).outputLength()]);
      PartInfo pi = new PartInfo(g);
      fuzzCommand(pi, new byte[pi.outputLength()]);
    }
    fuzzCommand(
        PortInfo.all(),
        PortInfo.encodeAnswer(List.of(new int[] {0, 0, 1, 0x10}, new int[] {1, 255, 255, 0})));
    fuzzCommand(new Bind(0, 1, 2), new byte[4]);
    fuzzCommand(new Unbind(0, 1), new byte[4]);
    fuzzCommand(new PmonReadCounts(0, 0, 6, false), new byte[48]);
    fuzzCommand(new PmonReadSetup(0, 0, 6), new byte[54]);
    fuzzCommand(new FirmwareStatus(), new byte[4]);
    fuzzCommand(new Echo(5), new byte[] {~5, -1, -1, -1});
    fuzzCommand(new Ping(5), Ping.encodeAnswer(BootPhase.MAIN_FIRMWARE, 0, 2, 5));
    fuzzCommand(new ReadGpio(0x10), new VgpioPayload(VgpioPayload.SUB_GET_VALUE, 0x10, 1).encode());
  }

  @Test
  void gas_block_decoders() {
    SimulatedSwitch s = sim();
    fuzz("sys_info", s.gas().readGas(SysInfo.GAS_OFFSET, SysInfo.LENGTH), 400, SysInfo::decode);
    fuzz(
        "top config",
        s.gas().readGas(TopConfig.GAS_OFFSET, TopConfig.LENGTH),
        300,
        TopConfig::decode);
    fuzz(
        "PFF config",
        s.gas().readGas(PortCapabilities.PFF_BASE, PortCapabilities.CONFIG_LENGTH),
        300,
        PortCapabilities::decode);
    byte[] image =
        FirmwareImage.build(
            FirmwareType.IMG, Generation.GEN6, FirmwareVersion.parse("9.20 B04A"), 1, new byte[64]);
    fuzz("firmware image", image, 800, in -> FirmwareImage.parse(in, Generation.GEN6));
    for (int i = 0; i < CASES; i++) {
      int id = rnd.nextInt(0x10000);
      try {
        DeviceIds.variant(id);
        DeviceIds.lanes(id);
      } catch (SwitchException expected) {
        // unknown part
      }
    }
  }

  @Test
  void twi_decoders() {
    int addr = 0x59;
    byte[] req = TwiFrames.gasReadRequest(0x804, 8);
    fuzz(
        "TWI GAS_READ",
        TwiFrames.encodeGasRead(addr, req, new byte[8], 0),
        16,
        in -> TwiFrames.decodeGasRead(addr, req, in, 8));
    fuzz(
        "TWI write status",
        TwiFrames.encodeWriteStatus(addr, 3, 0),
        6,
        in -> TwiFrames.decodeWriteStatus(addr, in));
    fuzz("TWI cap", TwiFrames.encodeCap(addr, 0x80), 4, in -> TwiFrames.decodeCap(addr, in));
    fuzz(
        "TWI GAS_WRITE parse",
        TwiFrames.gasWrite(addr, 1, 0x800, new byte[] {4, 0, 0, 0}),
        40,
        in -> TwiFrames.parseGasWrite(addr, in));
  }

  @Test
  void moe_decoders() {
    byte[] header = MoeHeader.command(MoeHeader.MRPC_COMMAND, 8, 16).encode();
    fuzz("MoE header", header, 16, MoeHeader::decode);
    fuzz("MoE header read", header, 16, in -> MoeHeader.read(new ByteArrayInputStream(in)));
    fuzz(
        "MoE GAS command",
        MoeBodies.gasWrite(0x800, new byte[4]),
        20,
        MoeBodies.GasCommand::decode);
    fuzz("MoE response", MoeBodies.response(0, new byte[4]), 12, MoeBodies.Response::decode);
  }

  @Test
  void uart_decoders() {
    byte[] data = {0, 0x58, 0, 0, 0};
    String read = UartFraming.readReply(3, data) + UartFraming.prompt(1);
    String write = UartFraming.writeReply(0x84, 0x84) + UartFraming.prompt(2);
    byte[] wdata = {(byte) 0xff, (byte) 0xee, (byte) 0xdd, (byte) 0xcc, (byte) 0xbb, (byte) 0xaa};
    String alphabet = "gas_reg_read<0x>[Byte]CRC: 0123456789abcdefABCDEF\r\n,not hit/success Error";
    for (String valid : List.of(read, write)) {
      Decoder d =
          valid == read
              ? in -> UartFraming.parseReadReply(text(in), 3, 5)
              : in -> UartFraming.parseWriteReply(text(in), 5, wdata);
      fuzz("UART", valid.getBytes(StandardCharsets.ISO_8859_1), 120, d);
      for (int i = 0; i < CASES; i++) {
        StringBuilder sb = new StringBuilder(valid);
        for (int k = rnd.nextInt(4); k >= 0; k--) {
          int at = rnd.nextInt(sb.length());
          sb.setCharAt(at, alphabet.charAt(rnd.nextInt(alphabet.length())));
        }
        try {
          d.decode(sb.toString().getBytes(StandardCharsets.ISO_8859_1));
        } catch (SwitchException expected) {
          // garbled
        } catch (Exception e) {
          fail("UART decoder threw " + e + " for " + sb);
        }
      }
    }
  }

  private static String text(byte[] in) {
    return new String(in, StandardCharsets.ISO_8859_1);
  }

  @Test
  void simulator_wire_front_ends_survive_garbage() {
    SimulatedSwitch s = sim();
    UartConsole console = new UartConsole(s);
    TwiSlave slave = new TwiSlave(s, 0x59);
    for (int i = 0; i < CASES; i++) {
      byte[] b = new byte[rnd.nextInt(64)];
      rnd.nextBytes(b);
      console.feed(b, b.length);
      try {
        if (rnd.nextBoolean()) {
          slave.write(b);
        } else {
          slave.combined(b, rnd.nextInt(30));
        }
      } catch (TwiSlave.NakException expected) {
        // a command byte the slave does not know is NAKed
      }
    }
  }
}

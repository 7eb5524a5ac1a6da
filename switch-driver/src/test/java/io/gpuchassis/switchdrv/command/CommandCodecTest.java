package io.gpuchassis.switchdrv.command;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.switchdrv.BindState;
import io.gpuchassis.switchdrv.Binding;
import io.gpuchassis.switchdrv.BootPhase;
import io.gpuchassis.switchdrv.FirmwarePartition;
import io.gpuchassis.switchdrv.FirmwarePartitions;
import io.gpuchassis.switchdrv.FirmwareType;
import io.gpuchassis.switchdrv.FirmwareVersion;
import io.gpuchassis.switchdrv.Generation;
import io.gpuchassis.switchdrv.SwitchException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Golden payloads and answers of every MRPC command; layouts from the reference §2 (section per
 * test).
 */
class CommandCodecTest {

  static byte[] b(int... v) {
    byte[] out = new byte[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = (byte) v[i];
    }
    return out;
  }

  @Test
  void command_word_carries_local_pax_id_before_gen6() {
    // §1.1: Gen3-5 firmware sees 0x007C0004 for DIETEMP (0x1F << 18 | 0x04); Gen6 adds nothing
    assertEquals(
        0x007C0004, new DieTemperature(Generation.GEN4).toRequest(Generation.GEN4).commandWord());
    assertEquals(
        0x00000004, new DieTemperature(Generation.GEN6).toRequest(Generation.GEN6).commandWord());
  }

  @Test
  void die_temperature() {
    // §2.3: Gen6 sub 4 -> four u32 in 1/100 degC (mean); Gen4 sub 2 -> one u32
    DieTemperature g6 = new DieTemperature(Generation.GEN6);
    assertArrayEquals(b(4, 0, 0, 0), g6.payload());
    assertEquals(16, g6.outputLength());
    // 0x117C 0x1195 0x11AF 0x11C8 = 4476 4501 4527 4552 -> mean 45.14
    assertEquals(
        45.14,
        g6.decode(b(0x7C, 0x11, 0, 0, 0x95, 0x11, 0, 0, 0xAF, 0x11, 0, 0, 0xC8, 0x11, 0, 0)),
        1e-9);
    DieTemperature g4 = new DieTemperature(Generation.GEN4);
    assertArrayEquals(b(2, 0, 0, 0), g4.payload());
    assertEquals(45.0, g4.decode(b(0x94, 0x11, 0, 0)), 1e-9); // 0x1194 = 4500
  }

  @Test
  void link_status_gen6() {
    // §2.4: Gen6 input 16 zero bytes, output 20 x 12-byte records
    LinkStatus cmd = new LinkStatus(Generation.GEN6);
    assertArrayEquals(new byte[16], cmd.payload());
    assertEquals(240, cmd.outputLength());
    byte[] out = new byte[240];
    java.util.Arrays.fill(out, (byte) 0xFF);
    // port 5: par 0, log 0, stk 0x05, cfg x16, neg x16, USP, up at Gen5 (0x85), LTSSM class 3,
    // flat code 0x11 "L0 (ACTIVE)" in the second byte (ltssm_minor, switchtec-user v4.5)
    System.arraycopy(b(5, 0, 0, 0x05, 16, 16, 1, 0x85, 0x03, 0x11, 0, 0), 0, out, 0, 12);
    // port 0: unbound (255), down, LTSSM 0 Detect
    System.arraycopy(b(0, 255, 0, 0x00, 16, 0, 0, 0x00, 0x00, 0, 0, 0), 0, out, 12, 12);
    List<LinkStatusRecord> recs = cmd.decode(out);
    assertEquals(2, recs.size()); // 18 unused records (stack 0xF > 10) dropped
    LinkStatusRecord usp = recs.get(0);
    assertTrue(usp.upstream());
    assertTrue(usp.linkUp());
    assertEquals(5, usp.rate());
    assertTrue(usp.ltssm(Generation.GEN6).isL0());
    assertEquals(255, recs.get(1).partition());
    assertFalse(recs.get(1).linkUp());
  }

  @Test
  void link_status_record_gen4_encoding() {
    // §2.4: Gen3-5 ltssm is a u16, low byte major; 0x0103 = "L0 (L0)" -> bytes 03 01
    LinkStatusRecord r = new LinkStatusRecord(9, 1, 2, 0x11, 8, 4, false, true, 4, 3, 1, 0, 0);
    io.gpuchassis.switchdrv.wire.LeWriter w = new io.gpuchassis.switchdrv.wire.LeWriter();
    r.write(w, Generation.GEN4);
    assertArrayEquals(b(9, 1, 2, 0x11, 8, 4, 0, 0x84, 0x03, 0x01, 0, 0), w.toBytes());
    assertEquals(52 * 12, new LinkStatus(Generation.GEN4).outputLength());
    assertArrayEquals(new byte[8], new LinkStatus(Generation.GEN4).payload());
  }

  @Test
  void port_info_bind_unbind() {
    // §2.5: PORT_INFO {2, phys (0xFF all), 0, 0}; BIND {0, par, log, phys}; UNBIND {1, par, log,
    // opt=2}
    assertArrayEquals(b(2, 0xFF, 0, 0), PortInfo.all().payload());
    assertArrayEquals(b(0, 0, 1, 3), new Bind(0, 1, 3).payload());
    assertArrayEquals(b(1, 1, 2, 2), new Unbind(1, 2).payload());
    assertEquals(0x0C, new Bind(0, 1, 3).commandId());
    // answer: count 3; port 0 bound to (0,1) ok (0x10); port 1 unbound (255); port 2 binding in
    // progress (0x02)
    List<Binding> list =
        PortInfo.all().decode(b(3, 0, 0, 0, 0, 0, 1, 0x10, 1, 255, 255, 0x00, 2, 1, 4, 0x02));
    assertEquals(new Binding(0, 0, 1, BindState.BOUND), list.get(0));
    assertEquals(new Binding(1, -1, -1, BindState.UNBOUND), list.get(1));
    assertEquals(BindState.IN_PROGRESS, list.get(2).state());
    assertEquals(BindState.FAILED, BindState.fromByte(0x01));
    assertThrows(IllegalArgumentException.class, () -> new Bind(0, 0, 3)); // logical 0 is the USP
  }

  @Test
  void pmon_setup_and_reads() {
    // §2.7: setup {0, stack, counter, n} + 9-byte {mask = type<<8 | ports, ieg, thresh}
    PmonCounterSetup rx = new PmonCounterSetup(0x02, PmonEvents.RECEIVER_ERROR, false, 0);
    // receiver error = bit 14 -> mask = 0x4000 << 8 | 0x02 = 0x00400002
    assertArrayEquals(
        b(0, 0, 8, 1, 0x02, 0x00, 0x40, 0x00, 0x00, 0, 0, 0, 0),
        new PmonSetup(0, 8, List.of(rx)).payload());
    assertArrayEquals(b(2, 0, 8, 2, 0), new PmonReadCounts(0, 8, 2, false).payload());
    assertEquals(
        List.of(5L, 7L),
        new PmonReadCounts(0, 8, 2, false)
            .decode(b(5, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0)));
    assertArrayEquals(b(3, 1, 16, 6), new PmonReadSetup(1, 16, 6).payload());
    assertEquals(
        List.of(rx),
        new PmonReadSetup(0, 8, 1).decode(b(0x02, 0x00, 0x40, 0x00, 0x00, 0, 0, 0, 0)));
    // an egress counter of a type above bit 23 carries the high type bits in ieg
    PmonCounterSetup high = new PmonCounterSetup(1, 1 << 25, true, 9);
    assertEquals(
        List.of(high), PmonCounterSetup.decodeAll(PmonCounterSetup.encodeAll(List.of(high)), 0, 1));
  }

  @Test
  void part_info_layout() {
    // §2.8 + computed struct layout: one sub-command byte (Gen4 0, Gen5 4, Gen6 8); 64-byte header,
    // 32-byte records MAP0/1 KEY0/1 BL2_0/1 CFG0/1 IMG0/1 NVLOG + 8 vendor -> 672 bytes (Gen5 +
    // RIOT0/1 -> 736, Gen6 + CERT0/1 DBG0/1 after NVLOG -> 800; see PartInfoGoldenTest)
    assertArrayEquals(b(8), new PartInfo(Generation.GEN6).payload());
    assertArrayEquals(b(0), new PartInfo(Generation.GEN4).payload());
    assertArrayEquals(b(4), new PartInfo(Generation.GEN5).payload());
    assertEquals(800, new PartInfo(Generation.GEN6).outputLength());
    assertEquals(736, new PartInfo(Generation.GEN5).outputLength());
    byte[] answer = new byte[800];
    io.gpuchassis.switchdrv.wire.LeWriter.putU32(
        answer, 0, 0x0920004A); // firmware_version 9.20 B04A
    io.gpuchassis.switchdrv.wire.LeWriter.putU32(answer, 4, 16 << 20); // flash_size
    int img1 = 64 + 9 * 32; // records: map0 map1 key0 key1 bl2_0 bl2_1 cfg0 cfg1 img0 img1
    System.arraycopy(
        b(
            0x78, 0x56, 0x34, 0x12, 0x00, 0x10, 0, 0, 0x20, 0x09, 1, 1, 0, 0, 0x14, 0, 0xFF, 0xFF,
            0x53, 0, 0, 0, 0, 0, 0, 0, 0x10, 0, 0, 1, 0, 0),
        0,
        answer,
        img1,
        32);
    FirmwarePartitions parts = new PartInfo(Generation.GEN6).decode(answer);
    assertEquals("9.20 B04A", parts.firmwareVersion().toString());
    FirmwarePartition p = parts.find(FirmwareType.IMG, 1).orElseThrow();
    assertEquals(0x12345678L, p.imageCrc());
    assertEquals(0x1000, p.imageLength());
    assertEquals(0x0920, p.imageVersion());
    assertTrue(p.valid() && p.active() && p.running());
    assertEquals(0x140000, p.start());
    assertEquals(0x100000L * 4, p.sizeBytes());
    assertEquals(15, parts.partitions().size());
    // the simulator's encoder produces the same layout
    List<FirmwarePartition> all = new ArrayList<>(parts.partitions());
    assertEquals(
        parts,
        new PartInfo(Generation.GEN6)
            .decode(
                PartInfo.encodeAnswer(
                    Generation.GEN6, parts.firmwareVersion(), parts.flashSize(), 0x6260, all)));
  }

  @Test
  void firmware_download_commands() {
    // §2.8: GET_STATUS u32 sub 0 -> {dlstatus, bgstatus, rsvd u16}
    assertArrayEquals(b(0, 0, 0, 0), new FirmwareStatus().payload());
    assertEquals(new DownloadStatus(7, 2), new FirmwareStatus().decode(b(7, 2, 0, 0)));
    // DOWNLOAD header {1, dont_activate, rsvd[2], offset, img_length, blk_length} + data, always
    // 1024 bytes
    byte[] p = new FirmwareDownloadBlock(true, 1008, 2000, b(0xAA, 0xBB, 0xCC)).payload();
    assertEquals(1024, p.length);
    assertArrayEquals(
        b(1, 1, 0, 0, 0xF0, 0x03, 0, 0, 0xD0, 0x07, 0, 0, 3, 0, 0, 0, 0xAA, 0xBB, 0xCC, 0),
        java.util.Arrays.copyOf(p, 20));
    // TOGGLE {2, fw, cfg, bl2, key, riot, rsvd u16}: never retried
    FirmwareToggle t = new FirmwareToggle(true, false, false, false, false);
    assertArrayEquals(b(2, 1, 0, 0, 0, 0, 0, 0), t.payload());
    assertFalse(t.retrySafe());
    assertFalse(t.toRequest(Generation.GEN6).retrySafe());
  }

  @Test
  void port_control_reset_echo_ping() {
    // §2.6: PORT_CONTROL 0x8D {control 3 = hot reset, phys, hot_reset_flag 0, rsvd}
    assertArrayEquals(b(3, 7, 0, 0), PortControl.hotReset(7).payload());
    assertEquals(0x8D, PortControl.hotReset(7).commandId());
    // §1.1: RESET 0x1B sub u32 0; no completion polled, never retried
    HardReset r = new HardReset();
    assertArrayEquals(b(0, 0, 0, 0), r.payload());
    assertFalse(r.awaitsCompletion());
    assertFalse(r.retrySafe());
    // §2.2: ECHO returns the bitwise NOT
    assertArrayEquals(b(0x78, 0x56, 0x34, 0x12), new Echo(0x12345678).payload());
    assertEquals(~0x12345678, new Echo(0x12345678).decode(b(0x87, 0xA9, 0xCB, 0xED)));
    assertThrows(SwitchException.class, () -> new Echo(1).decode(b(1, 0, 0, 0)));
    // §2.2: PING dev_info 0x2003 = Gen6 (2 << 12), RevB (0), main firmware (3); reply = NOT input
    Ping.Answer a = new Ping(0x11223344).decode(b(0x03, 0x20, 0, 0, 0xBB, 0xCC, 0xDD, 0xEE));
    assertEquals(new Ping.Answer(BootPhase.MAIN_FIRMWARE, 0, 2), a);
    assertArrayEquals(
        b(0x03, 0x20, 0, 0, 0xBB, 0xCC, 0xDD, 0xEE),
        Ping.encodeAnswer(BootPhase.MAIN_FIRMWARE, 0, 2, 0x11223344));
  }

  @Test
  void firmware_version_word() {
    // §2.2: major 31:24, minor 23:16, build 15:0, printed "%x.%02x B%03X"
    assertEquals("9.20 B04A", FirmwareVersion.fromWord(0x0920004A).toString());
    assertEquals(0x0920004A, FirmwareVersion.parse("9.20 B04A").word());
    assertEquals(Generation.GEN6, FirmwareVersion.parse("9.20 B04A").generation());
    assertEquals(Generation.GEN4, FirmwareVersion.parse("4.40 B123").generation());
  }

  @Test
  void vgpio_get_and_set_value() {
    // §2.9: VGPIO 0x02 {sub u8, rsvd u8, log_gpio_id u16 LE, data u8, rsvd[3]}; sub 2 get value, 3
    // set value
    ReadGpio get = new ReadGpio(0x0123);
    assertEquals(0x02, get.commandId());
    assertEquals(0x007C0002, get.toRequest(Generation.GEN4).commandWord());
    assertArrayEquals(b(2, 0, 0x23, 0x01, 0, 0, 0, 0), get.payload());
    assertEquals(8, get.outputLength());
    // the answer is the same struct with data = the pin's level
    assertTrue(get.decode(b(2, 0, 0x23, 0x01, 1, 0, 0, 0)));
    assertFalse(get.decode(b(2, 0, 0x23, 0x01, 0, 0, 0, 0)));
    assertEquals(
        SwitchException.Kind.PROTOCOL,
        assertThrows(SwitchException.class, () -> get.decode(b(2, 0, 0x23, 0x01))).kind());

    WriteGpio high = new WriteGpio(0xBEEF, true);
    assertEquals(0x02, high.commandId());
    assertArrayEquals(b(3, 0, 0xEF, 0xBE, 1, 0, 0, 0), high.payload());
    assertArrayEquals(b(3, 0, 0xEF, 0xBE, 0, 0, 0, 0), new WriteGpio(0xBEEF, false).payload());
    assertEquals(0, high.outputLength());
    assertTrue(high.retrySafe());
    assertThrows(IllegalArgumentException.class, () -> new ReadGpio(0x10000));
    assertThrows(IllegalArgumentException.class, () -> new WriteGpio(-1, true));
  }
}

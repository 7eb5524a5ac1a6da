package io.gpuchassis.switchdrv.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The MRPCs technicians run from switchtec-user, answered through the mailbox as its structs
 * expect. Expected layouts are written out from the vendor's headers (cited per test), not from the
 * simulator's encoders.
 */
class TechnicianMrpcsTest {

  private final SimulatedSwitch sim =
      new SimulatedSwitch(
          SimulatedSwitchConfig.builder(ChipIdentity.pfx160Gen6(0x6a1c0001L))
              .timing(SimTiming.instant())
              .port(0, 16, 5, Attachment.gpu(5, 16))
              .port(5, 16, 5, Attachment.host(0))
              .bind(0, 1, 0)
              .presenceGpio(3, 0)
              .outputGpio(33, true)
              .build());

  /** Runs one MRPC through the mailbox: {return value, output bytes}. */
  private Object[] mrpc(int command, byte[] input) {
    sim.gas().writeGas(0x0, input);
    sim.gas().writeGas(0x800, le32(command));
    int status = u32(sim.gas().readGas(0x804, 4), 0);
    assertTrue(status == 2 || status == 0xFF, "done or error, was " + status);
    return new Object[] {u32(sim.gas().readGas(0x808, 4), 0), sim.gas().readGas(0x400, 1024)};
  }

  private static byte[] le32(int v) {
    return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array();
  }

  private static int u32(byte[] b, int off) {
    return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getInt(off);
  }

  private static long u64(byte[] b, int off) {
    return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getLong(off);
  }

  @Test
  void fwlogrd_gen6_ram_log_is_read_in_log_a_records_until_nothing_remains() {
    // inc/switchtec/log.h struct log_a_retr: sub_cmd_id u8, from_end u8, reserved1[6], count u32
    // @8, reserved2 u32 @12, start u32 @16; MRPC_FWLOGRD_RAM_GEN5 = 11 (inc/switchtec/mrpc.h)
    byte[] cmd = new byte[20];
    cmd[0] = 11;
    ByteBuffer.wrap(cmd).order(ByteOrder.LITTLE_ENDIAN).putInt(16, -1);
    Object[] r = mrpc(0x06, cmd);
    assertEquals(0, r[0]);
    byte[] out = (byte[]) r[1];
    // struct log_a_retr_hdr: sub_cmd_id u8, from_end u8, overflow u8, reserved1 u8, total u32 @4,
    // count u32 @8, remain u32 @12, next_start u32 @16, sdk_version @20, fw_version @24
    assertEquals(11, out[0]);
    int total = u32(out, 4);
    int count = u32(out, 8);
    assertTrue(count >= 2, "the boot entries and the port's link-up");
    assertEquals(total, count + u32(out, 12));
    assertEquals(count, u32(out, 16), "next_start");
    assertEquals(u32(sim.gas().readGas(0x2008, 4), 0), u32(out, 24), "fw_version as sys_info");
    // struct log_a_data data[8] from offset 32; data[2] = severity << 28 | module << 16 | entry
    int word2 = u32(out, 32 + 8);
    assertEquals(1, (word2 >> 16) & 0xFFF, "module of the first entry: boot");
    assertTrue(((word2 >>> 28) & 0xF) <= 5, "a severity the parser knows");
  }

  @Test
  void fwlogrd_refuses_the_gen4_sub_commands_on_gen6() {
    byte[] cmd = new byte[20];
    cmd[0] = 13; // MRPC_FWLOGRD_RAM_WITH_FLAG
    assertEquals(0x64004, mrpc(0x06, cmd)[0], "ERR_SUBCMD_INVALID");
  }

  @Test
  void rtc_counts_microseconds_and_can_be_set() {
    // inc/switchtec/switchtec.h struct switchtec_rtc (not packed): sub_cmd u8 @0, rtc_counter u64
    // @8; enum RTC_OPERATION: MRPC_RTC_RESET 0, MRPC_RTC_SET 1, MRPC_RTC_GET 2
    byte[] set = new byte[16];
    set[0] = 1;
    ByteBuffer.wrap(set).order(ByteOrder.LITTLE_ENDIAN).putLong(8, 5_000_000_000L);
    assertEquals(0, mrpc(0x14C, set)[0]);
    byte[] get = new byte[16];
    get[0] = 2;
    long counter = u64((byte[]) mrpc(0x14C, get)[1], 8);
    assertTrue(counter >= 5_000_000_000L && counter < 5_000_000_000L + 60_000_000L, "" + counter);
  }

  @Test
  void multi_cfg_answers_one_configuration_at_the_running_cfg_partition() {
    // lib/fw.c multicfg_subcmd: input u32 = subcmd | index << 8, output u32; MRPC_MULTI_CFG_*:
    // SUPPORTED 0, COUNT 1, ACTIVE 2, START_ADDR 3, LENGTH 4
    assertEquals(1, u32((byte[]) mrpc(0x1D, le32(0))[1], 0));
    assertEquals(1, u32((byte[]) mrpc(0x1D, le32(1))[1], 0));
    assertEquals(0, u32((byte[]) mrpc(0x1D, le32(2))[1], 0));
    assertTrue(u32((byte[]) mrpc(0x1D, le32(4))[1], 0) > 0, "length of configuration 0");
    assertEquals(0x64006, mrpc(0x1D, le32(3 | 1 << 8))[0], "no configuration 1");
  }

  @Test
  void gpio_all_pin_status_has_a_bit_per_logical_pin() {
    // struct switchtec_gpio {sub_cmd u8, resvd u8, log_gpio_id u16, data u8, resvd1[3]}, sub
    // MRPC_VPGIO_GET_PIN_STS = 7; struct switchtec_gpio_sts_out {sub_cmd u8, resvd u8, pin_num
    // u16, pin_values u32[30]}
    byte[] in = {7, 0, 0, 0, 0, 0, 0, 0};
    byte[] out = (byte[]) mrpc(0x02, in)[1];
    assertEquals(7, out[0]);
    // pin 3: presence of a GPU, PRSNT# low, so 0; pin 33: an output set high at boot
    assertEquals(0, u32(out, 4) & 1 << 3);
    assertEquals(1 << 1, u32(out, 8), "pin 33 is bit 1 of the second word");
  }

  @Test
  void presence_is_released_while_the_card_is_pulled_out() {
    byte[] in = {2, 0, 3, 0, 0, 0, 0, 0}; // MRPC_VGPIO_GET_VAL, pin 3: port 0's PRSNT#
    assertEquals(0, ((byte[]) mrpc(0x02, in)[1])[4], "a card is seated");
    var pulled = sim.faults().surpriseDown(0);
    assertEquals(1, ((byte[]) mrpc(0x02, in)[1])[4], "pulled out: the pull-up wins");
    pulled.clear();
    assertEquals(0, ((byte[]) mrpc(0x02, in)[1])[4], "back");
  }

  @Test
  void gpio_get_value_answers_the_struct_it_was_asked_with() {
    byte[] in = {2, 0, 33, 0, 0, 0, 0, 0}; // MRPC_VGPIO_GET_VAL, pin 33
    byte[] out = (byte[]) mrpc(0x02, in)[1];
    assertArrayEquals(new byte[] {2, 0, 33, 0, 1, 0, 0, 0}, Arrays.copyOf(out, 8));
  }

  @Test
  void fwlogrd_on_gen4_answers_the_with_flag_sub_command_and_the_legacy_one() {
    SimulatedSwitch gen4 =
        new SimulatedSwitch(
            SimulatedSwitchConfig.builder(
                    new ChipIdentity(
                        0x11F8,
                        0x4000,
                        77,
                        io.gpuchassis.switchdrv.FirmwareVersion.parse("4.40 B123"),
                        "PFX 100xG4",
                        1))
                .timing(SimTiming.instant())
                .port(0, 16, 4, Attachment.host(0))
                .build());
    for (int sub : new int[] {13, 0}) { // MRPC_FWLOGRD_RAM_WITH_FLAG, then MRPC_FWLOGRD_RAM
      byte[] cmd = new byte[20];
      cmd[0] = (byte) sub;
      ByteBuffer.wrap(cmd).order(ByteOrder.LITTLE_ENDIAN).putInt(16, -1);
      gen4.gas().writeGas(0x0, cmd);
      gen4.gas().writeGas(0x800, le32(0x06));
      assertEquals(2, u32(gen4.gas().readGas(0x804, 4), 0), "sub " + sub + " done");
      byte[] out = gen4.gas().readGas(0x400, 64);
      assertEquals(sub, out[0]);
      assertEquals(2, u32(out, 8), "the two boot entries");
      // log_a_to_file zeroes the versions itself before Gen5; the chip reports none
      assertEquals(0, u32(out, 24));
    }
    byte[] cmd = new byte[20];
    cmd[0] = 11; // the Gen5 sub-command does not exist on Gen4
    gen4.gas().writeGas(0x0, cmd);
    gen4.gas().writeGas(0x800, le32(0x06));
    assertEquals(0x64004, u32(gen4.gas().readGas(0x808, 4), 0));
  }
}

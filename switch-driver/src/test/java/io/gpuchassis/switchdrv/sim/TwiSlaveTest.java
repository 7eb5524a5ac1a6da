package io.gpuchassis.switchdrv.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gpuchassis.switchdrv.command.SysInfo;
import io.gpuchassis.switchdrv.transport.i2c.TwiFrames;
import org.junit.jupiter.api.Test;

/**
 * The TWI slave answers reads only inside the combined transaction that selected them (reference
 * §1.3).
 */
class TwiSlaveTest {

  private static final int ADDRESS = 0x59;

  private final SimulatedSwitch sim =
      new SimulatedSwitch(SimulatedSwitchConfig.referenceChip(0x6a1c0001L, 1, SimTiming.instant()));
  private final TwiSlave slave = new TwiSlave(sim, ADDRESS);

  @Test
  void combined_get_cap_reports_enhanced_mode() {
    byte[] answer = slave.combined(TwiFrames.getCapRequest(), 2);
    assertEquals(TwiFrames.CAP_ENHANCED_MODE, TwiFrames.decodeCap(ADDRESS, answer)); // PEC checked
  }

  @Test
  void combined_gas_read_answers_the_gas_bytes() {
    byte[] request = TwiFrames.gasReadRequest(SysInfo.GAS_OFFSET, 8);
    byte[] answer = slave.combined(request, TwiFrames.gasReadResponseLength(8));
    TwiFrames.ReadAnswer a = TwiFrames.decodeGasRead(ADDRESS, request, answer, 8);
    assertEquals(TwiFrames.STATUS_OK, a.status());
    assertArrayEquals(sim.gas().readGas(SysInfo.GAS_OFFSET, 8), a.data());
    assertEquals(
        0x6260, (a.data()[0] & 0xFF) | (a.data()[1] & 0xFF) << 8, "device ID, little-endian");
  }

  @Test
  void combined_get_write_status_reports_the_last_gas_write() {
    byte[] data = {1, 2, 3, 4};
    slave.write(TwiFrames.gasWrite(ADDRESS, 77, 0x10, data));
    TwiFrames.WriteStatus s =
        TwiFrames.decodeWriteStatus(ADDRESS, slave.combined(TwiFrames.getWriteStatusRequest(), 3));
    assertEquals(77, s.tag());
    assertEquals(TwiFrames.STATUS_OK, s.status());
    assertArrayEquals(data, sim.gas().readGas(0x10, 4), "GAS_WRITE is a write-only transaction");
  }

  @Test
  void a_read_after_a_selecting_write_that_ended_with_a_stop_is_nakked() {
    slave.write(TwiFrames.getCapRequest()); // acknowledged...
    assertThrows(TwiSlave.NakException.class, () -> slave.read(2)); // ...but the STOP ended it

    slave.write(TwiFrames.gasReadRequest(SysInfo.GAS_OFFSET, 4));
    assertThrows(TwiSlave.NakException.class, () -> slave.read(TwiFrames.gasReadResponseLength(4)));

    slave.write(TwiFrames.getWriteStatusRequest());
    assertThrows(TwiSlave.NakException.class, () -> slave.read(3));
  }

  @Test
  void a_combined_transaction_whose_write_half_selects_nothing_gets_its_read_nakked() {
    byte[] data = {9, 8, 7, 6};
    assertThrows(
        TwiSlave.NakException.class,
        () -> slave.combined(TwiFrames.gasWrite(ADDRESS, 5, 0x20, data), 3));
    assertArrayEquals(data, sim.gas().readGas(0x20, 4), "the write half itself was acknowledged");
  }
}

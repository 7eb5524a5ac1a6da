package io.gpuchassis.switchdrv.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuchassis.switchdrv.DriverOptions;
import io.gpuchassis.switchdrv.SwitchtecDriver;
import io.gpuchassis.switchdrv.transport.InMemorySwitchTransport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The GAS event registers as switchtec-user reads them. Offsets are written out from the vendor's
 * {@code inc/switchtec/registers.h} (struct sw_event_regs at 0x1800, struct part_cfg_regs at 0x4000
 * + p × 0x400, struct pff_csr_regs at 0x134000 + i × 0x1000) and the summary bit numbers from
 * {@code lib/events.c} (EVBIT tables), not from the simulator's own constants.
 */
class EventRegistersTest {

  // struct sw_event_regs: event_report_ctrl u64, reserved1 u64, part_event_bitmap u64 @0x10,
  // reserved2 u64, global_summary u32 @0x20
  private static final int PART_EVENT_BITMAP = 0x1810;
  private static final int GLOBAL_SUMMARY = 0x1820;
  // struct part_cfg_regs: status, state, port_cnt, usp_port_mode, usp_pff_inst_id @0x10,
  // vep_pff_inst_id @0x14, dsp_pff_inst_id[47] @0x18, reserved1[11], vector numbers @0x100,
  // port_event_bitmap @0x104, reserved2[3], part_event_summary @0x114, reserved3[3],
  // part_reset_hdr @0x124, mrpc_comp_hdr @0x13C, mrpc_comp_async_hdr @0x154, dyn_binding_hdr @0x16C
  private static final int PART0 = 0x4000;
  private static final int PART1 = 0x4400;
  // struct pff_csr_regs: config space 0x000-0x7FF, indirect window 0x800-0xA03, reserved[127],
  // pff_event_summary @0xC00, reserved2[3], then {hdr, data[5]} from aer_in_p2p_hdr @0xC10:
  // aer_in_vep 0xC28, dpc 0xC40, cts 0xC58, uec 0xC70, hotplug 0xC88, ..., link_state 0xD30
  private static final int PFF0 = 0x134000;
  private static final int PFF1 = 0x135000;

  private SimulatedSwitch sim;

  @BeforeEach
  void boot() {
    SimulatedSwitchConfig.Builder b =
        SimulatedSwitchConfig.builder(ChipIdentity.pfx160Gen6(0x6a1c0001L))
            .timing(SimTiming.instant())
            .partitions(2);
    b.port(0, 16, 5, Attachment.gpu(5, 16));
    b.port(1, 16, 5, Attachment.gpu(5, 16));
    b.port(5, 16, 5, Attachment.host(0));
    b.port(6, 16, 5, Attachment.host(1));
    b.bind(0, 1, 0);
    sim = new SimulatedSwitch(b.build());
    acknowledgeAll(); // the links that trained at boot are link state changes too
  }

  private int u32(int address) {
    byte[] b = sim.gas().readGas(address, 4);
    return (b[0] & 0xFF) | (b[1] & 0xFF) << 8 | (b[2] & 0xFF) << 16 | (b[3] & 0xFF) << 24;
  }

  private void write32(int address, int value) {
    sim.gas()
        .writeGas(
            address,
            new byte[] {
              (byte) value, (byte) (value >>> 8), (byte) (value >>> 16), (byte) (value >>> 24)
            });
  }

  /** What `switchtec events -r` does: write each set header back with bit 0 (CLEAR) set. */
  private void acknowledgeAll() {
    for (int pff = 0; pff < 4; pff++) {
      for (int hdr = 0xC10; hdr <= 0xD30; hdr += 0x18) {
        int a = PFF0 + pff * 0x1000 + hdr;
        int v = u32(a);
        if ((v & 1) != 0) {
          write32(a, v);
        }
      }
    }
    for (int part : new int[] {PART0, PART1}) {
      for (int hdr = 0x124; hdr <= 0x16C; hdr += 0x18) {
        int v = u32(part + hdr);
        if ((v & 1) != 0) {
          write32(part + hdr, v);
        }
      }
    }
  }

  @Test
  void partition_blocks_name_the_pff_of_every_logical_port() {
    // PFF instances are the chip's ports in order: physical 0, 1, 5, 6 are PFF 0, 1, 2, 3
    assertEquals(2, u32(PART0 + 0x10), "usp_pff_inst_id of partition 0: physical port 5");
    assertEquals(0, u32(PART0 + 0x18), "dsp_pff_inst_id[0]: logical DSP 1 is physical port 0");
    assertEquals(0xFFFFFFFF, u32(PART0 + 0x1C), "dsp_pff_inst_id[1]: nothing bound");
    assertEquals(0xFFFFFFFF, u32(PART0 + 0x14), "vep_pff_inst_id: no management endpoint");
    assertEquals(3, u32(PART1 + 0x10), "usp_pff_inst_id of partition 1: physical port 6");
  }

  @Test
  void a_quiet_chip_flags_nothing() {
    assertEquals(0, u32(PART_EVENT_BITMAP));
    assertEquals(0, u32(PART_EVENT_BITMAP + 4));
    assertEquals(0, u32(GLOBAL_SUMMARY));
    assertEquals(0, u32(PART0 + 0x114));
    assertEquals(0, u32(PFF0 + 0xC00));
  }

  @Test
  void link_down_sets_the_link_state_event_up_to_the_partition_bitmap() {
    int before = u32(PFF0 + 0xD30);
    sim.faults().linkDown(0);

    assertEquals(1, u32(PART_EVENT_BITMAP), "part_event_bitmap: partition 0");
    assertEquals(1 << 1, u32(PART0 + 0x104), "port_event_bitmap: logical port 1");
    assertEquals(1 << 12, u32(PFF0 + 0xC00), "pff_event_summary: LINK_STATE is bit 12");
    int hdr = u32(PFF0 + 0xD30);
    assertEquals(1, hdr & 1, "occurred");
    assertEquals((((before >> 5) & 0xFF) + 1) & 0xFF, (hdr >> 5) & 0xFF, "count, bits 12:5");
    assertEquals(0, u32(PFF1 + 0xC00), "the other port saw nothing");

    // event_ctl with SWITCHTEC_EVT_FLAG_CLEAR | EN_POLL writes the header back with bits 0 and 3
    write32(PFF0 + 0xD30, hdr | 1 | 1 << 3);
    int cleared = u32(PFF0 + 0xD30);
    assertEquals(0, cleared & 1, "bit 0 is write-1-to-clear");
    assertEquals(1 << 3, cleared & 0x1E, "the enable bits are kept");
    assertEquals(hdr & 0x1FE0, cleared & 0x1FE0, "the count survives the clear");
    assertEquals(0, u32(PFF0 + 0xC00));
    assertEquals(0, u32(PART_EVENT_BITMAP));
  }

  @Test
  void surprise_down_is_a_hotplug_a_link_state_change_and_an_aer_error() {
    sim.faults().surpriseDown(0);
    // AER_IN_P2P bit 0, HOTPLUG bit 5, LINK_STATE bit 12
    assertEquals(1 | 1 << 5 | 1 << 12, u32(PFF0 + 0xC00));
    assertEquals(1, u32(PFF0 + 0xC88) & 1, "hotplug_hdr occurred");
    assertEquals(1, u32(PFF0 + 0xC10) & 1, "aer_in_p2p_hdr occurred");
  }

  @Test
  void an_aer_storm_counts_one_occurrence_per_error() throws Exception {
    FaultHandle storm = sim.faults().aerStorm(0, 100_000);
    Thread.sleep(5);
    int hdr = u32(PFF0 + 0xC10);
    assertEquals(1, hdr & 1);
    assertEquals(1, u32(PFF0 + 0xC00), "only AER_IN_P2P");
    storm.clear();
  }

  @Test
  void a_finished_bind_sets_dyn_binding_in_its_partition() {
    SwitchtecDriver driver =
        SwitchtecDriver.open(
            new InMemorySwitchTransport(sim.gas(), sim.name()), DriverOptions.defaults());
    driver.bind(0, 2, 1);
    assertEquals(1 << 3, u32(PART0 + 0x114) & (1 << 3), "DYN_PART_BIND_COMP is bit 3");
    assertEquals(1, u32(PART0 + 0x16C) & 1, "dyn_binding_hdr occurred");
    assertEquals(1, u32(PART0 + 0x1C), "dsp_pff_inst_id[1] is now PFF 1");
    assertEquals(1, u32(PART_EVENT_BITMAP) & 1);
  }

  @Test
  void a_non_pax_chip_has_no_fabric_manager_event() {
    assertEquals(0x80000000, u32(0x1800 + 0x168), "gfms_event_hdr: bit 31, not supported");
  }
}

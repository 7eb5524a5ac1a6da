package io.gpuchassis.agent.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.chassis.SwitchObservation;
import io.gpuchassis.switchdrv.DriverOptions;
import io.gpuchassis.switchdrv.SwitchtecDriver;
import io.gpuchassis.switchdrv.mrpc.MailboxRegisters;
import io.gpuchassis.switchdrv.sim.Attachment;
import io.gpuchassis.switchdrv.sim.ChipIdentity;
import io.gpuchassis.switchdrv.sim.SimTiming;
import io.gpuchassis.switchdrv.sim.SimulatedSwitch;
import io.gpuchassis.switchdrv.sim.SimulatedSwitchConfig;
import io.gpuchassis.switchdrv.transport.InMemorySwitchTransport;
import io.gpuchassis.switchdrv.transport.SwitchTransport;
import io.gpuchassis.switchdrv.transport.WriteMode;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The observer learns what changed from the chip's event summary. */
class SwitchObserverTest {

  /** Counts GAS reads and MRPCs (writes of the mailbox command register). */
  private static final class Counting implements SwitchTransport {
    private final SwitchTransport inner;
    int reads;
    int mrpcs;

    Counting(SwitchTransport inner) {
      this.inner = inner;
    }

    @Override
    public byte[] read(int offset, int length) {
      reads++;
      return inner.read(offset, length);
    }

    @Override
    public void write(int offset, byte[] data, WriteMode mode) {
      if (offset <= MailboxRegisters.COMMAND && offset + data.length > MailboxRegisters.COMMAND) {
        mrpcs++;
      }
      inner.write(offset, data, mode);
    }

    @Override
    public String description() {
      return inner.description();
    }

    @Override
    public void close() {
      inner.close();
    }
  }

  private static final class Rig {
    final SimulatedSwitch sim;
    final Counting transport;
    final SwitchtecDriver driver;
    final SwitchObserver observer;

    /** {@code gpus} GPUs bound to partition 0 behind a host on the last port; all wired. */
    Rig(int gpus) {
      SimulatedSwitchConfig.Builder b =
          SimulatedSwitchConfig.builder(ChipIdentity.pfx160Gen6(0x6a1c0001L))
              .timing(SimTiming.instant())
              .partitions(1);
      List<Integer> wired = new ArrayList<>();
      for (int p = 0; p < gpus; p++) {
        b.port(p, 4, 5, Attachment.gpu(5, 4));
        b.bind(0, p + 1, p);
        wired.add(p);
      }
      b.port(gpus, 16, 5, Attachment.host(0));
      wired.add(gpus);
      sim = new SimulatedSwitch(b.build());
      transport = new Counting(new InMemorySwitchTransport(sim.gas(), sim.name()));
      driver = SwitchtecDriver.open(transport, DriverOptions.defaults());
      observer = new SwitchObserver("SW1", wired, Clock.systemUTC());
    }

    /** Reads and MRPCs of one poll. */
    int[] costOfPoll() {
      transport.reads = 0;
      transport.mrpcs = 0;
      observer.observe(driver);
      return new int[] {transport.reads, transport.mrpcs};
    }
  }

  @Test
  void a_link_down_is_seen_at_the_next_poll_through_the_event_summary() {
    Rig rig = new Rig(4);
    rig.observer.observe(rig.driver); // the first poll reads everything
    rig.observer.observe(rig.driver); // acknowledges nothing more: quiet
    int[] quiet = rig.costOfPoll();

    rig.sim.faults().linkDown(2);
    rig.transport.reads = 0;
    rig.transport.mrpcs = 0;
    SwitchObservation seen = rig.observer.observe(rig.driver);

    assertFalse(seen.ports().get(2).up(), "the next poll shows the link down");
    assertTrue(seen.ports().get(1).up());
    // LNKSTAT and the port's counters were read because the summary flagged the port
    assertTrue(rig.transport.mrpcs > quiet[1], "link status was read on the event");
  }

  @Test
  void a_quiet_poll_costs_the_same_on_a_small_and_a_large_chip() {
    Rig small = new Rig(1);
    Rig large = new Rig(19); // a Gen6 chip reports 20 ports
    for (Rig r : List.of(small, large)) {
      r.observer.observe(r.driver); // full sweep, acknowledges the links that trained at boot
    }
    int[] smallCost = small.costOfPoll();
    int[] largeCost = large.costOfPoll();
    assertEquals(smallCost[0], largeCost[0], "GAS reads per quiet poll");
    assertEquals(smallCost[1], largeCost[1], "MRPCs per quiet poll");
    // identity (ping) and temperature; no LNKSTAT, no PMON
    assertEquals(2, largeCost[1]);
  }

  @Test
  void every_tenth_poll_reads_every_port_as_a_safety_net() {
    Rig rig = new Rig(3);
    rig.observer.observe(rig.driver);
    int quietMrpcs = 0;
    int sweeps = 0;
    for (int i = 1; i < 2 * SwitchObserver.FULL_SWEEP_EVERY; i++) {
      int mrpcs = rig.costOfPoll()[1];
      if (i == 1) {
        quietMrpcs = mrpcs;
      } else if (mrpcs > quietMrpcs) {
        sweeps++;
        assertEquals(0, i % SwitchObserver.FULL_SWEEP_EVERY, "sweep at poll " + i);
      }
    }
    assertEquals(1, sweeps);
  }

  @Test
  void an_inter_switch_link_outside_every_partition_is_watched_by_link_status() {
    SimulatedSwitch sim =
        new SimulatedSwitch(
            SimulatedSwitchConfig.builder(ChipIdentity.pfx160Gen6(0x6a1c0001L))
                .timing(SimTiming.instant())
                .port(0, 16, 5, Attachment.host(0))
                .port(7, 16, 5, Attachment.interSwitch("next"))
                .build());
    SwitchtecDriver driver =
        SwitchtecDriver.open(
            new InMemorySwitchTransport(sim.gas(), sim.name()), DriverOptions.defaults());
    SwitchObserver observer = new SwitchObserver("SW1", List.of(0, 7), Clock.systemUTC());
    assertTrue(observer.observe(driver).ports().get(7).up());
    observer.observe(driver);
    sim.faults().linkDown(7);
    assertFalse(observer.observe(driver).ports().get(7).up(), "seen at the next poll");
  }

  @Test
  void a_poll_that_finds_nothing_changed_keeps_the_previous_ports_and_replaces_only_what_moved() {
    Rig rig = new Rig(3);
    rig.observer.observe(rig.driver);
    SwitchObservation before = rig.observer.observe(rig.driver);
    // quiet polls, ending two before the next full sweep (which reads the traffic counters, and
    // they move): the poll after the fault below is a quiet one too
    for (int i = 0; i < SwitchObserver.FULL_SWEEP_EVERY - 3; i++) {
      SwitchObservation now = rig.observer.observe(rig.driver);
      assertSame(before.ports(), now.ports(), "poll " + i + ": nothing changed, nothing copied");
      assertSame(before.serialNumber(), now.serialNumber());
      assertSame(before.firmwareVersion(), now.firmwareVersion());
    }

    rig.sim.faults().linkDown(2);
    SwitchObservation after = rig.observer.observe(rig.driver);
    assertNotSame(before.ports().get(2), after.ports().get(2));
    assertFalse(after.ports().get(2).up());
    assertSame(before.ports().get(1), after.ports().get(1), "an unchanged port is kept");
  }
}

package io.gpuchassis.switchdrv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.switchdrv.sim.Attachment;
import io.gpuchassis.switchdrv.sim.ChipIdentity;
import io.gpuchassis.switchdrv.sim.SimTiming;
import io.gpuchassis.switchdrv.sim.SimulatedSwitch;
import io.gpuchassis.switchdrv.sim.SimulatedSwitchConfig;
import io.gpuchassis.switchdrv.transport.InMemorySwitchTransport;
import io.gpuchassis.switchdrv.transport.SwitchTransport;
import io.gpuchassis.switchdrv.transport.WriteMode;
import org.junit.jupiter.api.Test;

/** The driver reads the event summary top-down and acknowledges what it found. */
class SwitchEventsTest {

  /** Counts GAS reads and writes, the cost of a poll on any transport. */
  static final class Counting implements SwitchTransport {
    final SwitchTransport inner;
    int reads;
    int writes;

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
      writes++;
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

  /** A chip with {@code gpus} GPUs bound to partition 0 behind a host on the last port. */
  static SimulatedSwitch chip(int gpus) {
    SimulatedSwitchConfig.Builder b =
        SimulatedSwitchConfig.builder(ChipIdentity.pfx160Gen6(0x6a1c0001L))
            .timing(SimTiming.instant())
            .partitions(1);
    for (int p = 0; p < gpus; p++) {
      b.port(p, 4, 5, Attachment.gpu(5, 4));
      b.bind(0, p + 1, p);
    }
    b.port(gpus, 16, 5, Attachment.host(0));
    return new SimulatedSwitch(b.build());
  }

  private static final class Rig {
    final SimulatedSwitch sim;
    final Counting transport;
    final SwitchtecDriver driver;

    Rig(int gpus) {
      sim = chip(gpus);
      transport = new Counting(new InMemorySwitchTransport(sim.gas(), sim.name()));
      driver = SwitchtecDriver.open(transport, DriverOptions.defaults());
      driver.events(); // the links that trained at boot, and the top config read once
    }

    int readsOfOneQuietCall() {
      transport.reads = 0;
      transport.writes = 0;
      assertEquals(SwitchEvents.NONE, driver.events());
      assertEquals(0, transport.writes);
      return transport.reads;
    }
  }

  @Test
  void a_quiet_chip_costs_one_read_whatever_its_port_count() {
    assertEquals(1, new Rig(1).readsOfOneQuietCall());
    assertEquals(1, new Rig(19).readsOfOneQuietCall());
  }

  @Test
  void a_link_down_is_reported_once_with_its_link_state_count() {
    Rig rig = new Rig(19);
    rig.sim.faults().linkDown(17);
    SwitchEvents events = rig.driver.events();
    assertEquals(java.util.Set.of(17), events.ports().keySet());
    SwitchEvents.PortEvents port = events.ports().get(17);
    assertTrue(port.linkChanged());
    assertEquals(SwitchEvents.PortEvents.LINK_STATE, port.summary());
    assertEquals(2, port.linkStateCount(), "trained at boot, then down");
    assertEquals(1, rig.readsOfOneQuietCall(), "acknowledged: the summary is quiet again");
  }

  @Test
  void a_finished_unbind_is_a_binding_completion() {
    Rig rig = new Rig(3);
    rig.driver.unbind(0, 2);
    SwitchEvents events = rig.driver.events();
    assertEquals(java.util.Set.of(0), events.bindingsCompleted());
    assertTrue(events.portsChanged());
  }
}

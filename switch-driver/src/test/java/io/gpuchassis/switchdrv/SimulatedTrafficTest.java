package io.gpuchassis.switchdrv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.switchdrv.command.BandwidthCounters;
import io.gpuchassis.switchdrv.command.MrpcCommand;
import io.gpuchassis.switchdrv.mrpc.CommandIds;
import io.gpuchassis.switchdrv.sim.FaultHandle;
import io.gpuchassis.switchdrv.sim.SimTiming;
import io.gpuchassis.switchdrv.sim.SimulatedSwitchConfig;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The simulated chip's bandwidth counters count what its simulated GPUs move: they grow while a GPU
 * is bound and linked up, mirror the host part on the upstream port, leave peer traffic off it,
 * never exceed the trained link, and stop when the port is unbound or its link goes down. Asserts
 * growth by awaiting it and stillness by equality, never a rate measured against the wall clock.
 */
class SimulatedTrafficTest {

  private static final Duration WITHIN = Duration.ofSeconds(5);

  /** Gen5 x16: 16 lanes × 3.9385 GB/s. */
  private static final double GEN5_X16_BYTES_PER_SECOND = 16 * 3_938_500_000.0;

  private static final int USP = 5;

  private SimRig rig;

  @BeforeEach
  void start() throws Exception {
    rig =
        SimRig.start(
            TransportKind.IN_MEMORY, SimulatedSwitchConfig.referenceChip(1, 2, SimTiming.fast()));
  }

  @AfterEach
  void stop() throws Exception {
    rig.close();
  }

  private Map<Integer, PortBandwidth> read() {
    return rig.driver.bandwidthCounters().stream()
        .collect(Collectors.toMap(PortBandwidth::physicalPort, Function.identity()));
  }

  private long egress(int port) {
    return read().get(port).egress().total();
  }

  @Test
  void every_port_answers_in_one_read_and_idle_ports_count_nothing() {
    Map<Integer, PortBandwidth> r = read();
    assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8), r.keySet().stream().sorted().toList());
    for (PortBandwidth b : r.values()) {
      assertEquals(0, b.egress().total() + b.ingress().total(), "nothing bound: " + b);
    }
  }

  @Test
  void a_working_gpu_counts_within_its_link_and_the_upstream_port_mirrors_it() {
    rig.driver.bind(0, 1, 0);
    Await.until("GPU traffic", WITHIN, () -> egress(0) > 0);
    long before = egress(0);
    Await.until("more GPU traffic", WITHIN, () -> egress(0) > before);

    Map<Integer, PortBandwidth> r = read();
    PortBandwidth gpu = r.get(0);
    PortBandwidth usp = r.get(USP);
    // one GPU, no peers: all its traffic crosses the upstream port, direction swapped
    assertEquals(gpu.egress().completion(), usp.ingress().completion());
    assertEquals(gpu.ingress().posted(), usp.egress().posted());
    assertEquals(gpu.ingress().nonPosted(), usp.egress().nonPosted());
    assertEquals(0, gpu.egress().posted(), "no peer writes without a peer");
    assertTrue(gpu.ingress().nonPosted() > 0, "read requests: " + gpu);
    for (PortBandwidth b : List.of(gpu, usp)) {
      double canCarry = GEN5_X16_BYTES_PER_SECOND * b.timeMicros() / 1e6;
      assertTrue(b.egress().total() <= canCarry, b + " within " + canCarry);
      assertTrue(b.ingress().total() <= canCarry, b + " within " + canCarry);
    }
    assertEquals(0, r.get(2).egress().total(), "no GPU in slot 2");
    assertEquals(0, r.get(6).ingress().total(), "the other partition's host moves nothing");
  }

  @Test
  void peer_traffic_between_gpus_bypasses_the_upstream_port() {
    rig.driver.bind(0, 1, 0);
    rig.driver.bind(0, 2, 1);
    Await.until("peer traffic", WITHIN, () -> read().get(0).egress().posted() > 0);
    Map<Integer, PortBandwidth> r = read();
    long toGpus = r.get(0).egress().total() + r.get(1).egress().total();
    long fromHost = r.get(USP).ingress().total();
    assertEquals(
        r.get(0).egress().completion() + r.get(1).egress().completion(),
        r.get(USP).ingress().completion());
    assertEquals(0, r.get(USP).ingress().posted(), "peer writes never reach the host");
    assertTrue(toGpus > fromHost, toGpus + " > " + fromHost);
  }

  @Test
  void counting_stops_when_the_port_is_unbound_and_when_its_link_goes_down() {
    rig.driver.bind(0, 1, 0);
    Await.until("GPU traffic", WITHIN, () -> egress(0) > 0);
    rig.driver.unbind(0, 1);
    Map<Integer, PortBandwidth> first = read();
    Await.sleep(30);
    Map<Integer, PortBandwidth> later = read();
    assertEquals(first.get(0).egress(), later.get(0).egress());
    assertEquals(first.get(0).ingress(), later.get(0).ingress());
    assertEquals(first.get(USP).ingress(), later.get(USP).ingress());
    assertTrue(later.get(0).timeMicros() > first.get(0).timeMicros(), "the clock runs on");

    rig.driver.bind(0, 1, 0);
    Await.until("traffic again", WITHIN, () -> egress(0) > later.get(0).egress().total());
    FaultHandle down = rig.sim.faults().linkDown(0);
    long atDown = egress(0);
    Await.sleep(30);
    assertEquals(atDown, egress(0), "link down");
    down.clear();
    Await.until("traffic after the link is back", WITHIN, () -> egress(0) > atDown);
  }

  @Test
  void an_idle_gpu_moves_nothing_and_clear_starts_the_counters_over() {
    rig.sim.setGpuLoad(0, 0);
    rig.driver.bind(0, 1, 0);
    Await.until("link up", WITHIN, () -> rig.driver.ports().get(0).linkUp());
    Await.sleep(20);
    assertEquals(0, egress(0));
    rig.sim.setGpuLoad(0, 1);
    Await.until("traffic at full load", WITHIN, () -> egress(0) > 0);
    // idle again before the clear, so that nothing moves after it however slowly this thread runs
    rig.sim.setGpuLoad(0, 0);

    PortBandwidth cleared = rig.driver.call(new BandwidthCounters(List.of(0), true)).get(0);
    assertTrue(cleared.egress().total() > 0);
    PortBandwidth after = rig.driver.call(new BandwidthCounters(List.of(0), false)).get(0);
    assertTrue(after.timeMicros() < cleared.timeMicros(), "time starts over: " + after);
    assertEquals(0, after.egress().total(), "bytes start over: " + after);
  }

  @Test
  void payload_type_counts_less_than_raw_and_no_read_requests() {
    rig.driver.bind(0, 1, 0);
    rig.driver.call(setType(0, 1)); // sub 12: payload bytes only
    Await.until("traffic", WITHIN, () -> egress(0) > 0);
    PortBandwidth payload = read().get(0);
    assertEquals(0, payload.ingress().nonPosted());
    assertTrue(payload.ingress().posted() > 0);
  }

  /** PMON sub 12 as switchtec-user's switchtec_bwcntr_set_many sends it (struct pmon_bw_set). */
  private static MrpcCommand<Void> setType(int port, int type) {
    return new MrpcCommand<>() {
      @Override
      public int commandId() {
        return CommandIds.PMON;
      }

      @Override
      public byte[] payload() {
        return new byte[] {12, 1, (byte) port, (byte) type};
      }

      @Override
      public int outputLength() {
        return 0;
      }

      @Override
      public Void decode(byte[] output) {
        return null;
      }
    };
  }
}

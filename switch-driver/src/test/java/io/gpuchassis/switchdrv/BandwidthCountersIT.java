package io.gpuchassis.switchdrv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.switchdrv.sim.Attachment;
import io.gpuchassis.switchdrv.sim.ChipIdentity;
import io.gpuchassis.switchdrv.sim.SimulatedSwitchConfig;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Every port's bandwidth counters over every transport, on a chip with more ports than one MRPC
 * answers (20: 18 in the first command's 1008 bytes, 2 in the second), in port order.
 */
class BandwidthCountersIT {

  static SimulatedSwitchConfig twentyPorts() {
    SimulatedSwitchConfig.Builder b =
        SimulatedSwitchConfig.builder(ChipIdentity.pfx160Gen6(7)).partitions(1);
    for (int port = 0; port < 19; port++) {
      b.port(port * 2, 4, 5, Attachment.gpu(5, 4));
    }
    b.port(40, 16, 5, Attachment.host(0));
    return b.bind(0, 1, 36).build();
  }

  @TestAllTransports
  void every_port_is_read_and_the_bound_gpu_and_its_host_count(TransportKind kind)
      throws Exception {
    try (SimRig rig = SimRig.start(kind, twentyPorts())) {
      List<Integer> expected =
          IntStream.concat(IntStream.rangeClosed(0, 18).map(i -> i * 2), IntStream.of(40))
              .boxed()
              .toList();
      Await.until(
          "the GPU on port 36 moves data",
          Duration.ofSeconds(5),
          () -> rig.driver.bandwidthCounters().get(18).egress().total() > 0);
      List<PortBandwidth> all = rig.driver.bandwidthCounters();
      assertEquals(expected, all.stream().map(PortBandwidth::physicalPort).toList());
      PortBandwidth gpu = all.get(18);
      PortBandwidth host = all.get(19);
      assertTrue(host.ingress().completion() >= gpu.egress().completion(), host + " / " + gpu);
      assertTrue(host.timeMicros() > 0);
      for (PortBandwidth b : all.subList(0, 18)) {
        assertEquals(0, b.egress().total() + b.ingress().total(), "unbound: " + b);
      }
    }
  }
}

package io.gpuchassis.switchdrv.expether;

import io.gpuchassis.switchdrv.expether.sim.EemBoard;
import io.gpuchassis.switchdrv.expether.sim.EemSimulator;
import io.gpuchassis.switchdrv.expether.sim.EngineSpec;
import java.time.Duration;

/** The engines the ExpEther tests start with: two hosts and free GPUs behind 40G engines. */
final class ExpEtherRig {

  static final String USER = "eemuser";
  static final String PASSWORD = "eem-secret";

  /** A 40G host without a group (4094). */
  static final EngineSpec HOST_40G = EngineSpec.host("8c:df:9d:10:00:01", EemBoard.FORTY_G);

  /** A 10G host already in group 20: its group holds at most 8 devices. */
  static final EngineSpec HOST_10G =
      EngineSpec.host("8c:df:9d:10:00:02", EemBoard.TEN_G).inGroup(20);

  /** PCIe IDs of a data-center GPU: NVIDIA, a 3D controller (class 0x0302). */
  static final EemPcieIds GPU = new EemPcieIds(0x10de, 0x20b5, 0x030200);

  static final Duration HOT_PLUG = Duration.ofSeconds(2);

  private ExpEtherRig() {}

  /** The I/O engine in front of GPU {@code n} (0-255), free. */
  static EngineSpec gpu(int n) {
    return EngineSpec.io(String.format("8c:df:9d:20:00:%02x", n), GPU);
  }

  /** A simulator with both hosts and {@code gpus} free GPUs, delays on {@code clock}. */
  static EemSimulator.Builder simulator(int gpus, java.time.InstantSource clock) {
    EemSimulator.Builder b =
        EemSimulator.builder()
            .credentials(USER, PASSWORD)
            .clock(clock)
            .hotPlugDelay(HOT_PLUG)
            .engine(HOST_40G)
            .engine(HOST_10G);
    for (int i = 0; i < gpus; i++) {
      b.engine(gpu(i));
    }
    return b;
  }

  static EemClient client(EemSimulator sim) {
    return EemClient.connect(sim.baseUri(), USER, PASSWORD, EemOptions.defaults());
  }
}

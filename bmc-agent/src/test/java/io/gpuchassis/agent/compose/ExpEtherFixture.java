package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.board.BoardDescription;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.switchdrv.expether.EemClient;
import io.gpuchassis.switchdrv.expether.EemOptions;
import io.gpuchassis.switchdrv.expether.sim.EemBoard;
import io.gpuchassis.switchdrv.expether.sim.EemSimulator;
import io.gpuchassis.switchdrv.expether.sim.EngineSpec;
import java.time.Duration;

/**
 * The small Ethernet test board ({@code /board/small-ethernet-board.yaml}: EthHost1 and an I/O
 * engine on slots 1-3) and a simulated manager holding its engines, with a client of it.
 */
final class ExpEtherFixture {

  static final String HOST = "EthHost1";
  static final String HOST_ENGINE = "0x8cdf9d5301a1";

  static final BoardDescription BOARD =
      BoardDescription.loadResource("/board/small-ethernet-board.yaml");

  private ExpEtherFixture() {}

  static ChassisState state() {
    return BOARD.initialState();
  }

  static String io(int slot) {
    return "0x8cdf9d53000" + slot;
  }

  /** A manager with EthHost1's engine and the three I/O engines, the host in {@code hostGroup}. */
  static EemSimulator.Builder manager(int hostGroup) {
    EemSimulator.Builder b =
        EemSimulator.builder()
            .credentials("admin", "test")
            .hotPlugDelay(Duration.ofMillis(50))
            .engine(EngineSpec.host("8c:df:9d:53:01:a1", EemBoard.TEN_G).inGroup(hostGroup));
    return b;
  }

  static EngineSpec io10g(int slot) {
    return EngineSpec.io10g("8c:df:9d:53:00:0" + slot);
  }

  static EemClient client(EemSimulator sim) {
    return EemClient.connect(
        sim.baseUri(),
        "admin",
        "test",
        EemOptions.defaults().withRequestTimeout(Duration.ofSeconds(5)));
  }
}

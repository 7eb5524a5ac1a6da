package io.gpuchassis.agent.sim;

import io.gpuchassis.agent.board.BoardDescription;
import io.gpuchassis.agent.board.ExpEtherManager;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.switchdrv.expether.EemClient;
import io.gpuchassis.switchdrv.expether.EemOptions;
import io.gpuchassis.switchdrv.expether.sim.EemBoard;
import io.gpuchassis.switchdrv.expether.sim.EemSimulator;
import io.gpuchassis.switchdrv.expether.sim.EngineSpec;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Optional;

/**
 * The ExpEther manager of a simulated board with Ethernet hosts: the HTTP-level simulator ({@link
 * EemSimulator}) on loopback, holding an engine for every Ethernet host and every slot that names
 * one, all 10G boards (so a host's group holds at most 8 devices) and the I/O engines free; and the
 * agent's real client of it, so a simulated attach goes over the same HTTP as a real one.
 */
public final class SimulatedExpEther implements AutoCloseable {

  private final EemSimulator simulator;
  private final EemClient client;

  private SimulatedExpEther(EemSimulator simulator, EemClient client) {
    this.simulator = simulator;
    this.client = client;
  }

  /**
   * Starts the manager of {@code board}'s Ethernet hosts; empty when it has none.
   *
   * @param hotPlugDelay how long an I/O engine takes to report its new group
   */
  public static Optional<SimulatedExpEther> start(BoardDescription board, Duration hotPlugDelay) {
    Optional<ExpEtherManager> manager = board.expether();
    if (manager.isEmpty()) {
      return Optional.empty();
    }
    // Never the board's password (the file is the real manager's): one of its own, for this run
    byte[] secret = new byte[16];
    new SecureRandom().nextBytes(secret);
    String password = HexFormat.of().formatHex(secret);
    EemSimulator.Builder builder =
        EemSimulator.builder()
            .credentials(manager.get().user(), password)
            .hotPlugDelay(hotPlugDelay);
    for (HostPort host : board.hosts()) {
      host.ethernet()
          .ifPresent(e -> builder.engine(EngineSpec.host(mac(e.engine()), EemBoard.TEN_G)));
    }
    for (Slot slot : board.slots()) {
      slot.expetherEngine().ifPresent(id -> builder.engine(EngineSpec.io10g(mac(id))));
    }
    EemSimulator simulator = builder.start();
    EemClient client =
        EemClient.connect(
            simulator.baseUri(),
            manager.get().user(),
            password,
            new EemOptions(manager.get().connectTimeout(), manager.get().requestTimeout(), null));
    return Optional.of(new SimulatedExpEther(simulator, client));
  }

  /** The simulator, for tests that look at the manager's side. */
  public EemSimulator simulator() {
    return simulator;
  }

  /** The agent's client of the simulator. */
  public EemClient client() {
    return client;
  }

  @Override
  public void close() {
    simulator.close();
  }

  /** {@code 0x8cdf9d535b14} -> {@code 8c:df:9d:53:5b:14}: the simulator derives the ID back. */
  static String mac(String engineId) {
    String hex = engineId.substring(2);
    StringBuilder mac = new StringBuilder();
    for (int i = 0; i < hex.length(); i += 2) {
      if (i > 0) {
        mac.append(':');
      }
      mac.append(hex, i, i + 2);
    }
    return mac.toString();
  }
}

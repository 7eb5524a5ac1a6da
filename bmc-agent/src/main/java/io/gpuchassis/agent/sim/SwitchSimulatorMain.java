package io.gpuchassis.agent.sim;

import io.gpuchassis.agent.board.BoardDescription;
import io.gpuchassis.switchdrv.sim.SimTiming;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * The simulated chassis's switch chips in a process of their own, each a MoE endpoint on loopback
 * (chip k on 127.0.0.(k+1), all on one port, see {@code MoeEndpoints}): the switches then outlive
 * the agent, as real ones do when the agent restarts or is killed. An agent reaches it with {@code
 * simulation.switchSimulator: 127.0.0.1:PORT} in its configuration.
 *
 * <p>Usage: {@code java -cp bmc-agent.jar io.gpuchassis.agent.sim.SwitchSimulatorMain [PORT]
 * [fast|realistic] [TOPOLOGY.yaml]}. Prints {@code SWITCH SIMULATOR LISTENING ON <port>} once
 * serving; runs until killed.
 */
public final class SwitchSimulatorMain {

  private SwitchSimulatorMain() {}

  public static void main(String[] args) throws InterruptedException {
    int port = args.length > 0 ? Integer.parseInt(args[0]) : 0;
    SimTiming timing =
        args.length > 1 && args[1].equals("fast") ? SimTiming.fast() : SimTiming.realistic();
    BoardDescription board =
        args.length > 2 ? BoardDescription.load(Path.of(args[2])) : BoardDescription.reference();
    SimulatedFabric fabric = SimulatedFabric.start(board, timing, port);
    Runtime.getRuntime().addShutdownHook(new Thread(fabric::close, "simulator-shutdown"));
    System.out.println("SWITCH SIMULATOR LISTENING ON " + fabric.address().getPort());
    System.out.flush();
    new CountDownLatch(1).await();
  }
}

package io.gpuchassis.agent.bench;

import io.gpuchassis.agent.board.BoardDescription;
import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.compose.BindingEngine;
import io.gpuchassis.agent.compose.BindingJournal;
import io.gpuchassis.agent.fabric.SwitchWorkers;
import io.gpuchassis.agent.sim.SimulatedFabric;
import io.gpuchassis.agent.sim.SimulatedPlatform;
import io.gpuchassis.agent.store.AgentStore;
import io.gpuchassis.switchdrv.sim.SimTiming;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Prints the binding engine's own cost: the reference chassis's switches are simulated with zero
 * latency (no link training, no bind delay), reached over their simulated I2C buses through the
 * real driver, so every microsecond measured is the agent's: journal writes (SQLite,
 * synchronous=FULL), driver and transport, verification polls, model updates. A GPU two chips away
 * from its host adds the binding of two inter-switch links. Then composes 16 GPUs into 8 hosts (two
 * each, same switch chip) and releases them, all switches at once.
 *
 * <p>Run: {@code mvn -q -pl bmc-agent test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=io.gpuchassis.agent.bench.BindingBenchmark} (after {@code mvn -q install
 * -DskipTests}).
 */
public final class BindingBenchmark {

  private BindingBenchmark() {}

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 200;
    Path dir = Files.createTempDirectory("binding-bench");
    BoardDescription board = BoardDescription.reference();
    Clock clock = Clock.systemUTC();
    try (AgentStore store = AgentStore.open(dir);
        SimulatedFabric fabric = SimulatedFabric.start(board, SimTiming.instant())) {
      ChassisModel model = new ChassisModel(SimulatedPlatform.simulatedChassis(board));
      try (SwitchWorkers workers =
          SwitchWorkers.start(
              model,
              id ->
                  fabric.connect(
                      id,
                      io.gpuchassis.switchdrv.DriverOptions.defaults()
                          .withCommandTimeout(Duration.ofSeconds(1))),
              clock,
              Duration.ofMinutes(10))) {
        BindingEngine engine =
            new BindingEngine(
                model, workers, new BindingJournal(store, clock), clock, Duration.ofSeconds(5));
        System.out.printf(
            "machine: %d cores, %s%n",
            Runtime.getRuntime().availableProcessors(),
            System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));

        // Warm up, then time bind + unbind of one GPU, one after the other.
        cycle(engine, 50);
        long[] bind = new long[rounds];
        long[] unbind = new long[rounds];
        for (int i = 0; i < rounds; i++) {
          long t0 = System.nanoTime();
          engine.bind(1, "Host1").join();
          long t1 = System.nanoTime();
          engine.setReadyToRemove(1, true);
          engine.unbind(1, false).join();
          long t2 = System.nanoTime();
          bind[i] = t1 - t0;
          unbind[i] = t2 - t1;
        }
        report("bind (one GPU, zero hardware delay)", bind);
        report("unbind (one GPU, zero hardware delay)", unbind);

        // Slot 11 is two chips away from Host1: two links are bound first and released after the
        // slot.
        long[] bindFar = new long[rounds];
        long[] unbindFar = new long[rounds];
        for (int i = 0; i < rounds; i++) {
          long t0 = System.nanoTime();
          engine.bind(11, "Host1").join();
          long t1 = System.nanoTime();
          engine.setReadyToRemove(11, true);
          engine.unbind(11, false).join();
          long t2 = System.nanoTime();
          bindFar[i] = t1 - t0;
          unbindFar[i] = t2 - t1;
        }
        report("bind over 2 inter-switch links", bindFar);
        report("unbind over 2 inter-switch links", unbindFar);

        // 16 GPUs into 8 hosts: every switch works on its own four slots in parallel.
        ChassisState state = model.current();
        List<Long> compose = new ArrayList<>();
        List<Long> release = new ArrayList<>();
        for (int r = 0; r < 20; r++) {
          long t0 = System.nanoTime();
          List<CompletableFuture<?>> all = new ArrayList<>();
          for (Slot slot : state.slots()) {
            if (slot.occupied()) {
              all.add(engine.bind(slot.number(), hostFor(state, slot)));
            }
          }
          all.forEach(CompletableFuture::join);
          long t1 = System.nanoTime();
          all.clear();
          for (Slot slot : state.slots()) {
            if (slot.occupied()) {
              engine.setReadyToRemove(slot.number(), true);
              all.add(engine.unbind(slot.number(), false));
            }
          }
          all.forEach(CompletableFuture::join);
          long t2 = System.nanoTime();
          compose.add(t1 - t0);
          release.add(t2 - t1);
        }
        report(
            "compose 16 GPUs into 8 hosts", compose.stream().mapToLong(Long::longValue).toArray());
        report(
            "release 16 GPUs from 8 hosts", release.stream().mapToLong(Long::longValue).toArray());
      }
    }
  }

  /**
   * Two GPUs per host: the first two occupied slots of a chip to its first host, the next two to
   * its second.
   */
  private static String hostFor(ChassisState state, Slot slot) {
    var hosts = state.hosts().stream().filter(h -> h.switchId().equals(slot.switchId())).toList();
    var gpus =
        state.slots().stream()
            .filter(s -> s.switchId().equals(slot.switchId()) && s.occupied())
            .toList();
    return hosts.get(Math.min(gpus.indexOf(slot) / 2, hosts.size() - 1)).id();
  }

  private static void cycle(BindingEngine engine, int n) {
    for (int i = 0; i < n; i++) {
      engine.bind(1, "Host1").join();
      engine.setReadyToRemove(1, true);
      engine.unbind(1, false).join();
    }
  }

  private static void report(String what, long[] nanos) {
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    System.out.printf(
        "%-42s n=%-4d median %8.2f ms   p90 %8.2f ms   max %8.2f ms%n",
        what,
        sorted.length,
        sorted[sorted.length / 2] / 1e6,
        sorted[(int) (sorted.length * 0.9)] / 1e6,
        sorted[sorted.length - 1] / 1e6);
  }
}

package io.gpuchassis.sensor.bench;

import com.pi4j.context.Context;
import io.gpuchassis.sensor.chassis.ChassisPollPlan;
import io.gpuchassis.sensor.chassis.ChassisPolling;
import io.gpuchassis.sensor.chassis.ChassisSensors;
import io.gpuchassis.sensor.chassis.PollIntervals;
import io.gpuchassis.sensor.chassis.SensorIds;
import io.gpuchassis.sensor.device.Max31790FanController;
import io.gpuchassis.sensor.device.gpu.PostBoxTiming;
import io.gpuchassis.sensor.fan.FanControlLoop;
import io.gpuchassis.sensor.fan.FanControlSettings;
import io.gpuchassis.sensor.fan.FanZoneController;
import io.gpuchassis.sensor.layout.FanSpec;
import io.gpuchassis.sensor.layout.SensorLayout;
import io.gpuchassis.sensor.poll.BusPoller;
import io.gpuchassis.sensor.poll.PollTask;
import io.gpuchassis.sensor.poll.PollerSettings;
import io.gpuchassis.sensor.poll.ReadingCache;
import io.gpuchassis.sensor.poll.ReadingStatus;
import io.gpuchassis.sensor.poll.SensorReading;
import io.gpuchassis.sensor.sim.SimulatedGpu;
import io.gpuchassis.sensor.sim.SimulatedSensorBoard;
import io.gpuchassis.sensor.sim.SimulatedSensorBoardConfig;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * Polls the simulated reference chassis (16 GPU post-boxes behind muxes, 20 slots' lines on 5
 * expanders, 4 TMP75, 4 INA226, 2 PMBus supplies, a MAX31790 with 6 fans, and the fan loop) at the
 * production intervals through the real drivers and the simulated Pi4J provider, and prints the CPU
 * time the bus workers use per second of polling (ThreadMXBean) and the reads per second. The
 * physics ticks in real time on its own thread, measured separately.
 *
 * <p>Run: {@code mvn -q -pl sensor test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=io.gpuchassis.sensor.bench.SensorPollingBenchmark [-Dexec.args="SECONDS"]}
 * (default 20 s, after 3 s of warm-up). A benchmark reports figures; it is not a test.
 */
public final class SensorPollingBenchmark {

  private SensorPollingBenchmark() {}

  public static void main(String[] args) throws Exception {
    int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
    int warmUpSeconds = 3;
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    if (!threads.isThreadCpuTimeSupported()) {
      throw new IllegalStateException("this JVM cannot measure thread CPU time");
    }
    threads.setThreadCpuTimeEnabled(true);

    SimulatedSensorBoard board = new SimulatedSensorBoard(SimulatedSensorBoardConfig.reference());
    SensorLayout layout = board.config().layout();
    Context context = board.newContext();
    ChassisSensors sensors = new ChassisSensors(context, layout, PostBoxTiming.production());
    sensors.initialize();
    Set<Integer> gpuSlots =
        board.config().gpus().stream().map(SimulatedGpu::slot).collect(Collectors.toSet());
    Map<Integer, List<PollTask>> plan =
        ChassisPollPlan.build(sensors, PollIntervals.production(), gpuSlots);

    ReadingCache cache = new ReadingCache();
    AtomicLong readings = new AtomicLong();
    AtomicLong notOk = new AtomicLong();
    ChassisPolling polling =
        new ChassisPolling(
            plan,
            PollerSettings.defaults(),
            Clock.systemUTC(),
            cache.andThen(
                r -> {
                  readings.incrementAndGet();
                  if (r.status() != ReadingStatus.OK) {
                    notOk.incrementAndGet();
                  }
                }));
    FanControlLoop fanLoop = fanLoop(sensors, layout, gpuSlots, cache);
    polling
        .poller(layout.fanController().orElseThrow().location().bus())
        .every(Duration.ofSeconds(1), fanLoop);

    AutoCloseable physics = board.startClock(Duration.ofMillis(100));
    polling.start();
    Thread.sleep(warmUpSeconds * 1000L);

    Map<BusPoller, Long> cpuBefore = new HashMap<>();
    Map<BusPoller, BusPoller.Statistics> statsBefore = new HashMap<>();
    for (BusPoller p : polling.pollers()) {
      cpuBefore.put(p, threads.getThreadCpuTime(p.workerThreadId()));
      statsBefore.put(p, p.statistics());
    }
    long physicsThread = physicsThreadId();
    long physicsCpuBefore = threads.getThreadCpuTime(physicsThread);
    long transfersBefore = board.network().transfers();
    long readingsBefore = readings.get();
    long notOkBefore = notOk.get();
    long wallBefore = System.nanoTime();

    Thread.sleep(seconds * 1000L);

    double wall = (System.nanoTime() - wallBefore) / 1e9;
    Map<BusPoller, Long> cpu = new LinkedHashMap<>();
    Map<BusPoller, BusPoller.Statistics> stats = new LinkedHashMap<>();
    for (BusPoller p : polling.pollers()) {
      cpu.put(p, threads.getThreadCpuTime(p.workerThreadId()) - cpuBefore.get(p));
      BusPoller.Statistics now = p.statistics();
      BusPoller.Statistics before = statsBefore.get(p);
      stats.put(
          p,
          new BusPoller.Statistics(
              now.reads() - before.reads(),
              now.failedReads() - before.failedReads(),
              now.values() - before.values(),
              now.commands() - before.commands()));
    }
    long physicsCpu = threads.getThreadCpuTime(physicsThread) - physicsCpuBefore;
    long transfers = board.network().transfers() - transfersBefore;
    long readingCount = readings.get() - readingsBefore;
    long notOkCount = notOk.get() - notOkBefore;
    physics.close();
    polling.close();
    context.shutdown();

    System.out.printf(
        "Sensor polling benchmark: simulated reference chassis, production intervals, %.1f s measured"
            + " after %d s warm-up%n",
        wall, warmUpSeconds);
    System.out.printf(
        "  %d GPU post-boxes (temperature+power), %d slots' lines on %d expanders, %d temperature"
            + " sensors, %d INA226, %d PSUs, %d fans + fan loop at 1 s%n",
        gpuSlots.size(),
        layout.slots().size(),
        layout.expanders().size(),
        layout.temperatureSensors().size(),
        layout.powerMonitors().size(),
        layout.psus().size(),
        layout.fanController().orElseThrow().fans().size());
    System.out.printf(
        "  JVM %s, %d CPUs%n",
        System.getProperty("java.vm.version"), Runtime.getRuntime().availableProcessors());
    System.out.println();
    System.out.printf(
        "  %-10s %6s %10s %11s %12s %14s%n",
        "worker", "tasks", "reads/s", "values/s", "failed/s", "CPU ms per s");
    long totalCpu = 0;
    double totalReads = 0;
    double totalValues = 0;
    double totalFailed = 0;
    for (BusPoller p : cpu.keySet()) {
      BusPoller.Statistics s = stats.get(p);
      int bus = Integer.parseInt(p.name().substring("i2c-".length()));
      double cpuMs = cpu.get(p) / 1e6 / wall;
      System.out.printf(
          "  %-10s %6d %10.1f %11.1f %12.2f %14.3f%n",
          p.name(),
          plan.get(bus).size(),
          s.reads() / wall,
          s.values() / wall,
          s.failedReads() / wall,
          cpuMs);
      totalCpu += cpu.get(p);
      totalReads += s.reads() / wall;
      totalValues += s.values() / wall;
      totalFailed += s.failedReads() / wall;
    }
    System.out.printf(
        "  %-10s %6d %10.1f %11.1f %12.2f %14.3f%n",
        "all buses",
        plan.values().stream().mapToInt(List::size).sum(),
        totalReads,
        totalValues,
        totalFailed,
        totalCpu / 1e6 / wall);
    System.out.println();
    System.out.printf(
        "  CPU of the bus workers: %.3f ms per second of polling = %.3f %% of one core%n",
        totalCpu / 1e6 / wall, totalCpu / 1e7 / wall);
    System.out.printf(
        "  physics thread (simulation only, 10 Hz): %.3f ms per second%n", physicsCpu / 1e6 / wall);
    System.out.printf(
        "  simulated I2C transfers: %.0f per second; readings delivered: %.0f per second (%d not OK)%n",
        transfers / wall, readingCount / wall, notOkCount);
    SensorReading gpu = cache.get(SensorIds.gpuTemperature(1)).orElseThrow();
    System.out.printf(
        "  fan loop: %s at %.1f %% duty; GPU1 %.1f °C%n",
        fanLoop.lastDecision().map(d -> d.mode().toString()).orElse("-"),
        fanLoop.duty().orElse(Double.NaN),
        gpu.value().orElse(Double.NaN));
  }

  private static FanControlLoop fanLoop(
      ChassisSensors sensors, SensorLayout layout, Set<Integer> gpuSlots, ReadingCache cache)
      throws Exception {
    Map<String, Double> limits = new LinkedHashMap<>();
    gpuSlots.stream().sorted().forEach(s -> limits.put(SensorIds.gpuTemperature(s), 80.0));
    List<FanSpec> fans = layout.fanController().orElseThrow().fans();
    Max31790FanController controller = sensors.fanController().orElseThrow();
    return FanControlLoop.fromReadings(
        new FanZoneController(FanControlSettings.defaults(), controller.readDutyPercent(0)),
        cache,
        limits,
        fans.stream().map(f -> SensorIds.fanRpm(f.id())).toList(),
        500.0,
        duty -> {
          for (FanSpec f : fans) {
            controller.setDutyPercent(f.channel(), duty);
          }
        });
  }

  private static long physicsThreadId() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().equals("sim-physics"))
        .findFirst()
        .orElseThrow()
        .getId();
  }
}

package io.gpuchassis.switchdrv.bench;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import com.pi4j.io.i2c.I2C;
import io.gpuchassis.switchdrv.DriverOptions;
import io.gpuchassis.switchdrv.SwitchtecDriver;
import io.gpuchassis.switchdrv.mrpc.MrpcRequest;
import io.gpuchassis.switchdrv.mrpc.MrpcResult;
import io.gpuchassis.switchdrv.mrpc.MrpcTransport;
import io.gpuchassis.switchdrv.sim.MoeServer;
import io.gpuchassis.switchdrv.sim.PtyConsole;
import io.gpuchassis.switchdrv.sim.SimTiming;
import io.gpuchassis.switchdrv.sim.SimulatedI2cProvider;
import io.gpuchassis.switchdrv.sim.SimulatedSwitch;
import io.gpuchassis.switchdrv.sim.SimulatedSwitchConfig;
import io.gpuchassis.switchdrv.transport.GasOnlyTransport;
import io.gpuchassis.switchdrv.transport.InMemorySwitchTransport;
import io.gpuchassis.switchdrv.transport.SwitchTransport;
import io.gpuchassis.switchdrv.transport.WriteMode;
import io.gpuchassis.switchdrv.transport.i2c.I2cSwitchTransport;
import io.gpuchassis.switchdrv.transport.moe.MoeSwitchTransport;
import io.gpuchassis.switchdrv.transport.uart.JSerialCommLink;
import io.gpuchassis.switchdrv.transport.uart.UartSwitchTransport;
import io.gpuchassis.switchdrv.wire.Deadline;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Commands per second and driver overhead per command over every transport, against the simulator
 * with zero simulated latency. The command is DIETEMP (4-byte payload, 16-byte answer): over a GAS
 * transport that is one payload write, one command-register write, one status read and one output
 * read. "Driver" time is everything outside the transport's read/write/mrpc calls (engine, codecs,
 * driver logic); "transport" time is inside them (framing, wire, simulator).
 *
 * <p>Run: {@code mvn -q -pl switch-driver test-compile exec:java
 * -Dexec.mainClass=io.gpuchassis.switchdrv.bench.SwitchDriverBenchmark -Dexec.classpathScope=test}
 */
public final class SwitchDriverBenchmark {

  private static final Duration BUDGET = Duration.ofSeconds(3);

  private SwitchDriverBenchmark() {}

  /** Measures the time spent inside the wrapped transport. */
  static class Timed implements SwitchTransport {
    final SwitchTransport inner;
    long nanos;
    long calls;

    Timed(SwitchTransport inner) {
      this.inner = inner;
    }

    @Override
    public byte[] read(int offset, int length) {
      long t = System.nanoTime();
      try {
        return inner.read(offset, length);
      } finally {
        nanos += System.nanoTime() - t;
        calls++;
      }
    }

    @Override
    public void write(int offset, byte[] data, WriteMode mode) {
      long t = System.nanoTime();
      try {
        inner.write(offset, data, mode);
      } finally {
        nanos += System.nanoTime() - t;
        calls++;
      }
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

  /** The same for a whole-MRPC transport. */
  static final class TimedMrpc extends Timed implements MrpcTransport {
    TimedMrpc(SwitchTransport inner) {
      super(inner);
    }

    @Override
    public MrpcResult mrpc(MrpcRequest request, Deadline deadline) {
      long t = System.nanoTime();
      try {
        return ((MrpcTransport) inner).mrpc(request, deadline);
      } finally {
        nanos += System.nanoTime() - t;
        calls++;
      }
    }
  }

  private record Row(
      String transport,
      long commands,
      double seconds,
      double driverMicros,
      double transportMicros,
      double transfers) {}

  public static void main(String[] args) throws Exception {
    List<Row> rows = new ArrayList<>();
    SimulatedSwitchConfig cfg =
        SimulatedSwitchConfig.referenceChip(0x6a1c0001L, 3, SimTiming.instant());
    DriverOptions options = DriverOptions.defaults();

    SimulatedSwitch sim = new SimulatedSwitch(cfg);
    rows.add(
        run(
            "in-memory",
            new Timed(new InMemorySwitchTransport(sim.gas(), "bench")),
            options,
            2_000_000));

    try (MoeServer server = MoeServer.start(sim)) {
      rows.add(
          run(
              "tcp (MoE, whole MRPC)",
              new TimedMrpc(new MoeSwitchTransport(server.address(), 0, Duration.ofSeconds(2))),
              options,
              200_000));
      rows.add(
          run(
              "tcp (MoE, GAS mailbox)",
              new Timed(
                  new GasOnlyTransport(
                      new MoeSwitchTransport(server.address(), 0, Duration.ofSeconds(2)))),
              options,
              200_000));
    }

    SimulatedI2cProvider provider = new SimulatedI2cProvider();
    provider.attach(2, 0x59, sim);
    Context pi4j = Pi4J.newContextBuilder().noAutoDetect().add(provider).build();
    try {
      I2C i2c =
          pi4j.create(
              I2C.newConfigBuilder(pi4j)
                  .id("bench")
                  .bus(2)
                  .device(0x59)
                  .provider(SimulatedI2cProvider.ID)
                  .build());
      rows.add(
          run("i2c (TWI via Pi4J seam)", new Timed(new I2cSwitchTransport(i2c)), options, 500_000));
    } finally {
      pi4j.shutdown();
    }

    try (PtyConsole pty = PtyConsole.open(sim)) {
      rows.add(
          run(
              "uart (console over a pty)",
              new Timed(
                  new UartSwitchTransport(
                      JSerialCommLink.open(pty.slavePath().toString()),
                      UartSwitchTransport.Options.defaults())),
              options,
              50_000));
    }

    System.out.println();
    System.out.println(
        "DIETEMP (one MRPC) per transport, zero simulated latency, "
            + Runtime.getRuntime().availableProcessors()
            + " cores, "
            + System.getProperty("java.vm.name")
            + " "
            + System.getProperty("java.version"));
    System.out.printf(
        Locale.ROOT,
        "%-32s %10s %12s %12s %14s %12s%n",
        "transport",
        "commands",
        "cmds/s",
        "us/cmd",
        "driver us/cmd",
        "transfers");
    for (Row r : rows) {
      double perCmd = r.seconds() * 1e6 / r.commands();
      System.out.printf(
          Locale.ROOT,
          "%-32s %10d %12.0f %12.2f %14.2f %12.1f%n",
          r.transport(),
          r.commands(),
          r.commands() / r.seconds(),
          perCmd,
          r.driverMicros(),
          r.transfers());
    }
  }

  private static Row run(String name, Timed transport, DriverOptions options, long maxCommands) {
    try (SwitchtecDriver driver = SwitchtecDriver.open(transport, options)) {
      long warm = System.nanoTime() + Duration.ofMillis(700).toNanos();
      while (System.nanoTime() < warm) {
        driver.dieTemperatureCelsius();
      }
      transport.nanos = 0;
      transport.calls = 0;
      long n = 0;
      long t0 = System.nanoTime();
      long end = t0 + BUDGET.toNanos();
      while (n < maxCommands && (n & 63) != 0 || System.nanoTime() < end && n < maxCommands) {
        driver.dieTemperatureCelsius();
        n++;
      }
      long total = System.nanoTime() - t0;
      double driverMicros = (total - transport.nanos) / 1e3 / n;
      return new Row(
          name,
          n,
          total / 1e9,
          driverMicros,
          transport.nanos / 1e3 / n,
          (double) transport.calls / n);
    }
  }
}

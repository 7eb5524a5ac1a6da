package io.gpuchassis.switchdrv.sim;

import java.time.Duration;

/**
 * Time constants of a simulated chip.
 *
 * @param linkTraining time from "link may come up" to link up
 * @param bindLatency time a bind or unbind stays "in progress" (real parts: 0.2-2 s, up to ~15 s)
 * @param mrpcLatency time every MRPC stays "in progress"
 * @param rebootTime time the chip does not answer (reads all-ones) after a reset or power loss
 * @param flashBlockLatency time flash programming of one download block takes
 */
public record SimTiming(
    Duration linkTraining,
    Duration bindLatency,
    Duration mrpcLatency,
    Duration rebootTime,
    Duration flashBlockLatency) {

  /** Values in the range real parts show. */
  public static SimTiming realistic() {
    return new SimTiming(
        Duration.ofMillis(100),
        Duration.ofMillis(800),
        Duration.ofMillis(1),
        Duration.ofSeconds(2),
        Duration.ofMillis(5));
  }

  /** Short values for tests: everything happens within tens of milliseconds. */
  public static SimTiming fast() {
    return new SimTiming(
        Duration.ofMillis(5),
        Duration.ofMillis(20),
        Duration.ZERO,
        Duration.ofMillis(30),
        Duration.ZERO);
  }

  /** No simulated latency at all (benchmarks). */
  public static SimTiming instant() {
    return new SimTiming(Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ZERO);
  }

  public SimTiming withBindLatency(Duration d) {
    return new SimTiming(linkTraining, d, mrpcLatency, rebootTime, flashBlockLatency);
  }

  public SimTiming withMrpcLatency(Duration d) {
    return new SimTiming(linkTraining, bindLatency, d, rebootTime, flashBlockLatency);
  }
}

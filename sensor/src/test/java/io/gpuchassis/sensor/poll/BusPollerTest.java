package io.gpuchassis.sensor.poll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.sensor.i2c.DeviceIoException;
import io.gpuchassis.sensor.i2c.DeviceUnavailableException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

class BusPollerTest {

  private static final Duration FAST = Duration.ofMillis(10);
  private final ConcurrentLinkedQueue<SensorReading> readings = new ConcurrentLinkedQueue<>();

  private BusPoller poller(List<PollTask> tasks) {
    return new BusPoller(
        "test", tasks, PollerSettings.defaults(), Clock.systemUTC(), readings::add);
  }

  private SensorReading await(Predicate<SensorReading> condition) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (System.nanoTime() < deadline) {
      for (SensorReading r : readings) {
        if (condition.test(r)) {
          return r;
        }
      }
      Thread.sleep(2);
    }
    throw new AssertionError("no matching reading among " + readings.size());
  }

  @Test
  void readsEveryTaskRepeatedlyOnItsOwnThread() throws Exception {
    AtomicInteger count = new AtomicInteger();
    var threadName = new StringBuffer();
    var task =
        PollTask.of(
            new SensorDescriptor("Inlet1", SensorUnit.CELSIUS),
            FAST,
            () -> {
              threadName.setLength(0);
              threadName.append(Thread.currentThread().getName());
              return 20.0 + count.incrementAndGet();
            });
    try (BusPoller p = poller(List.of(task)).start()) {
      await(r -> r.value().orElse(0) >= 25.0);
      assertEquals("bus-poller-test", threadName.toString());
      assertEquals(ReadingStatus.OK, p.latest().get("Inlet1").status());
      assertTrue(p.statistics().reads() >= 5);
    }
  }

  @Test
  void aDeviceThatWasNeverOpenedIsFailedFromItsFirstRead() throws Exception {
    var task =
        PollTask.group(
            "Rail",
            FAST,
            List.of(
                new SensorDescriptor("Rail.Volts", SensorUnit.VOLTS),
                new SensorDescriptor("Rail.Amps", SensorUnit.AMPS)),
            () -> {
              throw new DeviceUnavailableException(
                  "I2C bus 9 address 0x40", "bus 9: adapter missing");
            });
    try (BusPoller p = poller(List.of(task)).start()) {
      SensorReading first = await(r -> r.sensorId().equals("Rail.Amps"));
      assertEquals(ReadingStatus.FAILED, first.status());
      assertEquals(1, first.consecutiveFailures(), "the very first read");
      assertTrue(
          first.error().orElseThrow().endsWith("bus 9: adapter missing"),
          first.error().orElseThrow());
      assertTrue(first.value().isEmpty());
    }
  }

  @Test
  void aDeviceFailingNTimesInARowIsFailedNotZero() throws Exception {
    AtomicBoolean broken = new AtomicBoolean(false);
    var task =
        PollTask.of(
            new SensorDescriptor("GPU3.Temperature", SensorUnit.CELSIUS),
            FAST,
            () -> {
              if (broken.get()) {
                throw new DeviceIoException("I2C bus 3 address 0x4F: not acknowledged");
              }
              return 55.0;
            });
    try (BusPoller p = poller(List.of(task)).start()) {
      await(SensorReading::isOk);
      broken.set(true);
      SensorReading failed = await(r -> r.status() == ReadingStatus.FAILED);
      assertTrue(failed.value().isEmpty());
      assertEquals(3, failed.consecutiveFailures());
      assertTrue(failed.error().orElseThrow().contains("not acknowledged"));
      broken.set(false);
      readings.clear();
      await(r -> r.isOk() && r.value().getAsDouble() == 55.0);
    }
  }

  @Test
  void aBlockedReadMakesTheOtherSensorsOfTheBusStale() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    AtomicBoolean block = new AtomicBoolean(false);
    var quick = PollTask.of(new SensorDescriptor("Inlet1", SensorUnit.CELSIUS), FAST, () -> 25.0);
    var slow =
        PollTask.of(
            new SensorDescriptor("GPU1.Temperature", SensorUnit.CELSIUS),
            FAST,
            () -> {
              if (block.get()) {
                try {
                  release
                      .await(); // a device holding the bus longer than the staleness limit (25 ms
                  // here)
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                  throw new DeviceIoException("interrupted");
                }
              }
              return 60.0;
            });
    try (BusPoller p = poller(List.of(quick, slow)).start()) {
      await(r -> r.sensorId().equals("Inlet1") && r.isOk());
      block.set(true);
      Thread.sleep(80);
      release.countDown();
      SensorReading stale =
          await(r -> r.sensorId().equals("Inlet1") && r.status() == ReadingStatus.STALE);
      assertEquals(25.0, stale.value().getAsDouble());
    }
  }

  @Test
  void commandsRunOnTheWorkerBetweenReads() throws Exception {
    var task = PollTask.of(new SensorDescriptor("Inlet1", SensorUnit.CELSIUS), FAST, () -> 25.0);
    try (BusPoller p = poller(List.of(task)).start()) {
      assertEquals(
          "bus-poller-test",
          p.submit(() -> Thread.currentThread().getName()).get(5, TimeUnit.SECONDS));
      CompletableFuture<Object> failing =
          p.submit(
              () -> {
                throw new DeviceIoException("NAK");
              });
      ExecutionException e =
          assertThrows(ExecutionException.class, () -> failing.get(5, TimeUnit.SECONDS));
      assertTrue(e.getCause() instanceof DeviceIoException);
      assertEquals(2, p.statistics().commands());
    }
  }

  @Test
  void periodicJobsRunOnTheWorker() throws Exception {
    AtomicInteger runs = new AtomicInteger();
    CountDownLatch three = new CountDownLatch(3);
    BusPoller p =
        poller(List.of())
            .every(
                FAST,
                () -> {
                  runs.incrementAndGet();
                  three.countDown();
                });
    try (p) {
      p.start();
      assertTrue(three.await(5, TimeUnit.SECONDS));
    }
  }

  @Test
  void aThrowingListenerDoesNotStopThePoller() throws Exception {
    AtomicInteger calls = new AtomicInteger();
    var task = PollTask.of(new SensorDescriptor("Inlet1", SensorUnit.CELSIUS), FAST, () -> 25.0);
    ReadingListener bad =
        r -> {
          calls.incrementAndGet();
          throw new IllegalStateException("listener bug");
        };
    try (BusPoller p =
        new BusPoller("bad", List.of(task), PollerSettings.defaults(), Clock.systemUTC(), bad)) {
      p.start();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
      while (calls.get() < 3 && System.nanoTime() < deadline) {
        Thread.sleep(2);
      }
      assertTrue(calls.get() >= 3);
    }
  }

  @Test
  void aWrongNumberOfValuesIsAFailedRead() throws Exception {
    var task =
        PollTask.group(
            "PSU1",
            FAST,
            List.of(
                new SensorDescriptor("a", SensorUnit.VOLTS),
                new SensorDescriptor("b", SensorUnit.VOLTS)),
            () -> new double[] {1.0});
    try (BusPoller p = poller(List.of(task)).start()) {
      SensorReading r = await(x -> x.status() == ReadingStatus.FAILED);
      assertTrue(r.error().orElseThrow().contains("1 values for 2 sensors"));
    }
  }

  @Test
  void commandsAfterCloseFail() throws Exception {
    BusPoller p = poller(List.of()).start();
    p.close();
    assertThrows(ExecutionException.class, () -> p.submit(() -> 1).get(1, TimeUnit.SECONDS));
  }
}

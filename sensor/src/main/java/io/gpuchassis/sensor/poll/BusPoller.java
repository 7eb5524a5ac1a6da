package io.gpuchassis.sensor.poll;

import io.gpuchassis.sensor.i2c.DeviceAction;
import io.gpuchassis.sensor.i2c.DeviceUnavailableException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The single worker thread that owns one I2C bus (or, in a chassis, the external slot lines): it
 * runs the bus's {@link PollTask}s at their intervals, judges each sensor with a {@link
 * SensorTracker} (with a {@link StuckReadingDetector} for the tasks that {@link PollTask#dithers()
 * dither}) and hands every reading to the listener (a read failing with {@link
 * DeviceUnavailableException}, from a device that was never opened, makes the task's sensors FAILED
 * at once); it also runs commands for the bus ({@link #submit}) and periodic jobs such as the fan
 * loop ({@link #every}) between reads, so nothing else needs to touch the bus.
 *
 * <p>Scheduling: a task that comes due late runs once and is rescheduled from the time it ran (no
 * catch-up bursts). Staleness is checked between reads; a single read is bounded by the device and
 * post-box timeouts.
 *
 * <p>Thread-safety: {@link #submit}, {@link #latest}, {@link #statistics} and {@link #close} may be
 * called from any thread. The listener is called on the worker thread.
 */
public final class BusPoller implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(BusPoller.class);
  private static final long IDLE_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(250);

  /** A submitted action and the future it completes. */
  private record Command<T>(DeviceAction<T> action, CompletableFuture<T> result) {
    void run() {
      try {
        result.complete(action.run());
      } catch (Exception e) {
        result.completeExceptionally(e);
      }
    }
  }

  /** Counters of one poller since it started. */
  public record Statistics(long reads, long failedReads, long values, long commands) {}

  private static final class Scheduled {
    final PollTask task; // null for a periodic job
    final Runnable job;
    final long intervalNanos;
    final List<SensorTracker> trackers;
    long nextDue;

    Scheduled(
        PollTask task,
        Runnable job,
        Duration interval,
        List<SensorTracker> trackers,
        long firstDue) {
      this.task = task;
      this.job = job;
      this.intervalNanos = interval.toNanos();
      this.trackers = trackers;
      this.nextDue = firstDue;
    }
  }

  private final String name;
  private final Clock clock;
  private final ReadingListener listener;
  private final PollerSettings settings;
  private final List<Scheduled> schedule = new ArrayList<>();
  private final LinkedBlockingQueue<Command<?>> commands = new LinkedBlockingQueue<>();
  private final Map<String, SensorReading> latest = new ConcurrentHashMap<>();
  private final AtomicLong reads = new AtomicLong();
  private final AtomicLong failedReads = new AtomicLong();
  private final AtomicLong values = new AtomicLong();
  private final AtomicLong commandCount = new AtomicLong();
  private final Thread worker;
  private volatile boolean running;

  /**
   * @param name names the worker thread ({@code "bus-poller-<name>"})
   * @param tasks what to read; the first run of each task is spread over its interval so that tasks
   *     added together do not all hit the bus at once
   */
  public BusPoller(
      String name,
      List<PollTask> tasks,
      PollerSettings settings,
      Clock clock,
      ReadingListener listener) {
    this.name = Objects.requireNonNull(name, "name");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.listener = Objects.requireNonNull(listener, "listener");
    this.settings = Objects.requireNonNull(settings, "settings");
    long now = System.nanoTime();
    int i = 0;
    for (PollTask task : tasks) {
      List<SensorTracker> trackers = new ArrayList<>();
      for (SensorDescriptor s : task.sensors()) {
        StuckReadingDetector stuck =
            task.dithers() ? new StuckReadingDetector(settings.stuckAfterSamples()) : null;
        trackers.add(
            new SensorTracker(
                s, settings.failuresBeforeFailed(), settings.staleAfter(task.interval()), stuck));
      }
      long offset = task.interval().toNanos() * i++ / Math.max(1, tasks.size());
      schedule.add(new Scheduled(task, null, task.interval(), trackers, now + offset));
    }
    this.worker = new Thread(this::run, "bus-poller-" + name);
    this.worker.setDaemon(true);
  }

  /**
   * Adds a job that runs on this worker every {@code interval} (first run one interval after {@link
   * #start()} or after adding). Must be called before {@link #start()}.
   */
  public BusPoller every(Duration interval, Runnable job) {
    if (running) {
      throw new IllegalStateException("add jobs before starting the poller");
    }
    schedule.add(
        new Scheduled(null, job, interval, List.of(), System.nanoTime() + interval.toNanos()));
    return this;
  }

  public BusPoller start() {
    running = true;
    worker.start();
    return this;
  }

  public String name() {
    return name;
  }

  /** The worker's thread id (e.g. for CPU accounting). */
  public long workerThreadId() {
    return worker.getId();
  }

  /**
   * Runs {@code action} on the worker, between reads, and completes the future with its result or
   * failure. This is how commands (slot power, fan duty) reach a bus without a second thread
   * touching it.
   */
  public <T> CompletableFuture<T> submit(DeviceAction<T> action) {
    CompletableFuture<T> result = new CompletableFuture<>();
    if (!running) {
      result.completeExceptionally(new IllegalStateException("poller " + name + " is not running"));
      return result;
    }
    commands.add(new Command<>(action, result));
    if (!running) {
      failPendingCommands(); // closed while we were adding
    }
    return result;
  }

  /** The latest reading of every sensor of this bus, by sensor id. */
  public Map<String, SensorReading> latest() {
    return Map.copyOf(latest);
  }

  public Statistics statistics() {
    return new Statistics(reads.get(), failedReads.get(), values.get(), commandCount.get());
  }

  @Override
  public void close() throws InterruptedException {
    running = false;
    worker.interrupt();
    if (worker.isAlive() && worker != Thread.currentThread()) {
      worker.join(TimeUnit.SECONDS.toMillis(5));
    }
    failPendingCommands();
  }

  private void failPendingCommands() {
    Command<?> command;
    while ((command = commands.poll()) != null) {
      command
          .result()
          .completeExceptionally(new IllegalStateException("poller " + name + " closed"));
    }
  }

  private void run() {
    while (running) {
      runCommands();
      long now = System.nanoTime();
      long nextDue = Long.MAX_VALUE;
      for (Scheduled s : schedule) {
        if (!running) {
          return;
        }
        if (now - s.nextDue >= 0) {
          execute(s);
          runCommands();
          long after = System.nanoTime();
          s.nextDue = Math.max(s.nextDue + s.intervalNanos, after);
          now = after;
        }
        nextDue = Math.min(nextDue, s.nextDue);
      }
      checkStaleness();
      long wait = nextDue == Long.MAX_VALUE ? IDLE_WAIT_NANOS : nextDue - System.nanoTime();
      if (wait > 0) {
        try {
          Command<?> command = commands.poll(Math.min(wait, IDLE_WAIT_NANOS), TimeUnit.NANOSECONDS);
          if (command != null) {
            runCommand(command);
          }
        } catch (InterruptedException e) {
          if (!running) {
            return;
          }
        }
      }
    }
  }

  private void execute(Scheduled s) {
    if (s.task == null) {
      try {
        s.job.run();
      } catch (RuntimeException e) {
        LOG.error("periodic job on bus {} failed", name, e);
      }
      return;
    }
    reads.incrementAndGet();
    double[] result;
    String error;
    boolean unavailable = false;
    try {
      result = s.task.read();
      error = checkValues(s.task, result);
    } catch (Exception e) {
      result = null;
      error = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      unavailable = e instanceof DeviceUnavailableException;
    }
    Instant at = clock.instant();
    if (error != null) {
      failedReads.incrementAndGet();
      for (SensorTracker t : s.trackers) {
        publish(unavailable ? t.unavailable(error, at) : t.failure(error, at));
      }
      return;
    }
    for (int i = 0; i < s.trackers.size(); i++) {
      publish(s.trackers.get(i).success(result[i], at));
    }
    values.addAndGet(result.length);
  }

  private static String checkValues(PollTask task, double[] result) {
    if (result == null || result.length != task.sensors().size()) {
      return task.name()
          + " returned "
          + (result == null ? "nothing" : result.length + " values")
          + " for "
          + task.sensors().size()
          + " sensors";
    }
    for (double v : result) {
      if (!Double.isFinite(v)) {
        return task.name() + " returned a non-finite value";
      }
    }
    return null;
  }

  private void checkStaleness() {
    Instant at = clock.instant();
    for (Scheduled s : schedule) {
      for (SensorTracker t : s.trackers) {
        t.checkStaleness(at).ifPresent(this::publish);
      }
    }
  }

  private void runCommands() {
    Command<?> command;
    while ((command = commands.poll()) != null) {
      runCommand(command);
    }
  }

  private void runCommand(Command<?> command) {
    commandCount.incrementAndGet();
    command.run();
  }

  private void publish(SensorReading reading) {
    latest.put(reading.sensorId(), reading);
    try {
      listener.onReading(reading);
    } catch (RuntimeException e) {
      LOG.error("reading listener failed for {}", reading.sensorId(), e);
    }
  }
}

package io.gpuchassis.agent.fabric;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.SwitchChip;
import io.gpuchassis.agent.chassis.WiredPort;
import io.gpuchassis.switchdrv.SwitchDriver;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** One {@link SwitchWorker} per switch chip of the chassis: started together, stopped together. */
public final class SwitchWorkers implements AutoCloseable {

  private final Map<String, SwitchWorker> workers;

  private SwitchWorkers(Map<String, SwitchWorker> workers) {
    this.workers = workers;
  }

  /**
   * How often the ports' byte counters are read when the switches are polled every {@code poll}.
   */
  public static java.time.Duration trafficReadInterval(java.time.Duration poll) {
    return poll.multipliedBy(SwitchObserver.FULL_SWEEP_EVERY);
  }

  /**
   * Connects a driver to every switch of the model's chassis and starts polling each on its own
   * thread.
   *
   * @param connect opens the driver of a switch (real transport or simulator)
   */
  public static SwitchWorkers start(
      ChassisModel model, Function<String, SwitchDriver> connect, Clock clock, Duration interval) {
    Map<String, SwitchWorker> workers = new LinkedHashMap<>();
    for (SwitchChip chip : model.current().switches()) {
      var ports = WiredPort.of(model.current(), chip.id()).stream().map(WiredPort::port).toList();
      SwitchWorker worker =
          new SwitchWorker(chip.id(), connect.apply(chip.id()), ports, model, clock, interval);
      workers.put(chip.id(), worker);
      worker.start();
    }
    return new SwitchWorkers(workers);
  }

  public Optional<SwitchWorker> worker(String switchId) {
    return Optional.ofNullable(workers.get(switchId));
  }

  public Map<String, SwitchWorker> all() {
    return Map.copyOf(workers);
  }

  @Override
  public void close() {
    workers.values().forEach(SwitchWorker::close);
  }
}

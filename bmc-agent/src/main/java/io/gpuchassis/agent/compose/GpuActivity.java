package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.PortLink;
import io.gpuchassis.agent.chassis.PortTraffic;
import io.gpuchassis.agent.chassis.SwitchObservation;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Since when each switch port's byte counters have stood still, from the switch observations as the
 * model publishes them: what {@code release-or-idle} asks of a GPU's port. A model listener: it
 * runs under the model's lock, so it only compares the ports of an observation it has not seen yet.
 */
public final class GpuActivity implements Consumer<ChassisState> {

  /**
   * A port's counters as last read.
   *
   * @param quietSince the first reading that showed {@code traffic}: nothing moved since then
   * @param lastRead the latest reading (the counters are read every tenth poll, so this is at most
   *     that old while the switch answers)
   */
  public record Quiet(PortTraffic traffic, Instant quietSince, Instant lastRead) {}

  private final Map<String, SwitchObservation> seen = new ConcurrentHashMap<>();
  private final Map<String, Quiet> ports = new ConcurrentHashMap<>();

  @Override
  public void accept(ChassisState state) {
    for (SwitchObservation o : state.switchObservations().values()) {
      if (!o.reachable() || seen.get(o.switchId()) == o) {
        continue; // a failed poll read nothing new
      }
      seen.put(o.switchId(), o);
      for (PortLink link : o.ports().values()) {
        link.traffic().ifPresent(t -> record(o.switchId(), link.port(), t, o.observedAt()));
      }
    }
  }

  private void record(String switchId, int port, PortTraffic traffic, Instant at) {
    ports.compute(
        key(switchId, port),
        (k, before) ->
            before != null && before.traffic().equals(traffic)
                ? new Quiet(traffic, before.quietSince(), at)
                : new Quiet(traffic, at, at));
  }

  /** What the counters of {@code switchId}'s {@code port} last showed; empty before any reading. */
  public Optional<Quiet> of(String switchId, int port) {
    return Optional.ofNullable(ports.get(key(switchId, port)));
  }

  private static String key(String switchId, int port) {
    return switchId + "#" + port;
  }
}

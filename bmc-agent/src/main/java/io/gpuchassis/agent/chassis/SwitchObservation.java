package io.gpuchassis.agent.chassis;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What the agent last learned from one switch chip. {@code failure} is set when the last poll
 * failed (the switch did not answer, answered garbage, or refused): the port values are then the
 * last good ones and must not be shown as healthy. {@code observedAt} is the time of the last
 * successful poll.
 */
public record SwitchObservation(
    String switchId,
    Instant observedAt,
    Optional<String> failure,
    OptionalDouble dieTemperatureCelsius,
    Optional<String> serialNumber,
    Optional<String> firmwareVersion,
    Map<Integer, PortLink> ports) {

  public SwitchObservation {
    ports = Map.copyOf(ports);
  }

  public boolean reachable() {
    return failure.isEmpty();
  }

  public Optional<PortLink> port(int port) {
    return Optional.ofNullable(ports.get(port));
  }

  /** This observation, marked as failed at its last known values. */
  public SwitchObservation failed(String reason) {
    return new SwitchObservation(
        switchId,
        observedAt,
        Optional.of(reason),
        dieTemperatureCelsius,
        serialNumber,
        firmwareVersion,
        ports);
  }
}

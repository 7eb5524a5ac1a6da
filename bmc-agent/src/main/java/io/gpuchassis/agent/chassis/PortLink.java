package io.gpuchassis.agent.chassis;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * A switch port's link as last observed: the host partition it is bound into (downstream ports: a
 * GPU slot carries a link only while bound), whether it is up (in L0) or training, and its
 * negotiated and maximum PCIe generation and width. The LTSSM state name is kept for operators.
 * {@code errorRates} are the counters' growth per second since the previous observation (zero on
 * the first). {@code traffic} is the port's byte counters, empty when the chip did not give them.
 */
public record PortLink(
    int port,
    OptionalInt partition,
    boolean up,
    boolean training,
    int generation,
    int width,
    int maxGeneration,
    int maxWidth,
    String ltssm,
    PortErrorCounters counters,
    ErrorRates errorRates,
    Optional<PortTraffic> traffic) {

  /** A link without byte counters. */
  public PortLink(
      int port,
      OptionalInt partition,
      boolean up,
      boolean training,
      int generation,
      int width,
      int maxGeneration,
      int maxWidth,
      String ltssm,
      PortErrorCounters counters,
      ErrorRates errorRates) {
    this(
        port,
        partition,
        up,
        training,
        generation,
        width,
        maxGeneration,
        maxWidth,
        ltssm,
        counters,
        errorRates,
        Optional.empty());
  }

  /** This link with the port's byte counters. */
  public PortLink withTraffic(Optional<PortTraffic> t) {
    return new PortLink(
        port,
        partition,
        up,
        training,
        generation,
        width,
        maxGeneration,
        maxWidth,
        ltssm,
        counters,
        errorRates,
        t);
  }

  /** AER errors per second. */
  public record ErrorRates(double correctablePerSecond, double uncorrectablePerSecond) {
    public static final ErrorRates NONE = new ErrorRates(0, 0);
  }
}

package io.gpuchassis.agent.chassis;

import java.util.Optional;

/**
 * How a GPU's link trained when it was attached, as the binding engine verified it: the rate it
 * trained at, the rate the GPU and its slot are capable of, the rate before the one retrain the
 * engine makes of a link below that (empty when none was needed), and whether the host port's link
 * was up. PCIe only: the agent reads no link of a GPU reached over Ethernet. What the host said of
 * the GPU is the binding's {@link HostSight}, on either fabric.
 */
public record LinkTraining(
    Rate trained, Rate capable, Optional<Rate> beforeRetrain, boolean hostLinkUp) {

  /** A PCIe link rate: generation and lane count. */
  public record Rate(int generation, int width) {

    /** Whether this rate is narrower or slower than {@code other}. */
    public boolean below(Rate other) {
      return width < other.width || generation < other.generation;
    }

    @Override
    public String toString() {
      return "Gen" + generation + " x" + width;
    }
  }

  /** Whether the link ended below what the GPU and its slot can do. */
  public boolean degraded() {
    return trained.below(capable);
  }

  public boolean retrained() {
    return beforeRetrain.isPresent();
  }

  /** This training with the host port's link as read. */
  public LinkTraining withHostLinkUp(boolean up) {
    return new LinkTraining(trained, capable, beforeRetrain, up);
  }
}

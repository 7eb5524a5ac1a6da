package io.gpuchassis.switchdrv.sim;

import java.util.Objects;

/**
 * One physical port of a simulated chip.
 *
 * @param physicalPort physical port ID
 * @param laneWidth wired lane count (1, 2, 4, 8, 16)
 * @param maxGen highest PCIe generation of the wired connection
 * @param attachment what is cabled to it
 */
public record PortConfig(int physicalPort, int laneWidth, int maxGen, Attachment attachment) {

  public PortConfig {
    Objects.requireNonNull(attachment);
    if (physicalPort < 0 || physicalPort > 254) {
      throw new IllegalArgumentException("physical port out of range: " + physicalPort);
    }
    if (laneWidth != 1 && laneWidth != 2 && laneWidth != 4 && laneWidth != 8 && laneWidth != 16) {
      throw new IllegalArgumentException("lane width must be 1, 2, 4, 8 or 16: " + laneWidth);
    }
    if (maxGen < 1 || maxGen > 6) {
      throw new IllegalArgumentException("PCIe generation must be 1..6: " + maxGen);
    }
  }

  public boolean upstream() {
    return attachment instanceof Attachment.Host;
  }
}

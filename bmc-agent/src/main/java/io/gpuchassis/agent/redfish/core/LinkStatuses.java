package io.gpuchassis.agent.redfish.core;

import io.gpuchassis.agent.chassis.PortHealth;
import io.gpuchassis.agent.chassis.PortLink;
import io.gpuchassis.agent.chassis.WiredPort;
import io.gpuchassis.redfish.model.LinkStatus;
import io.gpuchassis.redfish.model.Port;

/** A polled link as Redfish shows it, on a switch's port and on the GPU at its end. */
public final class LinkStatuses {

  private LinkStatuses() {}

  /**
   * Puts a polled link on a port: its status, its speed (0 while no link is trained: OCP's GPU
   * baseboard profile requires CurrentSpeedGbps) and, while up, its width. Both ends of a link, the
   * switch's port and the GPU's, show it alike.
   */
  public static Port show(Port port, WiredPort wired, PortLink link) {
    port.linkStatus(of(wired, link))
        .currentSpeedGbps(link.up() ? WiredPort.speedGbps(link.generation(), link.width()) : 0.0);
    if (link.up()) {
      port.activeWidth(link.width());
    }
    return port;
  }

  /** Up, training, down where a link is expected, else no link. */
  public static LinkStatus of(WiredPort port, PortLink link) {
    if (link.up()) {
      return LinkStatus.LINK_UP;
    }
    if (link.training()) {
      return LinkStatus.TRAINING;
    }
    return PortHealth.linkExpected(port, link) ? LinkStatus.LINK_DOWN : LinkStatus.NO_LINK;
  }
}

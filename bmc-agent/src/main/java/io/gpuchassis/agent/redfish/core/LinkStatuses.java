package io.gpuchassis.agent.redfish.core;

import io.gpuchassis.agent.chassis.PortHealth;
import io.gpuchassis.agent.chassis.PortLink;
import io.gpuchassis.agent.chassis.WiredPort;
import io.gpuchassis.redfish.model.LinkStatus;

/** A polled link as Redfish's {@code LinkStatus}, for a switch's port and the GPU at its end. */
public final class LinkStatuses {

  private LinkStatuses() {}

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

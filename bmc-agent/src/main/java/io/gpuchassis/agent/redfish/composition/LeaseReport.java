package io.gpuchassis.agent.redfish.composition;

import io.gpuchassis.agent.compose.Lease;
import io.gpuchassis.agent.compose.LeaseKeeper;
import io.gpuchassis.agent.events.EventBus;
import io.gpuchassis.agent.redfish.core.CompositionCheckMessages;
import io.gpuchassis.agent.security.AuditMessages;
import io.gpuchassis.agent.security.SecurityLog;
import io.gpuchassis.agent.uri.Uris;
import java.util.List;

/**
 * What the {@link LeaseKeeper} did: each release by a lease is an event ({@code
 * GpuChassisComposition} LeaseReleased) and an entry of the security log ({@code GpuChassisAudit}
 * LeaseRelease, recorded as the agent's own doing); an expired lease whose GPU its host still holds
 * is an event (LeaseExpiredGpuBusy).
 */
public final class LeaseReport implements LeaseKeeper.Report {

  private final EventBus bus;
  private final SecurityLog log;

  public LeaseReport(EventBus bus, SecurityLog log) {
    this.bus = bus;
    this.log = log;
  }

  @Override
  public void released(Lease lease, String why) {
    String block = Uris.resourceBlock(lease.slot());
    bus.publish(
        CompositionCheckMessages.LEASE_RELEASED.with(block, lease.host(), lease.owner(), why),
        block);
    log.record(
        SecurityLog.Origin.AUTHENTICATED,
        AuditMessages.LEASE_RELEASE,
        List.of(lease.owner(), lease.setBy(), block, lease.host(), why),
        "agent",
        "localhost");
  }

  @Override
  public void expiredWhileBusy(Lease lease, String why) {
    String block = Uris.resourceBlock(lease.slot());
    bus.publish(
        CompositionCheckMessages.LEASE_EXPIRED_GPU_BUSY.with(
            block, lease.host(), lease.owner(), lease.expires().toString(), why),
        block);
  }
}

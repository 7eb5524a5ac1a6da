package io.gpuchassis.switchdrv.expether;

import io.gpuchassis.switchdrv.expether.EemException.Kind;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;

/**
 * Attach and detach of I/O engines to hosts with the rules OpenStack Valence's ExpEther driver
 * applies before it asks the manager: a device is attached only from the free pool, a host without
 * a group gets one first, and a host's group never holds more than its {@code max_eeio_count} I/O
 * engines. Engines whose port 0 is down are left out of what is offered and are not attached.
 */
public final class ExpEtherGrouping {

  private final EemClient client;

  public ExpEtherGrouping(EemClient client) {
    this.client = client;
  }

  /**
   * Puts I/O engine {@code deviceId} into the group of host engine {@code hostId}. Returns when the
   * manager accepted the change; the device reports its new group after the hot-plug ({@link
   * #awaitGroup}).
   *
   * @throws EemException WRONG_ROLE, NOT_FREE, ENGINE_DOWN or LIMIT_REACHED without changing
   *     anything; otherwise as the manager answered
   */
  public EemAttachment attach(String hostId, String deviceId) {
    return attach(hostId, deviceId, OptionalInt.empty());
  }

  /**
   * As {@link #attach(String, String)}, the host's group being {@code hostGroup} where given (the
   * group ID is the VLAN tag, so a site that plans its VLANs names it): a host without a group is
   * put into it rather than given an unused one.
   *
   * @throws EemException WRONG_GROUP, without changing anything, when the host engine is already in
   *     another group (moving a host may need its reboot, so it is left to the operator)
   */
  public EemAttachment attach(String hostId, String deviceId, OptionalInt hostGroup) {
    EemDevice host = client.device(hostId);
    requireRole(host, EemRole.EESV);
    // The device is checked before the host gets a group, so a refused attach leaves nothing
    // behind.
    EemDevice device = client.device(deviceId);
    requireRole(device, EemRole.EEIO);
    if (!device.isFree()) {
      throw new EemException(
          Kind.NOT_FREE, deviceId + " is in group " + device.groupId() + ", not in the free pool");
    }
    if (device.port0Down()) {
      throw new EemException(Kind.ENGINE_DOWN, deviceId + " reports port 0 down");
    }
    boolean allocated = host.isUnassignedHost();
    if (!allocated && hostGroup.isPresent() && host.groupId() != hostGroup.getAsInt()) {
      throw new EemException(
          Kind.WRONG_GROUP,
          hostId
              + " is in group "
              + host.groupId()
              + ", not in group "
              + hostGroup.getAsInt()
              + "; moving a host engine may need the host's reboot, so it is left to an operator");
    }
    int group;
    if (!allocated) {
      group = host.groupId();
    } else if (hostGroup.isPresent()) {
      client.setGroup(hostId, hostGroup.getAsInt());
      group = hostGroup.getAsInt();
    } else {
      group = client.allocateHostGroup(hostId);
    }
    int limit =
        host.maxEeioCount()
            .orElseThrow(() -> new EemException(Kind.MALFORMED, hostId + " has no max_eeio_count"));
    int held = client.deviceIds(EemRole.EEIO, group).size();
    if (held >= limit) {
      throw new EemException(
          Kind.LIMIT_REACHED, hostId + " already holds " + held + " of " + limit + " devices");
    }
    client.setGroup(deviceId, group);
    return new EemAttachment(hostId, deviceId, group, allocated);
  }

  /**
   * Returns I/O engine {@code deviceId} to the free pool.
   *
   * @return false when it was free already (nothing was sent)
   */
  public boolean detach(String deviceId) {
    EemDevice device = client.device(deviceId);
    requireRole(device, EemRole.EEIO);
    if (device.isFree()) {
      return false;
    }
    client.deleteGroup(deviceId);
    return true;
  }

  /** The I/O engines a composer may offer: every one whose port 0 is not down, free or not. */
  public List<EemDevice> ioEngines() {
    return client.devices(EemRole.EEIO).stream().filter(d -> !d.port0Down()).toList();
  }

  /** The I/O engines that report being in {@code hostId}'s group now. */
  public List<EemDevice> devicesOf(String hostId) {
    EemDevice host = client.device(hostId);
    requireRole(host, EemRole.EESV);
    if (host.isUnassignedHost()) {
      return List.of();
    }
    return client.devices(EemRole.EEIO, host.groupId());
  }

  /**
   * Polls engine {@code id} every {@code every} until it reports {@code group}, for at most {@code
   * within}: a group change is a PCIe hot-plug, which the engine reports only once it is over.
   *
   * @throws EemException TIMEOUT when it still reports another group at the deadline
   */
  public EemDevice awaitGroup(String id, int group, Duration within, Duration every) {
    long deadline = System.nanoTime() + within.toNanos();
    while (true) {
      EemDevice device = client.device(id);
      if (device.groupId() == group) {
        return device;
      }
      if (System.nanoTime() - deadline >= 0) {
        throw new EemException(
            Kind.TIMEOUT,
            id
                + " still reports group "
                + device.groupId()
                + " after "
                + within
                + ", not "
                + group);
      }
      sleep(every);
    }
  }

  private static void requireRole(EemDevice device, EemRole role) {
    if (device.role() != role) {
      throw new EemException(
          Kind.WRONG_ROLE, device.id() + " is an " + device.role() + ", not an " + role);
    }
  }

  private static void sleep(Duration pause) {
    try {
      Thread.sleep(pause.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new EemException(Kind.TIMEOUT, "interrupted while waiting for a group change", e);
    }
  }
}

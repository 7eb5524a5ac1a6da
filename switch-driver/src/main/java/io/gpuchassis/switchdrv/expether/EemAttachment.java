package io.gpuchassis.switchdrv.expether;

/**
 * An attach the manager accepted.
 *
 * @param hostId the host engine (EESV)
 * @param deviceId the I/O engine (EEIO) now going into the host's group
 * @param groupId the group they share
 * @param hostGroupAllocated true when the host had no group and got one for this attach: the host
 *     may need a reboot before it sees the device
 */
public record EemAttachment(
    String hostId, String deviceId, int groupId, boolean hostGroupAllocated) {}

package io.gpuchassis.switchdrv.expether;

import java.time.Instant;
import java.util.Optional;

/**
 * What the manager answered to a group change it accepted. The engine itself reports the new group
 * only once the PCIe hot-plug behind the change is over: poll {@link EemClient#device} for that.
 *
 * @param deviceId the engine whose group changes
 * @param groupId the group it is going to (empty for a detach, whose answer names none)
 * @param updateTime the manager's time of the change, when it gave one
 */
public record GroupChange(
    String deviceId, Optional<Integer> groupId, Optional<Instant> updateTime) {}

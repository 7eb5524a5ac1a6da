package io.gpuchassis.agent.host;

import java.time.Instant;
import java.util.Optional;

/**
 * A GPU of the chassis as the host holding it reported it: the address at which the host sees it
 * ({@code 0000:41:00.0}) and the UUID its driver gives it ({@code GPU-...}), when it has one.
 */
public record GpuSighting(
    int slot, String host, String hostAddress, Optional<String> deviceUuid, Instant reported) {}

package io.gpuchassis.agent.host;

import java.util.Optional;

/** One GPU in a host's report: its slot, its address on the host, its driver's UUID. */
public record ReportedDevice(int slot, String hostAddress, Optional<String> deviceUuid) {}

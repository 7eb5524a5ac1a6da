package io.gpuchassis.agent.host;

import java.time.Instant;
import java.util.UUID;

/** Who is cabled to a host port: the server's SMBIOS system UUID, as its companion reported it. */
public record HostIdentity(String host, UUID systemUuid, Instant reported) {}

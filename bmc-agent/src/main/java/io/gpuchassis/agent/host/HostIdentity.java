package io.gpuchassis.agent.host;

import java.time.Instant;
import java.util.OptionalLong;
import java.util.UUID;

/**
 * Who is cabled to a host port: the server's SMBIOS system UUID, as its companion reported it, and
 * the hot-plug memory window it reported for the chassis' GPUs, when it did.
 */
public record HostIdentity(
    String host, UUID systemUuid, Instant reported, OptionalLong hotPlugWindowMiB) {

  /** A host that reported no window. */
  public HostIdentity(String host, UUID systemUuid, Instant reported) {
    this(host, systemUuid, reported, OptionalLong.empty());
  }
}

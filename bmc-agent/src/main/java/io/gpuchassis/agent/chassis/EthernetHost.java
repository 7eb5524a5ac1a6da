package io.gpuchassis.agent.chassis;

import java.util.Objects;
import java.util.OptionalInt;

/**
 * What makes a host an Ethernet host: the ExpEther host engine (EESV) in the server, whose group
 * the GPUs it is given join, and the server's identity on the chassis's network.
 *
 * @param engine the engine's ID at the ExpEther manager, {@code 0x} and twelve hex digits
 * @param macAddress the server's MAC address on the fabric, lower case
 * @param ipAddress the server's IP address on the fabric
 * @param vlan the group (VLAN tag) the board expects the host engine in, when it says
 */
public record EthernetHost(String engine, String macAddress, String ipAddress, OptionalInt vlan) {

  public EthernetHost {
    Objects.requireNonNull(engine, "engine");
    Objects.requireNonNull(macAddress, "macAddress");
    Objects.requireNonNull(ipAddress, "ipAddress");
    Objects.requireNonNull(vlan, "vlan");
  }
}

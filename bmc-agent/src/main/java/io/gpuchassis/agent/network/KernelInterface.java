package io.gpuchassis.agent.network;

import java.net.InetAddress;
import java.util.List;
import java.util.Optional;

/**
 * An interface as {@link java.net.NetworkInterface} lists it: the part of the view that needs the
 * kernel's socket interface (the addresses with their prefixes). A record so that tests can stand
 * in for the machine's interfaces.
 */
record KernelInterface(
    String name,
    int index,
    boolean loopback,
    boolean up,
    int mtu,
    Optional<String> macAddress,
    List<Prefixed> addresses) {

  KernelInterface {
    addresses = List.copyOf(addresses);
  }

  /** An address with its network prefix length. */
  record Prefixed(InetAddress address, int prefixLength) {}
}

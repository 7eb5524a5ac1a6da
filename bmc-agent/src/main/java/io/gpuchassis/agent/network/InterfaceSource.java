package io.gpuchassis.agent.network;

import java.io.UncheckedIOException;
import java.net.InterfaceAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Where the interfaces with their addresses come from: the machine's, through java.net, or a
 * test's.
 */
@FunctionalInterface
interface InterfaceSource {

  List<KernelInterface> list();

  /**
   * The machine's interfaces. On Linux, java.net lists only interfaces that have an address, so an
   * interface without one (link down, no DHCP answer yet) is missing here; {@link
   * ManagementNetwork} finds it in sysfs.
   */
  InterfaceSource JAVA_NET =
      () -> {
        try {
          List<KernelInterface> found = new ArrayList<>();
          for (NetworkInterface nif : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            List<KernelInterface.Prefixed> addresses = new ArrayList<>();
            for (InterfaceAddress a : nif.getInterfaceAddresses()) {
              addresses.add(
                  new KernelInterface.Prefixed(a.getAddress(), a.getNetworkPrefixLength()));
            }
            found.add(
                new KernelInterface(
                    nif.getName(),
                    nif.getIndex(),
                    nif.isLoopback(),
                    nif.isUp(),
                    nif.getMTU(),
                    SysfsInterface.MacAddresses.format(nif.getHardwareAddress()),
                    addresses));
          }
          return found;
        } catch (SocketException e) {
          throw new UncheckedIOException(e);
        }
      };
}

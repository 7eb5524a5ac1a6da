package io.gpuchassis.companion;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/** What the companion tells the chassis' agent, and asks it. */
public interface ChassisAgent {

  /**
   * Tells the agent that the host cabled to {@code system} (a ComputerSystem of the chassis, e.g.
   * Host3) has the SMBIOS UUID {@code systemUuid} and sees {@code devices} (none for a plain
   * report); {@code hotPlugWindowMiB}, when given, is the room the host has for the chassis' GPUs'
   * memory windows (absent: the agent keeps what it was told before).
   */
  void report(
      String system, String systemUuid, OptionalLong hotPlugWindowMiB, List<SeenDevice> devices);

  /** Sets ReadyToRemove on the GPU in {@code slot}: the host has let go of it. */
  void readyToRemove(int slot);

  /** The address at which this host last reported the GPU in {@code slot}, if it did. */
  Optional<PciAddress> reportedAddress(int slot);
}

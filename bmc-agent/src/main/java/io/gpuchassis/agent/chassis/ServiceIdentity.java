package io.gpuchassis.agent.chassis;

import java.util.UUID;

/**
 * Who this Redfish service is: its UUID (generated once, then kept in the database so that it is
 * stable across restarts, as DSP0266 requires), product, vendor and the agent's own version.
 */
public record ServiceIdentity(
    UUID uuid, String product, String vendor, String version, boolean simulated) {

  public static final String PRODUCT = "GPU Chassis Management Agent";
  public static final String VENDOR = "gpu-chassis-agent project";

  /** The agent's version from the jar manifest, or {@code dev} when run from classes. */
  public static String agentVersion() {
    String v = ServiceIdentity.class.getPackage().getImplementationVersion();
    return v == null ? "dev" : v;
  }
}

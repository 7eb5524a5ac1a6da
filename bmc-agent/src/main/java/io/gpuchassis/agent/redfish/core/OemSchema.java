package io.gpuchassis.agent.redfish.core;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The agent's OEM extensions and the schema that defines them, {@code GpuChassisAgent} (CSDL {@code
 * GpuChassisAgent_v1.xml}, JSON schema {@code GpuChassisAgent.v1_0_0.json}, both in {@code
 * src/main/resources/redfish/schemas}, served by {@link OemSchemaFiles}). Every object the agent
 * puts under {@code Oem} is keyed {@code GpuChassisAgent} and names its type with
 * {@code @odata.type}, as DSP0266 asks of OEM objects, so that a client or a validator finds its
 * definition. A property added here is added to both schema files (OemSchemaTest checks that they
 * agree; the conformance tests validate every OEM object against the JSON schema).
 */
public final class OemSchema {

  /** The key under {@code Oem}, and the unversioned namespace (where the OEM actions live). */
  public static final String KEY = "GpuChassisAgent";

  static final String VERSION = "v1_0_0";

  /** The versioned namespace of the OEM types. */
  static final String NAMESPACE = KEY + "." + VERSION;

  static final String CSDL_FILE = KEY + "_v1.xml";
  static final String JSON_FILE = NAMESPACE + ".json";

  /** Where the two files lie on the class path. */
  static final String RESOURCE_DIR = "/redfish/schemas/";

  /** The OEM types, one per extended resource, named after it as DMTF's own OEM examples do. */
  public static final String MANAGER = "Manager";

  public static final String PCIE_DEVICE = "PCIeDevice";
  public static final String SWITCH = "Switch";
  public static final String PORT = "Port";
  public static final String PORT_METRICS = "PortMetrics";
  public static final String COMPUTER_SYSTEM = "ComputerSystem";
  public static final String SOFTWARE_INVENTORY = "SoftwareInventory";
  public static final String FABRIC = "Fabric";
  public static final String RESOURCE_BLOCK = "ResourceBlock";
  public static final String ENDPOINT = "Endpoint";

  /** The OEM resources: each a resource type of its own, below an {@code Oem/GpuChassisAgent}. */
  public static final String PEER_PATHS = "PeerPaths";

  /** A GPU as its host sees it: a property of the PCIeDevice type, not an OEM object itself. */
  public static final String SEEN_BY_HOST = "SeenByHost";

  public static final String CLEAR_OVER_TEMPERATURE_LATCH = "ClearOverTemperatureLatch";

  /** The host companion's report on a ComputerSystem (docs/COMPOSITION.md). */
  public static final String HOST_REPORT = "HostReport";

  private OemSchema() {}

  /**
   * A resource's {@code Oem}: {@code {"GpuChassisAgent": {"@odata.type":
   * "#GpuChassisAgent.v1_0_0.Type", ...}}}.
   */
  public static Map<String, Object> oem(String type, Map<String, ?> properties) {
    Map<String, Object> object = new LinkedHashMap<>();
    object.put("@odata.type", odataType(type));
    object.putAll(properties);
    return Map.of(KEY, object);
  }

  /** The {@code @odata.type} of an OEM resource or object: {@code #GpuChassisAgent.v1_0_0.Type}. */
  public static String odataType(String type) {
    return "#" + NAMESPACE + "." + type;
  }

  /** The key of an OEM action in {@code Actions.Oem}: {@code #GpuChassisAgent.Name}. */
  public static String action(String name) {
    return "#" + KEY + "." + name;
  }

  /** The URI segment that invokes an OEM action: {@code /Actions/Oem/GpuChassisAgent.Name}. */
  public static String actionPath(String name) {
    return "/Actions/Oem/" + KEY + "." + name;
  }
}

package io.gpuchassis.agent.redfish;

import io.gpuchassis.redfish.odata.ServedSchema;
import java.util.List;

/** Every DMTF schema the agent's responses use, with the version served. $metadata is rendered from this list. */
public final class Schemas {

  public static final ServedSchema SERVICE_ROOT = ServedSchema.versioned("ServiceRoot", "v1_20_0");
  public static final ServedSchema CHASSIS_COLLECTION = ServedSchema.unversioned("ChassisCollection");
  public static final ServedSchema CHASSIS = ServedSchema.versioned("Chassis", "v1_28_0");
  public static final ServedSchema PCIE_SLOTS = ServedSchema.versioned("PCIeSlots", "v1_6_1");
  public static final ServedSchema MANAGER_COLLECTION = ServedSchema.unversioned("ManagerCollection");
  public static final ServedSchema MANAGER = ServedSchema.versioned("Manager", "v1_24_0");
  public static final ServedSchema SESSION_SERVICE = ServedSchema.versioned("SessionService", "v1_2_0");
  public static final ServedSchema SESSION_COLLECTION = ServedSchema.unversioned("SessionCollection");
  public static final ServedSchema MESSAGE = ServedSchema.versioned("Message", "v1_3_0");
  public static final ServedSchema RESOURCE = ServedSchema.versioned("Resource", "v1_23_0");

  public static final List<ServedSchema> ALL =
      List.of(
          SERVICE_ROOT,
          CHASSIS_COLLECTION,
          CHASSIS,
          PCIE_SLOTS,
          MANAGER_COLLECTION,
          MANAGER,
          SESSION_SERVICE,
          SESSION_COLLECTION,
          MESSAGE,
          RESOURCE);

  private Schemas() {}
}

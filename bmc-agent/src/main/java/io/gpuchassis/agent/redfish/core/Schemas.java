package io.gpuchassis.agent.redfish.core;

import io.gpuchassis.redfish.odata.ServedSchema;
import java.util.List;

/**
 * Every DMTF schema the agent's responses use, with the version served. $metadata is rendered from
 * this list.
 */
public final class Schemas {

  public static final ServedSchema SERVICE_ROOT = ServedSchema.versioned("ServiceRoot", "v1_20_0");
  public static final ServedSchema CHASSIS_COLLECTION =
      ServedSchema.unversioned("ChassisCollection");
  public static final ServedSchema CHASSIS = ServedSchema.versioned("Chassis", "v1_28_0");
  public static final ServedSchema PCIE_SLOTS = ServedSchema.versioned("PCIeSlots", "v1_6_1");
  public static final ServedSchema MANAGER_COLLECTION =
      ServedSchema.unversioned("ManagerCollection");
  public static final ServedSchema MANAGER = ServedSchema.versioned("Manager", "v1_24_0");
  public static final ServedSchema SESSION_SERVICE =
      ServedSchema.versioned("SessionService", "v1_2_0");
  public static final ServedSchema SESSION_COLLECTION =
      ServedSchema.unversioned("SessionCollection");
  public static final ServedSchema FABRIC_COLLECTION = ServedSchema.unversioned("FabricCollection");
  public static final ServedSchema FABRIC = ServedSchema.versioned("Fabric", "v1_4_0");
  public static final ServedSchema SWITCH_COLLECTION = ServedSchema.unversioned("SwitchCollection");
  public static final ServedSchema SWITCH = ServedSchema.versioned("Switch", "v1_11_0");
  public static final ServedSchema PORT_COLLECTION = ServedSchema.unversioned("PortCollection");
  public static final ServedSchema PORT = ServedSchema.versioned("Port", "v1_18_0");
  public static final ServedSchema PORT_METRICS = ServedSchema.versioned("PortMetrics", "v1_8_1");
  public static final ServedSchema NETWORK_ADAPTER_COLLECTION =
      ServedSchema.unversioned("NetworkAdapterCollection");
  public static final ServedSchema NETWORK_ADAPTER =
      ServedSchema.versioned("NetworkAdapter", "v1_14_0");
  public static final ServedSchema ACCOUNT_SERVICE =
      ServedSchema.versioned("AccountService", "v1_18_1");
  public static final ServedSchema MANAGER_ACCOUNT_COLLECTION =
      ServedSchema.unversioned("ManagerAccountCollection");
  public static final ServedSchema MANAGER_ACCOUNT =
      ServedSchema.versioned("ManagerAccount", "v1_14_1");
  public static final ServedSchema ROLE_COLLECTION = ServedSchema.unversioned("RoleCollection");
  public static final ServedSchema ROLE = ServedSchema.versioned("Role", "v1_3_3");
  public static final ServedSchema SESSION = ServedSchema.versioned("Session", "v1_8_0");
  public static final ServedSchema LOG_SERVICE_COLLECTION =
      ServedSchema.unversioned("LogServiceCollection");
  public static final ServedSchema LOG_SERVICE = ServedSchema.versioned("LogService", "v1_9_0");
  public static final ServedSchema LOG_ENTRY_COLLECTION =
      ServedSchema.unversioned("LogEntryCollection");
  public static final ServedSchema LOG_ENTRY = ServedSchema.versioned("LogEntry", "v1_21_0");
  public static final ServedSchema MESSAGE_REGISTRY_FILE_COLLECTION =
      ServedSchema.unversioned("MessageRegistryFileCollection");
  public static final ServedSchema MESSAGE_REGISTRY_FILE =
      ServedSchema.versioned("MessageRegistryFile", "v1_1_5");
  public static final ServedSchema JSON_SCHEMA_FILE_COLLECTION =
      ServedSchema.unversioned("JsonSchemaFileCollection");
  public static final ServedSchema JSON_SCHEMA_FILE =
      ServedSchema.versioned("JsonSchemaFile", "v1_1_5");
  public static final ServedSchema CERTIFICATE_SERVICE =
      ServedSchema.versioned("CertificateService", "v1_2_1");
  public static final ServedSchema CERTIFICATE_LOCATIONS =
      ServedSchema.versioned("CertificateLocations", "v1_0_4");
  public static final ServedSchema CERTIFICATE_COLLECTION =
      ServedSchema.unversioned("CertificateCollection");
  public static final ServedSchema CERTIFICATE = ServedSchema.versioned("Certificate", "v1_11_0");
  public static final ServedSchema ENDPOINT_COLLECTION =
      ServedSchema.unversioned("EndpointCollection");
  public static final ServedSchema ENDPOINT = ServedSchema.versioned("Endpoint", "v1_8_2");
  public static final ServedSchema ZONE_COLLECTION = ServedSchema.unversioned("ZoneCollection");
  public static final ServedSchema ZONE = ServedSchema.versioned("Zone", "v1_6_3");
  public static final ServedSchema ADDRESS_POOL_COLLECTION =
      ServedSchema.unversioned("AddressPoolCollection");
  public static final ServedSchema ADDRESS_POOL = ServedSchema.versioned("AddressPool", "v1_3_0");
  public static final ServedSchema CONNECTION_COLLECTION =
      ServedSchema.unversioned("ConnectionCollection");
  public static final ServedSchema CONNECTION = ServedSchema.versioned("Connection", "v1_4_0");
  public static final ServedSchema PCIE_DEVICE_COLLECTION =
      ServedSchema.unversioned("PCIeDeviceCollection");
  public static final ServedSchema PCIE_DEVICE = ServedSchema.versioned("PCIeDevice", "v1_21_0");
  public static final ServedSchema PCIE_FUNCTION_COLLECTION =
      ServedSchema.unversioned("PCIeFunctionCollection");
  public static final ServedSchema PCIE_FUNCTION = ServedSchema.versioned("PCIeFunction", "v1_7_0");
  public static final ServedSchema ASSEMBLY = ServedSchema.versioned("Assembly", "v1_6_1");
  public static final ServedSchema CONTROL_COLLECTION =
      ServedSchema.unversioned("ControlCollection");
  public static final ServedSchema CONTROL = ServedSchema.versioned("Control", "v1_7_0");
  public static final ServedSchema TASK_SERVICE = ServedSchema.versioned("TaskService", "v1_3_0");
  public static final ServedSchema TASK_COLLECTION = ServedSchema.unversioned("TaskCollection");
  public static final ServedSchema TASK = ServedSchema.versioned("Task", "v1_7_4");
  public static final ServedSchema COMPOSITION_SERVICE =
      ServedSchema.versioned("CompositionService", "v1_2_3");
  public static final ServedSchema RESOURCE_BLOCK_COLLECTION =
      ServedSchema.unversioned("ResourceBlockCollection");
  public static final ServedSchema RESOURCE_BLOCK =
      ServedSchema.versioned("ResourceBlock", "v1_4_3");
  public static final ServedSchema COMPUTER_SYSTEM_COLLECTION =
      ServedSchema.unversioned("ComputerSystemCollection");
  public static final ServedSchema COMPUTER_SYSTEM =
      ServedSchema.versioned("ComputerSystem", "v1_27_0");
  public static final ServedSchema PROCESSOR_COLLECTION =
      ServedSchema.unversioned("ProcessorCollection");
  public static final ServedSchema PROCESSOR = ServedSchema.versioned("Processor", "v1_22_0");
  public static final ServedSchema SENSOR_COLLECTION = ServedSchema.unversioned("SensorCollection");
  public static final ServedSchema SENSOR = ServedSchema.versioned("Sensor", "v1_12_0");
  public static final ServedSchema UPDATE_SERVICE =
      ServedSchema.versioned("UpdateService", "v1_17_0");
  public static final ServedSchema SOFTWARE_INVENTORY_COLLECTION =
      ServedSchema.unversioned("SoftwareInventoryCollection");
  public static final ServedSchema SOFTWARE_INVENTORY =
      ServedSchema.versioned("SoftwareInventory", "v1_13_0");
  public static final ServedSchema THERMAL_SUBSYSTEM =
      ServedSchema.versioned("ThermalSubsystem", "v1_5_0");
  public static final ServedSchema FAN_COLLECTION = ServedSchema.unversioned("FanCollection");
  public static final ServedSchema FAN = ServedSchema.versioned("Fan", "v1_6_0");
  public static final ServedSchema THERMAL_METRICS =
      ServedSchema.versioned("ThermalMetrics", "v1_3_2");
  public static final ServedSchema POWER_SUBSYSTEM =
      ServedSchema.versioned("PowerSubsystem", "v1_1_3");
  public static final ServedSchema POWER_SUPPLY_COLLECTION =
      ServedSchema.unversioned("PowerSupplyCollection");
  public static final ServedSchema POWER_SUPPLY = ServedSchema.versioned("PowerSupply", "v1_6_0");
  public static final ServedSchema ENVIRONMENT_METRICS =
      ServedSchema.versioned("EnvironmentMetrics", "v1_5_0");
  public static final ServedSchema THERMAL = ServedSchema.versioned("Thermal", "v1_7_3");
  public static final ServedSchema POWER = ServedSchema.versioned("Power", "v1_7_3");
  public static final ServedSchema COMPOSITION_RESERVATION_COLLECTION =
      ServedSchema.unversioned("CompositionReservationCollection");
  public static final ServedSchema COMPOSITION_RESERVATION =
      ServedSchema.versioned("CompositionReservation", "v1_0_2");
  public static final ServedSchema ACTION_INFO = ServedSchema.versioned("ActionInfo", "v1_5_0");
  public static final ServedSchema EVENT_SERVICE =
      ServedSchema.versioned("EventService", "v1_12_0");
  public static final ServedSchema EVENT_DESTINATION_COLLECTION =
      ServedSchema.unversioned("EventDestinationCollection");
  public static final ServedSchema EVENT_DESTINATION =
      ServedSchema.versioned("EventDestination", "v1_16_0");
  public static final ServedSchema EVENT = ServedSchema.versioned("Event", "v1_13_0");
  public static final ServedSchema MESSAGE = ServedSchema.versioned("Message", "v1_3_0");
  public static final ServedSchema RESOURCE = ServedSchema.versioned("Resource", "v1_23_0");
  public static final ServedSchema ETHERNET_INTERFACE_COLLECTION =
      ServedSchema.unversioned("EthernetInterfaceCollection");
  public static final ServedSchema ETHERNET_INTERFACE =
      ServedSchema.versioned("EthernetInterface", "v1_12_4");
  public static final ServedSchema IP_ADDRESSES = ServedSchema.versioned("IPAddresses", "v1_1_5");
  public static final ServedSchema MANAGER_NETWORK_PROTOCOL =
      ServedSchema.versioned("ManagerNetworkProtocol", "v1_12_0");
  public static final ServedSchema SERIAL_INTERFACE_COLLECTION =
      ServedSchema.unversioned("SerialInterfaceCollection");
  public static final ServedSchema SERIAL_INTERFACE =
      ServedSchema.versioned("SerialInterface", "v1_3_0");

  public static final ServedSchema TELEMETRY_SERVICE =
      ServedSchema.versioned("TelemetryService", "v1_4_1");
  public static final ServedSchema METRIC_DEFINITION_COLLECTION =
      ServedSchema.unversioned("MetricDefinitionCollection");
  public static final ServedSchema METRIC_DEFINITION =
      ServedSchema.versioned("MetricDefinition", "v1_3_5");
  public static final ServedSchema METRIC_REPORT_DEFINITION_COLLECTION =
      ServedSchema.unversioned("MetricReportDefinitionCollection");
  public static final ServedSchema METRIC_REPORT_DEFINITION =
      ServedSchema.versioned("MetricReportDefinition", "v1_4_7");
  public static final ServedSchema METRIC_REPORT_COLLECTION =
      ServedSchema.unversioned("MetricReportCollection");
  public static final ServedSchema METRIC_REPORT = ServedSchema.versioned("MetricReport", "v1_5_2");
  public static final ServedSchema SCHEDULE = ServedSchema.versioned("Schedule", "v1_2_5");

  public static final ServedSchema AGGREGATION_SERVICE =
      ServedSchema.versioned("AggregationService", "v1_0_3");
  public static final ServedSchema CONNECTION_METHOD_COLLECTION =
      ServedSchema.unversioned("ConnectionMethodCollection");
  public static final ServedSchema CONNECTION_METHOD =
      ServedSchema.versioned("ConnectionMethod", "v1_2_0");

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
          FABRIC_COLLECTION,
          FABRIC,
          SWITCH_COLLECTION,
          SWITCH,
          PORT_COLLECTION,
          PORT,
          PORT_METRICS,
          NETWORK_ADAPTER_COLLECTION,
          NETWORK_ADAPTER,
          ACCOUNT_SERVICE,
          MANAGER_ACCOUNT_COLLECTION,
          MANAGER_ACCOUNT,
          ROLE_COLLECTION,
          ROLE,
          SESSION,
          LOG_SERVICE_COLLECTION,
          LOG_SERVICE,
          LOG_ENTRY_COLLECTION,
          LOG_ENTRY,
          MESSAGE_REGISTRY_FILE_COLLECTION,
          MESSAGE_REGISTRY_FILE,
          JSON_SCHEMA_FILE_COLLECTION,
          JSON_SCHEMA_FILE,
          CERTIFICATE_SERVICE,
          CERTIFICATE_LOCATIONS,
          CERTIFICATE_COLLECTION,
          CERTIFICATE,
          ENDPOINT_COLLECTION,
          ENDPOINT,
          ZONE_COLLECTION,
          ZONE,
          ADDRESS_POOL_COLLECTION,
          ADDRESS_POOL,
          CONNECTION_COLLECTION,
          CONNECTION,
          PCIE_DEVICE_COLLECTION,
          PCIE_DEVICE,
          PCIE_FUNCTION_COLLECTION,
          PCIE_FUNCTION,
          ASSEMBLY,
          CONTROL_COLLECTION,
          CONTROL,
          TASK_SERVICE,
          TASK_COLLECTION,
          TASK,
          COMPOSITION_SERVICE,
          RESOURCE_BLOCK_COLLECTION,
          RESOURCE_BLOCK,
          COMPUTER_SYSTEM_COLLECTION,
          COMPUTER_SYSTEM,
          PROCESSOR_COLLECTION,
          PROCESSOR,
          SENSOR_COLLECTION,
          SENSOR,
          UPDATE_SERVICE,
          SOFTWARE_INVENTORY_COLLECTION,
          SOFTWARE_INVENTORY,
          THERMAL_SUBSYSTEM,
          FAN_COLLECTION,
          FAN,
          THERMAL_METRICS,
          POWER_SUBSYSTEM,
          POWER_SUPPLY_COLLECTION,
          POWER_SUPPLY,
          ENVIRONMENT_METRICS,
          THERMAL,
          POWER,
          COMPOSITION_RESERVATION_COLLECTION,
          COMPOSITION_RESERVATION,
          ACTION_INFO,
          EVENT_SERVICE,
          EVENT_DESTINATION_COLLECTION,
          EVENT_DESTINATION,
          EVENT,
          MESSAGE,
          RESOURCE,
          ETHERNET_INTERFACE_COLLECTION,
          ETHERNET_INTERFACE,
          IP_ADDRESSES,
          MANAGER_NETWORK_PROTOCOL,
          SERIAL_INTERFACE_COLLECTION,
          SERIAL_INTERFACE,
          TELEMETRY_SERVICE,
          METRIC_DEFINITION_COLLECTION,
          METRIC_DEFINITION,
          METRIC_REPORT_DEFINITION_COLLECTION,
          METRIC_REPORT_DEFINITION,
          METRIC_REPORT_COLLECTION,
          METRIC_REPORT,
          SCHEDULE,
          AGGREGATION_SERVICE,
          CONNECTION_METHOD_COLLECTION,
          CONNECTION_METHOD);

  private Schemas() {}
}

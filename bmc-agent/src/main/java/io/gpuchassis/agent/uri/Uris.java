package io.gpuchassis.agent.uri;

import io.gpuchassis.redfish.model.OdataIdRef;

/** The agent's Redfish URIs, in one place so links and routes cannot drift apart. */
public final class Uris {

  /** The service's prefix: every URI of the service starts with it. */
  public static final String PREFIX = "/redfish/v1";

  public static final String ROOT = "/redfish/v1/";

  /** The OData service document. */
  public static final String ODATA = "/redfish/v1/odata";

  /** The CSDL metadata document. */
  public static final String METADATA = "/redfish/v1/$metadata";

  public static final String CHASSIS = "/redfish/v1/Chassis";
  public static final String MANAGERS = "/redfish/v1/Managers";
  public static final String SESSION_SERVICE = "/redfish/v1/SessionService";
  public static final String SESSIONS = "/redfish/v1/SessionService/Sessions";
  public static final String MANAGER_ID = "BMC";
  public static final String FABRICS = "/redfish/v1/Fabrics";
  public static final String FABRIC_ID = "PCIe";
  public static final String FABRIC = FABRICS + "/" + FABRIC_ID;
  public static final String SWITCHES = FABRIC + "/Switches";

  /**
   * The fabric's GPU peer paths, an OEM resource: DSP0266 places OEM resources below the standard
   * resource whose {@code Oem} links them, at {@code Oem/<OemIdentifier>/<ResourcePath>}.
   */
  public static final String PEER_PATHS = FABRIC + "/Oem/GpuChassisAgent/PeerPaths";

  public static final String REGISTRIES = "/redfish/v1/Registries";
  public static final String JSON_SCHEMAS = "/redfish/v1/JsonSchemas";

  /** The CSDL documents the agent hosts itself (its OEM schema), referenced from $metadata. */
  public static final String SCHEMAS = "/redfish/v1/Schemas";

  public static final String CERTIFICATE_SERVICE = "/redfish/v1/CertificateService";
  public static final String CERTIFICATE_LOCATIONS = CERTIFICATE_SERVICE + "/CertificateLocations";
  public static final String REPLACE_CERTIFICATE =
      CERTIFICATE_SERVICE + "/Actions/CertificateService.ReplaceCertificate";
  public static final String GENERATE_CSR =
      CERTIFICATE_SERVICE + "/Actions/CertificateService.GenerateCSR";
  public static final String GENERATE_CSR_ACTION_INFO =
      CERTIFICATE_SERVICE + "/GenerateCSRActionInfo";

  /** The HTTPS certificate's one member id in its collection. */
  public static final String HTTPS_CERTIFICATE_ID = "1";

  private Uris() {}

  public static final String ACCOUNT_SERVICE = "/redfish/v1/AccountService";
  public static final String ACCOUNTS = ACCOUNT_SERVICE + "/Accounts";
  public static final String ROLES = ACCOUNT_SERVICE + "/Roles";

  public static String account(long id) {
    return ACCOUNTS + "/" + id;
  }

  public static String role(String id) {
    return ROLES + "/" + id;
  }

  public static String session(String id) {
    return SESSIONS + "/" + id;
  }

  public static String logServices() {
    return manager() + "/LogServices";
  }

  public static String securityLog() {
    return logServices() + "/SecurityLog";
  }

  public static String securityLogEntries() {
    return securityLog() + "/Entries";
  }

  public static String eventLog() {
    return logServices() + "/EventLog";
  }

  public static String eventLogEntries() {
    return eventLog() + "/Entries";
  }

  public static String eventLogEntry(long id) {
    return eventLogEntries() + "/" + id;
  }

  public static final String EVENT_SERVICE = "/redfish/v1/EventService";
  public static final String SUBSCRIPTIONS = EVENT_SERVICE + "/Subscriptions";

  /** The EventService's ServerSentEventUri. */
  public static final String EVENT_STREAM = EVENT_SERVICE + "/SSE";

  public static final String SUBMIT_TEST_EVENT =
      EVENT_SERVICE + "/Actions/EventService.SubmitTestEvent";

  public static final String TELEMETRY_SERVICE = "/redfish/v1/TelemetryService";
  public static final String METRIC_DEFINITIONS = TELEMETRY_SERVICE + "/MetricDefinitions";
  public static final String METRIC_REPORT_DEFINITIONS =
      TELEMETRY_SERVICE + "/MetricReportDefinitions";
  public static final String METRIC_REPORTS = TELEMETRY_SERVICE + "/MetricReports";

  public static final String METRIC_DEFINITION_TEMPLATE =
      METRIC_DEFINITIONS + "/{MetricDefinitionId}";
  public static final String METRIC_REPORT_DEFINITION_TEMPLATE =
      METRIC_REPORT_DEFINITIONS + "/{MetricReportDefinitionId}";
  public static final String METRIC_REPORT_TEMPLATE = METRIC_REPORTS + "/{MetricReportId}";

  public static String metricDefinition(String id) {
    return METRIC_DEFINITIONS + "/" + id;
  }

  public static String metricReportDefinition(String id) {
    return METRIC_REPORT_DEFINITIONS + "/" + id;
  }

  public static String metricReport(String id) {
    return METRIC_REPORTS + "/" + id;
  }

  /** The CA certificates a push subscription trusts. */
  public static String subscriptionCertificates(String id) {
    return subscription(id) + "/Certificates";
  }

  public static String subscription(String id) {
    return SUBSCRIPTIONS + "/" + id;
  }

  public static String chassis(String id) {
    return CHASSIS + "/" + id;
  }

  public static String pcieSlots(String chassisId) {
    return chassis(chassisId) + "/PCIeSlots";
  }

  public static String manager() {
    return MANAGERS + "/" + MANAGER_ID;
  }

  /**
   * The manager's own network interfaces (the management processor's, as its operating system has
   * them).
   */
  public static String managerEthernetInterfaces() {
    return manager() + "/EthernetInterfaces";
  }

  public static String managerEthernetInterface(String name) {
    return managerEthernetInterfaces() + "/" + name;
  }

  /**
   * The network services the management processor runs (HTTPS, SSH, NTP, ...), as its operating
   * system has them.
   */
  public static String managerNetworkProtocol() {
    return manager() + "/NetworkProtocol";
  }

  /** The serial ports where the technician's console runs. */
  public static String managerSerialInterfaces() {
    return manager() + "/SerialInterfaces";
  }

  public static String managerSerialInterface(String id) {
    return managerSerialInterfaces() + "/" + id;
  }

  /** Manager.Reset: restarts the agent (not the machine it runs on). */
  public static String managerReset() {
    return manager() + "/Actions/Manager.Reset";
  }

  public static String managerResetActionInfo() {
    return manager() + "/ResetActionInfo";
  }

  public static final String ENDPOINTS = FABRIC + "/Endpoints";
  public static final String ZONES = FABRIC + "/Zones";

  /** The target endpoint of the GPU in {@code slot}. */
  public static String gpuEndpoint(int slot) {
    return ENDPOINTS + "/" + gpuEndpointId(slot);
  }

  public static String gpuEndpointId(int slot) {
    return "GPU-Slot" + slot;
  }

  /** The initiator endpoint of a host port. */
  public static String hostEndpoint(String hostId) {
    return ENDPOINTS + "/" + hostId;
  }

  public static String zone(String hostId) {
    return ZONES + "/" + hostId;
  }

  /** The RoCEv2 fabric of the Ethernet hosts (ExpEther grouping); served when the board has one. */
  public static final String ROCE_FABRIC_ID = "RoCE";

  public static final String ROCE_FABRIC = FABRICS + "/" + ROCE_FABRIC_ID;
  public static final String ROCE_ENDPOINTS = ROCE_FABRIC + "/Endpoints";
  public static final String ROCE_ZONES = ROCE_FABRIC + "/Zones";
  public static final String ROCE_ADDRESS_POOLS = ROCE_FABRIC + "/AddressPools";

  /** The one address pool: the VLAN groups of the Ethernet hosts. */
  public static final String ROCE_ADDRESS_POOL_ID = "VLANGroups";

  public static final String ROCE_ADDRESS_POOL = ROCE_ADDRESS_POOLS + "/" + ROCE_ADDRESS_POOL_ID;

  public static String roceHostEndpoint(String hostId) {
    return ROCE_ENDPOINTS + "/" + hostId;
  }

  public static String roceGpuEndpoint(int slot) {
    return ROCE_ENDPOINTS + "/" + gpuEndpointId(slot);
  }

  public static String roceZone(String hostId) {
    return ROCE_ZONES + "/" + hostId;
  }

  public static final String ROCE_CONNECTIONS = ROCE_FABRIC + "/Connections";

  public static String roceConnection(String hostId) {
    return ROCE_CONNECTIONS + "/" + hostId;
  }

  /** Host {@code hostId}'s zone on the fabric its GPUs reach it by: RoCE for an Ethernet host. */
  public static String zone(String hostId, boolean overEthernet) {
    return overEthernet ? roceZone(hostId) : zone(hostId);
  }

  /** The GPU's endpoint on the fabric of the host it is given to. */
  public static String gpuEndpoint(int slot, boolean overEthernet) {
    return overEthernet ? roceGpuEndpoint(slot) : gpuEndpoint(slot);
  }

  public static final String CONNECTIONS = FABRIC + "/Connections";

  /** The Connection of a host port: its initiator endpoint and its GPUs' target endpoints. */
  public static String connection(String hostId) {
    return CONNECTIONS + "/" + hostId;
  }

  public static String pcieDevices(String chassisId) {
    return chassis(chassisId) + "/PCIeDevices";
  }

  public static String pcieDevice(String chassisId, int slot) {
    return pcieDevices(chassisId) + "/Slot" + slot;
  }

  /** The PCIe functions of the GPU in {@code slot}. */
  public static String pcieFunctions(String chassisId, int slot) {
    return pcieDevice(chassisId, slot) + "/PCIeFunctions";
  }

  /** The chassis's controls (its fan duty). */
  public static String controls(String chassisId) {
    return chassis(chassisId) + "/Controls";
  }

  /** The field-replaceable parts of the chassis. */
  public static String assembly(String chassisId) {
    return chassis(chassisId) + "/Assembly";
  }

  public static String fabricSwitch(String switchId) {
    return SWITCHES + "/" + switchId;
  }

  public static String ports(String switchId) {
    return fabricSwitch(switchId) + "/Ports";
  }

  public static String port(String switchId, int port) {
    return ports(switchId) + "/" + port;
  }

  public static String portMetrics(String switchId, int port) {
    return port(switchId, port) + "/Metrics";
  }

  public static String registry(String id) {
    return REGISTRIES + "/" + id;
  }

  public static String jsonSchema(String id) {
    return JSON_SCHEMAS + "/" + id;
  }

  /** A JSON schema file the agent hosts, below its JsonSchemaFile. */
  public static String jsonSchemaFile(String id, String file) {
    return jsonSchema(id) + "/" + file;
  }

  /** A CSDL document the agent hosts. */
  public static String schemaFile(String file) {
    return SCHEMAS + "/" + file;
  }

  /** The HTTPS certificates of the manager (its ManagerNetworkProtocol's HTTPS.Certificates). */
  public static String httpsCertificates() {
    return manager() + "/NetworkProtocol/HTTPS/Certificates";
  }

  public static String httpsCertificate() {
    return httpsCertificates() + "/" + HTTPS_CERTIFICATE_ID;
  }

  public static final String TASK_SERVICE = "/redfish/v1/TaskService";
  public static final String TASKS = TASK_SERVICE + "/Tasks";
  public static final String TASK_MONITORS = TASK_SERVICE + "/TaskMonitors";

  public static final String UPDATE_SERVICE = "/redfish/v1/UpdateService";
  public static final String FIRMWARE_INVENTORY = UPDATE_SERVICE + "/FirmwareInventory";

  /**
   * Where firmware bundles are pushed as multipart/form-data (UpdateService.MultipartHttpPushUri).
   */
  public static final String UPDATE_MULTIPART = UPDATE_SERVICE + "/update-multipart";

  /**
   * The agent's own entry in the FirmwareInventory; also how Update registry messages name the
   * agent.
   */
  public static final String AGENT_FIRMWARE_ID = "Agent";

  /** The UpdateService's HttpPushUri: a bundle POSTed as the raw body. */
  public static final String UPDATE_HTTP_PUSH = UPDATE_SERVICE + "/update";

  public static final String SIMPLE_UPDATE = UPDATE_SERVICE + "/Actions/UpdateService.SimpleUpdate";

  /** The ActionInfo of SimpleUpdate: its parameters and their allowable values. */
  public static final String SIMPLE_UPDATE_ACTION_INFO = UPDATE_SERVICE + "/SimpleUpdateActionInfo";

  public static final String START_UPDATE = UPDATE_SERVICE + "/Actions/UpdateService.StartUpdate";

  public static String firmwareInventory(String id) {
    return FIRMWARE_INVENTORY + "/" + id;
  }

  public static String task(String id) {
    return TASKS + "/" + id;
  }

  /** The collection of a task's sub-tasks (one per target of an update of several). */
  public static String subTasks(String taskId) {
    return task(taskId) + "/SubTasks";
  }

  public static String subTask(String taskId, String subTaskId) {
    return subTasks(taskId) + "/" + subTaskId;
  }

  /** Where a client follows an asynchronous operation (DSP0266 task monitor). */
  public static String taskMonitor(String id) {
    return TASK_MONITORS + "/" + id;
  }

  /**
   * The AggregationService, served only with a Sunfish core configured (docs/COMPOSITION.md,
   * "Sunfish"): it holds the one ConnectionMethod the core reads when the agent registers.
   */
  public static final String AGGREGATION_SERVICE = "/redfish/v1/AggregationService";

  public static final String CONNECTION_METHODS = AGGREGATION_SERVICE + "/ConnectionMethods";
  public static final String CONNECTION_METHOD_TEMPLATE =
      CONNECTION_METHODS + "/{ConnectionMethodId}";

  /**
   * The agent's ConnectionMethod, named by the UUID of the service it belongs to: a Sunfish core
   * copies it into its own tree at this same URI, so the ones of several agents must not meet.
   */
  public static String connectionMethod(java.util.UUID service) {
    return CONNECTION_METHODS + "/" + service;
  }

  public static final String COMPOSITION_SERVICE = "/redfish/v1/CompositionService";
  public static final String RESOURCE_BLOCKS = COMPOSITION_SERVICE + "/ResourceBlocks";
  public static final String RESOURCE_ZONES = COMPOSITION_SERVICE + "/ResourceZones";
  public static final String ACTIVE_POOL = COMPOSITION_SERVICE + "/ActivePool";
  public static final String FREE_POOL = COMPOSITION_SERVICE + "/FreePool";
  public static final String SYSTEMS = "/redfish/v1/Systems";

  /** The resource block of the GPU in {@code slot}; its id matches the GPU's endpoint id. */
  public static String resourceBlock(int slot) {
    return RESOURCE_BLOCKS + "/" + gpuEndpointId(slot);
  }

  /** The GPU of {@code slot} as a processor, in its resource block. */
  public static String gpuProcessor(int slot) {
    return resourceBlock(slot) + "/Processors/GPU";
  }

  /** The MIG devices of the GPU of {@code slot}, as its host reported them. */
  public static String gpuPartitions(int slot) {
    return gpuProcessor(slot) + "/SubProcessors";
  }

  /** The ports of the GPU of {@code slot}: its PCIe link to the switch. */
  public static String gpuPorts(int slot) {
    return gpuProcessor(slot) + "/Ports";
  }

  /** The resource zone of a switch chip: the GPUs that chip's hosts can be composed with. */
  public static String resourceZone(String switchId) {
    return RESOURCE_ZONES + "/" + switchId;
  }

  /** The computer system of a host port. */
  public static String system(String hostId) {
    return SYSTEMS + "/" + hostId;
  }

  /**
   * The resource block of a host port (ResourceBlockType ComputerSystem): the expandable system's
   * registration.
   */
  public static String hostResourceBlock(String hostId) {
    return RESOURCE_BLOCKS + "/" + hostId;
  }

  /** The capabilities objects of the Systems collection: specific and constrained composition. */
  public static final String SYSTEM_CAPABILITIES = SYSTEMS + "/Capabilities";

  public static final String CONSTRAINED_CAPABILITIES =
      SYSTEMS + "/ConstrainedCompositionCapabilities";

  public static final String COMPOSE = COMPOSITION_SERVICE + "/Actions/CompositionService.Compose";
  public static final String COMPOSE_ACTION_INFO = COMPOSITION_SERVICE + "/ComposeActionInfo";
  public static final String COMPOSITION_RESERVATIONS =
      COMPOSITION_SERVICE + "/CompositionReservations";

  public static String compositionReservation(String id) {
    return COMPOSITION_RESERVATIONS + "/" + id;
  }

  public static OdataIdRef ref(String uri) {
    return new OdataIdRef().atOdataId(uri);
  }

  public static String sensors(String chassisId) {
    return chassis(chassisId) + "/Sensors";
  }

  public static String sensor(String chassisId, String sensorId) {
    return sensors(chassisId) + "/" + sensorId;
  }

  public static String thermalSubsystem(String chassisId) {
    return chassis(chassisId) + "/ThermalSubsystem";
  }

  public static String fans(String chassisId) {
    return thermalSubsystem(chassisId) + "/Fans";
  }

  public static String fan(String chassisId, String fanId) {
    return fans(chassisId) + "/" + fanId;
  }

  public static String thermalMetrics(String chassisId) {
    return thermalSubsystem(chassisId) + "/ThermalMetrics";
  }

  public static String powerSubsystem(String chassisId) {
    return chassis(chassisId) + "/PowerSubsystem";
  }

  public static String powerSupplies(String chassisId) {
    return powerSubsystem(chassisId) + "/PowerSupplies";
  }

  public static String powerSupply(String chassisId, String psuId) {
    return powerSupplies(chassisId) + "/" + psuId;
  }

  public static String networkAdapters(String chassisId) {
    return chassis(chassisId) + "/NetworkAdapters";
  }

  public static String networkAdapter(String chassisId, String adapterId) {
    return networkAdapters(chassisId) + "/" + adapterId;
  }

  public static String networkAdapterPorts(String chassisId, String adapterId) {
    return networkAdapter(chassisId, adapterId) + "/Ports";
  }

  public static String networkAdapterPort(String chassisId, String adapterId, String portId) {
    return networkAdapterPorts(chassisId, adapterId) + "/" + portId;
  }

  public static String networkAdapterPortMetrics(
      String chassisId, String adapterId, String portId) {
    return networkAdapterPort(chassisId, adapterId, portId) + "/Metrics";
  }

  public static String environmentMetrics(String chassisId) {
    return chassis(chassisId) + "/EnvironmentMetrics";
  }

  // Route templates: the URIs above with their path parameters, as the resources register them.
  public static final String CHASSIS_TEMPLATE = CHASSIS + "/{ChassisId}";
  public static final String SENSORS_TEMPLATE = CHASSIS_TEMPLATE + "/Sensors";
  public static final String SENSOR_TEMPLATE = SENSORS_TEMPLATE + "/{SensorId}";
  public static final String PCIE_SLOTS_TEMPLATE = CHASSIS_TEMPLATE + "/PCIeSlots";
  public static final String PCIE_DEVICES_TEMPLATE = CHASSIS_TEMPLATE + "/PCIeDevices";
  public static final String PCIE_DEVICE_TEMPLATE = PCIE_DEVICES_TEMPLATE + "/{DeviceId}";
  public static final String PCIE_DEVICE_ENVIRONMENT_METRICS_TEMPLATE =
      PCIE_DEVICE_TEMPLATE + "/EnvironmentMetrics";
  public static final String PCIE_FUNCTIONS_TEMPLATE = PCIE_DEVICE_TEMPLATE + "/PCIeFunctions";
  public static final String PCIE_FUNCTION_TEMPLATE = PCIE_FUNCTIONS_TEMPLATE + "/{FunctionId}";
  public static final String ASSEMBLY_TEMPLATE = CHASSIS_TEMPLATE + "/Assembly";
  public static final String CONTROLS_TEMPLATE = CHASSIS_TEMPLATE + "/Controls";
  public static final String CONTROL_TEMPLATE = CONTROLS_TEMPLATE + "/{ControlId}";
  public static final String LEGACY_POWER_TEMPLATE = CHASSIS_TEMPLATE + "/Power";
  public static final String LEGACY_THERMAL_TEMPLATE = CHASSIS_TEMPLATE + "/Thermal";
  public static final String POWER_SUBSYSTEM_TEMPLATE = CHASSIS_TEMPLATE + "/PowerSubsystem";
  public static final String POWER_SUPPLIES_TEMPLATE = POWER_SUBSYSTEM_TEMPLATE + "/PowerSupplies";
  public static final String POWER_SUPPLY_TEMPLATE = POWER_SUPPLIES_TEMPLATE + "/{PowerSupplyId}";
  public static final String NETWORK_ADAPTERS_TEMPLATE = CHASSIS_TEMPLATE + "/NetworkAdapters";
  public static final String NETWORK_ADAPTER_TEMPLATE =
      NETWORK_ADAPTERS_TEMPLATE + "/{NetworkAdapterId}";
  public static final String NETWORK_ADAPTER_PORTS_TEMPLATE = NETWORK_ADAPTER_TEMPLATE + "/Ports";
  public static final String NETWORK_ADAPTER_PORT_TEMPLATE =
      NETWORK_ADAPTER_PORTS_TEMPLATE + "/{PortId}";
  public static final String NETWORK_ADAPTER_PORT_METRICS_TEMPLATE =
      NETWORK_ADAPTER_PORT_TEMPLATE + "/Metrics";
  public static final String ENVIRONMENT_METRICS_TEMPLATE =
      CHASSIS_TEMPLATE + "/EnvironmentMetrics";
  public static final String THERMAL_SUBSYSTEM_TEMPLATE = CHASSIS_TEMPLATE + "/ThermalSubsystem";
  public static final String FANS_TEMPLATE = THERMAL_SUBSYSTEM_TEMPLATE + "/Fans";
  public static final String FAN_TEMPLATE = FANS_TEMPLATE + "/{FanId}";
  public static final String THERMAL_METRICS_TEMPLATE =
      THERMAL_SUBSYSTEM_TEMPLATE + "/ThermalMetrics";
  public static final String FABRIC_TEMPLATE = FABRICS + "/{FabricId}";
  public static final String SWITCH_TEMPLATE = SWITCHES + "/{SwitchId}";
  public static final String PORTS_TEMPLATE = SWITCH_TEMPLATE + "/Ports";
  public static final String PORT_TEMPLATE = PORTS_TEMPLATE + "/{PortId}";
  public static final String PORT_METRICS_TEMPLATE = PORT_TEMPLATE + "/Metrics";
  public static final String ENDPOINT_TEMPLATE = ENDPOINTS + "/{EndpointId}";
  public static final String ZONE_TEMPLATE = ZONES + "/{ZoneId}";
  public static final String CONNECTION_TEMPLATE = CONNECTIONS + "/{ConnectionId}";
  public static final String ROCE_ENDPOINT_TEMPLATE = ROCE_ENDPOINTS + "/{EndpointId}";
  public static final String ROCE_ZONE_TEMPLATE = ROCE_ZONES + "/{ZoneId}";
  public static final String ROCE_CONNECTION_TEMPLATE = ROCE_CONNECTIONS + "/{ConnectionId}";
  public static final String ROCE_ADDRESS_POOL_TEMPLATE = ROCE_ADDRESS_POOLS + "/{AddressPoolId}";
  public static final String FIRMWARE_INVENTORY_TEMPLATE =
      FIRMWARE_INVENTORY + "/{SoftwareInventoryId}";
  public static final String RESOURCE_ZONE_TEMPLATE = RESOURCE_ZONES + "/{ZoneId}";
  public static final String RESOURCE_BLOCK_TEMPLATE = RESOURCE_BLOCKS + "/{ResourceBlockId}";
  public static final String RESOURCE_BLOCK_PROCESSOR_TEMPLATE =
      RESOURCE_BLOCK_TEMPLATE + "/Processors/GPU";
  public static final String GPU_PORTS_TEMPLATE = RESOURCE_BLOCK_PROCESSOR_TEMPLATE + "/Ports";
  public static final String GPU_PORT_TEMPLATE = GPU_PORTS_TEMPLATE + "/{PortId}";
  public static final String GPU_PARTITIONS_TEMPLATE =
      RESOURCE_BLOCK_PROCESSOR_TEMPLATE + "/SubProcessors";
  public static final String GPU_PARTITION_TEMPLATE = GPU_PARTITIONS_TEMPLATE + "/{PartitionId}";
  public static final String SYSTEM_TEMPLATE = SYSTEMS + "/{SystemId}";
  public static final String SYSTEM_PROCESSORS_TEMPLATE = SYSTEM_TEMPLATE + "/Processors";
  public static final String SYSTEM_PROCESSOR_TEMPLATE =
      SYSTEM_PROCESSORS_TEMPLATE + "/{ProcessorId}";
  public static final String SYSTEM_GPU_PARTITIONS_TEMPLATE =
      SYSTEM_PROCESSOR_TEMPLATE + "/SubProcessors";
  public static final String SYSTEM_GPU_PARTITION_TEMPLATE =
      SYSTEM_GPU_PARTITIONS_TEMPLATE + "/{PartitionId}";
  public static final String COMPOSITION_RESERVATION_TEMPLATE =
      COMPOSITION_RESERVATIONS + "/{ReservationId}";
  public static final String MANAGER_TEMPLATE = MANAGERS + "/{ManagerId}";
  public static final String MANAGER_RESET_ACTION_INFO_TEMPLATE =
      MANAGER_TEMPLATE + "/ResetActionInfo";
  public static final String NETWORK_PROTOCOL_TEMPLATE = MANAGER_TEMPLATE + "/NetworkProtocol";
  public static final String HTTPS_CERTIFICATES_TEMPLATE =
      NETWORK_PROTOCOL_TEMPLATE + "/HTTPS/Certificates";
  public static final String HTTPS_CERTIFICATE_TEMPLATE =
      HTTPS_CERTIFICATES_TEMPLATE + "/{CertificateId}";
  public static final String ETHERNET_INTERFACES_TEMPLATE =
      MANAGER_TEMPLATE + "/EthernetInterfaces";
  public static final String ETHERNET_INTERFACE_TEMPLATE =
      ETHERNET_INTERFACES_TEMPLATE + "/{EthernetInterfaceId}";
  public static final String SERIAL_INTERFACES_TEMPLATE = MANAGER_TEMPLATE + "/SerialInterfaces";
  public static final String SERIAL_INTERFACE_TEMPLATE =
      SERIAL_INTERFACES_TEMPLATE + "/{SerialInterfaceId}";
  public static final String SECURITY_LOG_ENTRY_TEMPLATE = securityLogEntries() + "/{EntryId}";
  public static final String EVENT_LOG_ENTRY_TEMPLATE = eventLogEntries() + "/{EntryId}";
  public static final String SUBSCRIPTION_TEMPLATE = SUBSCRIPTIONS + "/{SubscriptionId}";
  public static final String SUBSCRIPTION_CERTIFICATES_TEMPLATE =
      SUBSCRIPTION_TEMPLATE + "/Certificates";
  public static final String SUBSCRIPTION_CERTIFICATE_TEMPLATE =
      SUBSCRIPTION_CERTIFICATES_TEMPLATE + "/{CertificateId}";
  public static final String ACCOUNT_TEMPLATE = ACCOUNTS + "/{AccountId}";
  public static final String SESSION_TEMPLATE = SESSIONS + "/{SessionId}";
  public static final String ROLE_TEMPLATE = ROLES + "/{RoleId}";
  public static final String JSON_SCHEMA_TEMPLATE = JSON_SCHEMAS + "/{SchemaId}";
  public static final String REGISTRY_TEMPLATE = REGISTRIES + "/{RegistryId}";
  public static final String REGISTRY_FILE_TEMPLATE = REGISTRY_TEMPLATE + "/{RegistryFile}";
  public static final String TASK_TEMPLATE = TASKS + "/{TaskId}";
  public static final String TASK_MONITOR_TEMPLATE = TASK_MONITORS + "/{TaskId}";
  public static final String SUB_TASKS_TEMPLATE = TASK_TEMPLATE + "/SubTasks";
  public static final String SUB_TASK_TEMPLATE = SUB_TASKS_TEMPLATE + "/{TaskId2}";
}

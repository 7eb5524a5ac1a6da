package io.gpuchassis.redfish.query;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A small Redfish tree for tests, resolved from a map: a service root, a chassis collection of two
 * chassis whose {@code Links} point at a manager and back, the manager collection with one manager,
 * a manager whose links point back at both chassis. Counts resolutions, and checks that the engine
 * leaves what it is given alone.
 */
final class FakeService implements ResourceResolver {

  private final Map<String, ObjectNode> resources = new LinkedHashMap<>();
  private final Map<String, String> pristine = new LinkedHashMap<>();
  final List<String> resolved = new ArrayList<>();

  static FakeService standard() {
    FakeService s = new FakeService();
    s.add(
        """
        {'@odata.id': '/redfish/v1', '@odata.type': '#ServiceRoot.v1_20_0.ServiceRoot', 'Id': 'RootService',
         'Name': 'Root Service', 'Chassis': {'@odata.id': '/redfish/v1/Chassis'},
         'Managers': {'@odata.id': '/redfish/v1/Managers'},
         'Links': {'Sessions': {'@odata.id': '/redfish/v1/SessionService/Sessions'}}}
        """);
    s.add(
        """
        {'@odata.id': '/redfish/v1/Chassis', '@odata.type': '#ChassisCollection.ChassisCollection',
         'Name': 'Chassis Collection',
         'Members': [{'@odata.id': '/redfish/v1/Chassis/Enclosure'}, {'@odata.id': '/redfish/v1/Chassis/Tray1'}],
         'Members@odata.count': 2}
        """);
    s.add(
        """
        {'@odata.id': '/redfish/v1/Chassis/Enclosure', '@odata.type': '#Chassis.v1_28_0.Chassis',
         '@odata.etag': '"abc"', 'Id': 'Enclosure', 'Name': 'GPU enclosure', 'ChassisType': 'Expansion',
         'PowerState': 'On', 'Status': {'State': 'Enabled', 'Health': 'OK'},
         'PCIeSlots': {'@odata.id': '/redfish/v1/Chassis/Enclosure/PCIeSlots'},
         'Links': {'ManagedBy': [{'@odata.id': '/redfish/v1/Managers/BMC'}],
                   'Contains': [{'@odata.id': '/redfish/v1/Chassis/Tray1'}]}}
        """);
    s.add(
        """
        {'@odata.id': '/redfish/v1/Chassis/Tray1', '@odata.type': '#Chassis.v1_28_0.Chassis',
         'Id': 'Tray1', 'Name': 'GPU tray 1', 'ChassisType': 'Drawer', 'PowerState': 'Off',
         'Status': {'State': 'Enabled', 'Health': 'Warning'},
         'Links': {'ContainedBy': {'@odata.id': '/redfish/v1/Chassis/Enclosure'},
                   'ManagedBy': [{'@odata.id': '/redfish/v1/Managers/BMC'}]}}
        """);
    s.add(
        """
        {'@odata.id': '/redfish/v1/Chassis/Enclosure/PCIeSlots', '@odata.type': '#PCIeSlots.v1_6_1.PCIeSlots',
         'Id': 'PCIeSlots', 'Name': 'PCIe slots',
         'Slots': [{'Lanes': 16, 'Links': {'PCIeDevice': [{'@odata.id': '/redfish/v1/Chassis/Enclosure/PCIeDevices/GPU1'}]}}]}
        """);
    s.add(
        """
        {'@odata.id': '/redfish/v1/Chassis/Enclosure/PCIeDevices/GPU1', '@odata.type': '#PCIeDevice.v1_21_0.PCIeDevice',
         'Id': 'GPU1', 'Name': 'GPU 1'}
        """);
    s.add(
        """
        {'@odata.id': '/redfish/v1/Managers', '@odata.type': '#ManagerCollection.ManagerCollection',
         'Name': 'Manager Collection', 'Members': [{'@odata.id': '/redfish/v1/Managers/BMC'}],
         'Members@odata.count': 1}
        """);
    s.add(
        """
        {'@odata.id': '/redfish/v1/Managers/BMC', '@odata.type': '#Manager.v1_24_0.Manager',
         'Id': 'BMC', 'Name': 'Chassis manager', 'ManagerType': 'EnclosureManager',
         'Links': {'ManagerForChassis': [{'@odata.id': '/redfish/v1/Chassis/Enclosure'},
                                         {'@odata.id': '/redfish/v1/Chassis/Tray1'}]}}
        """);
    return s;
  }

  /**
   * A collection at {@code /redfish/v1/Things} of {@code count} members {@code Thing0..}, each with
   * Index = n.
   */
  static FakeService things(int count) {
    FakeService s = new FakeService();
    StringBuilder members = new StringBuilder();
    for (int i = 0; i < count; i++) {
      members
          .append(i == 0 ? "" : ",")
          .append("{'@odata.id': '/redfish/v1/Things/Thing")
          .append(i)
          .append("'}");
      s.add(
          "{'@odata.id': '/redfish/v1/Things/Thing"
              + i
              + "', '@odata.type': '#Thing.v1_0_0.Thing', 'Id': 'Thing"
              + i
              + "', 'Index': "
              + i
              + ", 'Even': "
              + (i % 2 == 0)
              + "}");
    }
    s.add(
        "{'@odata.id': '/redfish/v1/Things', '@odata.type': '#ThingCollection.ThingCollection', 'Name': 'Things',"
            + " 'Members': ["
            + members
            + "], 'Members@odata.count': "
            + count
            + "}");
    return s;
  }

  void add(String json) {
    ObjectNode resource = Json.obj(json);
    String id = resource.get("@odata.id").textValue();
    resources.put(id, resource);
    pristine.put(id, resource.toString());
  }

  ObjectNode get(String odataId) {
    return resources.get(odataId);
  }

  @Override
  public Optional<ObjectNode> resolve(String odataId) {
    resolved.add(odataId);
    return Optional.ofNullable(resources.get(odataId));
  }

  /** Whether every resource is as it was added: the engine must copy before it changes anything. */
  boolean untouched() {
    return resources.entrySet().stream()
        .allMatch(e -> e.getValue().toString().equals(pristine.get(e.getKey())));
  }
}

package io.gpuchassis.agent.ethernet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@code lldpcli -f json0 show neighbors details}: lldpd's json0, every element a list of objects
 * (the shape of lldpd's own {@code tests/integration/test_lldpcli.py::test_json0_output}).
 */
class LldpNeighborsTest {

  /** lldpd's test neighbour (a Linux host) on eth0, and a switch on eth1. */
  static final String TWO_NEIGHBORS =
      """
      {
        "lldp": [
          {
            "interface": [
              {
                "name": "eth0",
                "via": "LLDP",
                "rid": "1",
                "age": "0 day, 00:00:12",
                "chassis": [
                  {
                    "id": [{"type": "mac", "value": "00:00:00:00:00:02"}],
                    "name": [{"value": "ns-2.example.com"}],
                    "descr": [{"value": "Spectacular GNU/Linux 2016 Linux 6.1.0"}],
                    "mgmt-ip": [{"value": "fe80::200:ff:fe00:2"}],
                    "mgmt-iface": [{"value": "2"}],
                    "capability": [
                      {"type": "Bridge", "enabled": false},
                      {"type": "Router", "enabled": false},
                      {"type": "Wlan", "enabled": false},
                      {"type": "Station", "enabled": true}
                    ]
                  }
                ],
                "port": [
                  {
                    "id": [{"type": "mac", "value": "00:00:00:00:00:02"}],
                    "descr": [{"value": "eth1"}],
                    "ttl": [{"value": "120"}]
                  }
                ]
              },
              {
                "name": "eth1",
                "via": "LLDP",
                "rid": "2",
                "age": "0 day, 01:02:03",
                "chassis": [
                  {
                    "id": [{"type": "mac", "value": "1c:34:da:5e:00:01"}],
                    "name": [{"value": "tor-a17"}],
                    "mgmt-ip": [{"value": "192.0.2.17"}, {"value": "2001:db8::17"}],
                    "capability": [
                      {"type": "Bridge", "enabled": true},
                      {"type": "Router", "enabled": true},
                      {"type": "CVLAN", "enabled": false}
                    ]
                  }
                ],
                "port": [
                  {
                    "id": [{"type": "ifname", "value": "swp2"}],
                    "ttl": [{"value": "120"}]
                  }
                ]
              }
            ]
          }
        ]
      }
      """;

  @Test
  void each_interface_reads_its_partner() {
    Map<String, LldpNeighbor> n = LldpNeighbors.parse(TWO_NEIGHBORS);
    assertEquals(List.of("eth0", "eth1"), List.copyOf(n.keySet()));
    LldpNeighbor host = n.get("eth0");
    assertEquals("mac", host.chassisIdType());
    assertEquals("00:00:00:00:00:02", host.chassisId());
    assertEquals(Optional.of("ns-2.example.com"), host.systemName());
    assertEquals(Optional.of("Spectacular GNU/Linux 2016 Linux 6.1.0"), host.systemDescription());
    assertEquals(Optional.of("eth1"), host.portDescription());
    assertEquals(List.of("fe80::200:ff:fe00:2"), host.managementAddresses());
    assertEquals(List.of("Bridge", "Router", "Wlan", "Station"), host.capabilities());
    LldpNeighbor tor = n.get("eth1");
    assertEquals("ifname", tor.portIdType());
    assertEquals("swp2", tor.portId());
    assertEquals(List.of("192.0.2.17", "2001:db8::17"), tor.managementAddresses());
    assertEquals(Optional.empty(), tor.systemDescription());
  }

  @Test
  void no_neighbours_is_an_empty_map_and_other_output_is_refused() {
    // what lldpcli 1.0.16 (Debian 12) prints with no neighbour, blank line and all
    assertEquals(Map.of(), LldpNeighbors.parse("{\n  \"lldp\": [\n    {\n      \n    }\n  ]\n}\n"));
    assertEquals(Map.of(), LldpNeighbors.parse("{\"lldp\": []}"));
    assertThrows(IllegalArgumentException.class, () -> LldpNeighbors.parse("{\"lldp\": {}}"));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            LldpNeighbors.parse(
                "unable to connect to socket /run/lldpd.socket: No such file or directory"));
  }

  @Test
  void an_entry_without_ids_is_skipped() {
    String noPortId =
        "{\"lldp\": [{\"interface\": [{\"name\": \"eth0\", \"chassis\": [{\"id\": [{\"type\":"
            + " \"mac\", \"value\": \"00:00:00:00:00:02\"}]}], \"port\": [{}]}]}]}";
    assertEquals(Map.of(), LldpNeighbors.parse(noPortId));
  }
}

package io.gpuchassis.agent.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ListenAddressTest {

  @Test
  void parses_ipv4_and_bracketed_ipv6() {
    assertEquals(new ListenAddress("127.0.0.1", 8443), ListenAddress.parse("127.0.0.1:8443"));
    assertEquals(new ListenAddress("::1", 443), ListenAddress.parse("[::1]:443"));
    assertEquals("[::1]:443", ListenAddress.parse("[::1]:443").toString());
  }

  @Test
  void rejects_missing_port_bad_port_and_bare_ipv6() {
    assertTrue(
        assertThrows(ConfigException.class, () -> ListenAddress.parse("localhost"))
            .getMessage()
            .contains("not HOST:PORT"));
    assertTrue(
        assertThrows(ConfigException.class, () -> ListenAddress.parse("localhost:http"))
            .getMessage()
            .contains("not a number"));
    assertTrue(
        assertThrows(ConfigException.class, () -> ListenAddress.parse("localhost:70000"))
            .getMessage()
            .contains("out of range"));
    assertTrue(
        assertThrows(ConfigException.class, () -> ListenAddress.parse("::1:443"))
            .getMessage()
            .contains("brackets"));
  }
}

package io.gpuchassis.agent.network;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.InetAddress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** RFC 5952 section 4 text of IPv6 addresses, and the subnet masks of IPv4 prefixes. */
class Ipv6TextTest {

  @ParameterizedTest
  @CsvSource({
    "2001:0db8:0000:0000:0000:0000:0000:0001, 2001:db8::1",
    "0:0:0:0:0:0:0:1, ::1",
    "0:0:0:0:0:0:0:0, ::",
    "fe80:0:0:0:0:0:0:0, fe80::",
    "2001:db8:0:1:1:1:1:1, 2001:db8:0:1:1:1:1:1", // one zero group stays "0"
    "2001:0:0:1:0:0:0:1, 2001:0:0:1::1", // the longest run
    "2001:db8:0:0:1:0:0:1, 2001:db8::1:0:0:1", // the first of equal runs
    "FE80:0:0:0:00FC:00FF:FE00:0001, fe80::fc:ff:fe00:1"
  })
  void formats_the_shortest_canonical_text(String address, String expected) throws Exception {
    assertEquals(expected, Ipv6Text.format(InetAddress.getByName(address).getAddress()));
  }

  @Test
  void subnet_masks_of_prefixes() {
    assertEquals("255.255.255.0", mask(24));
    assertEquals("255.255.240.0", mask(20));
    assertEquals("255.255.255.255", mask(32));
    assertEquals("0.0.0.0", mask(0));
  }

  private static String mask(int prefix) {
    return new Ipv4Assignment("10.0.0.1", prefix, java.util.Optional.empty()).subnetMask();
  }
}

package io.gpuchassis.agent.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.config.OutboundPolicy;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which URIs the agent may connect to, checked against every resolved address, each time it
 * connects.
 */
class OutboundGuardTest {

  private static InetAddress[] at(String... literals) throws UnknownHostException {
    InetAddress[] addresses = new InetAddress[literals.length];
    for (int i = 0; i < literals.length; i++) {
      addresses[i] = InetAddress.getByName(literals[i]);
    }
    return addresses;
  }

  @Test
  void https_to_an_ordinary_address_is_allowed_and_pinned_to_the_address_checked()
      throws Exception {
    OutboundGuard guard = new OutboundGuard(OutboundPolicy.DEFAULT, host -> at("192.0.2.7"));
    OutboundGuard.Permit permit = guard.check(URI.create("https://receiver.example/events?x=1"));
    assertEquals("receiver.example", permit.host());
    assertEquals(InetAddress.getByName("192.0.2.7"), permit.address());
    assertEquals(443, permit.port());
    assertTrue(permit.tls());
    assertEquals("/events?x=1", permit.pathAndQuery());
  }

  @Test
  void plain_http_needs_the_setting() throws Exception {
    URI uri = URI.create("http://192.0.2.7:8080/events");
    OutboundGuard.Refused refused =
        assertThrows(
            OutboundGuard.Refused.class,
            () -> new OutboundGuard(OutboundPolicy.DEFAULT).check(uri));
    assertTrue(refused.getMessage().contains("outbound.allowHttp"), refused.getMessage());
    assertEquals(
        8080, new OutboundGuard(OutboundPolicy.DEFAULT.withAllowHttp(true)).check(uri).port());
    assertThrows(
        OutboundGuard.Refused.class,
        () -> new OutboundGuard(OutboundPolicy.DEFAULT).check(URI.create("ftp://192.0.2.7/x")));
  }

  @Test
  void loopback_link_local_and_metadata_addresses_are_refused_however_written() {
    OutboundGuard guard = new OutboundGuard(OutboundPolicy.DEFAULT);
    for (String uri :
        List.of(
            "https://127.0.0.1/",
            "https://127.1.2.3:8443/x",
            "https://localhost/",
            "https://169.254.169.254/latest/meta-data/",
            "https://[::1]/",
            "https://[fe80::1]/",
            "https://0.0.0.0/",
            "https://[::ffff:127.0.0.1]/",
            "https://[::]/")) {
      OutboundGuard.Refused refused =
          assertThrows(OutboundGuard.Refused.class, () -> guard.check(URI.create(uri)), uri);
      assertTrue(refused.getMessage().contains("outbound.deniedNetworks"), refused.getMessage());
    }
  }

  @Test
  void a_name_with_any_denied_address_is_refused() {
    OutboundGuard guard =
        new OutboundGuard(OutboundPolicy.DEFAULT, host -> at("192.0.2.7", "127.0.0.1"));
    assertThrows(
        OutboundGuard.Refused.class, () -> guard.check(URI.create("https://two-faced.example/")));
  }

  @Test
  void a_name_that_rebinds_to_a_denied_address_is_refused_at_the_next_check() throws Exception {
    Deque<InetAddress[]> answers =
        new ArrayDeque<>(List.of(at("192.0.2.7"), at("169.254.169.254")));
    OutboundGuard guard = new OutboundGuard(OutboundPolicy.DEFAULT, host -> answers.removeFirst());
    URI uri = URI.create("https://rebinding.example/events");
    assertEquals(
        InetAddress.getByName("192.0.2.7"), guard.check(uri).address(), "allowed when created");
    assertThrows(OutboundGuard.Refused.class, () -> guard.check(uri), "refused at delivery");
  }

  @Test
  void a_name_that_does_not_resolve_is_refused() {
    OutboundGuard guard =
        new OutboundGuard(
            OutboundPolicy.DEFAULT,
            host -> {
              throw new UnknownHostException(host);
            });
    OutboundGuard.Refused refused =
        assertThrows(
            OutboundGuard.Refused.class, () -> guard.check(URI.create("https://nowhere.example/")));
    assertTrue(refused.getMessage().contains("does not resolve"));
  }
}

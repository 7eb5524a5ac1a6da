package io.gpuchassis.agent.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Who gets a slot: the rules of {@link ConnectionBudget} one by one, without sockets. */
class ConnectionBudgetTest {

  /**
   * 16 slots; 4 unauthenticated, 2 per source; 4 kept for administrators, so 8 for other
   * authenticated callers.
   */
  private final ConnectionBudget<Object> budget = new ConnectionBudget<>(16, 4, 2, 8);

  private static SourceAddress from(String address) {
    return SourceAddress.of(address);
  }

  @Test
  void one_source_gets_no_more_than_its_share_of_unauthenticated_slots() {
    assertTrue(budget.admit(new Object(), from("10.0.0.1")).admitted());
    assertTrue(budget.admit(new Object(), from("10.0.0.1")).admitted());
    ConnectionBudget.Admission<Object> third = budget.admit(new Object(), from("10.0.0.1"));
    assertFalse(third.admitted());
    assertEquals(
        Optional.empty(), third.evicted(), "a source never pushes out its own connections");
    assertTrue(
        budget.admit(new Object(), from("10.0.0.2")).admitted(), "another source still gets in");
  }

  @Test
  void a_newcomer_from_a_quiet_source_pushes_out_the_oldest_of_the_busiest_source() {
    Object a1 = new Object();
    Object a2 = new Object();
    Object b1 = new Object();
    Object b2 = new Object();
    budget.admit(b1, from("10.0.0.2"));
    budget.admit(a1, from("10.0.0.1"));
    budget.admit(a2, from("10.0.0.1"));
    budget.admit(b2, from("10.0.0.2"));
    // full: two sources with two each; the oldest of the two busiest is b1
    ConnectionBudget.Admission<Object> admin = budget.admit(new Object(), from("10.0.0.9"));
    assertTrue(admin.admitted());
    assertEquals(Optional.of(b1), admin.evicted());
    assertEquals(4, budget.usage().unauthenticated());
    // now 10.0.0.1 is the busiest (2): a newcomer from 10.0.0.2 (1) may push out a1, one from
    // 10.0.0.9 (1) too
    assertEquals(Optional.of(a1), budget.admit(new Object(), from("10.0.0.2")).evicted());
  }

  @Test
  void a_source_as_busy_as_the_busiest_gets_no_room() {
    budget.admit(new Object(), from("10.0.0.1"));
    budget.admit(new Object(), from("10.0.0.2"));
    budget.admit(new Object(), from("10.0.0.3"));
    budget.admit(new Object(), from("10.0.0.4"));
    // every source holds one: a second from any of them would only push out an equal
    assertFalse(budget.admit(new Object(), from("10.0.0.1")).admitted());
    // a fresh source pushes out the oldest of the (equally) busiest
    assertTrue(budget.admit(new Object(), from("10.0.0.5")).evicted().isPresent());
  }

  @Test
  void authenticated_connections_leave_the_unauthenticated_budget_and_are_never_pushed_out() {
    List<Object> admins = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      Object c = new Object();
      assertTrue(budget.admit(c, from("10.0.1." + i)).admitted());
      assertTrue(budget.authenticated(c, true));
      admins.add(c);
    }
    assertEquals(new ConnectionBudget.Usage(4, 0, 4, 0), budget.usage());
    for (int i = 0; i < 4; i++) {
      assertTrue(budget.admit(new Object(), from("10.0.2." + i)).admitted());
    }
    // the unauthenticated budget is full; newcomers push out unauthenticated connections only
    for (int i = 0; i < 20; i++) {
      ConnectionBudget.Admission<Object> a = budget.admit(new Object(), from("10.0.3." + i));
      a.evicted().ifPresent(victim -> assertFalse(admins.contains(victim)));
    }
    assertEquals(4, budget.usage().administrators());
    assertEquals(4, budget.usage().unauthenticated());
  }

  @Test
  void other_callers_cannot_take_the_room_kept_for_administrators() {
    int kept = 0;
    for (int i = 0; i < 12; i++) {
      Object c = new Object();
      assertTrue(budget.admit(c, from("10.0.4." + i)).admitted());
      if (budget.authenticated(c, false)) {
        kept++;
      } else {
        budget.release(c); // the agent closes it after its response
      }
    }
    assertEquals(8, kept, "non-administrators hold at most 16 - 4 - 4 slots");
    for (int i = 0; i < 4; i++) {
      Object admin = new Object();
      assertTrue(budget.admit(admin, from("10.0.6." + i)).admitted(), "administrator " + i);
      assertTrue(budget.authenticated(admin, true));
    }
    // unauthenticated clients fill their 4: every slot is used
    for (int i = 0; i < 4; i++) {
      assertTrue(budget.admit(new Object(), from("10.0.5." + i)).admitted());
    }
    assertEquals(new ConnectionBudget.Usage(16, 4, 4, 8), budget.usage());
    // a fifth administrator still gets in, in place of an unauthenticated connection
    Object fifth = new Object();
    ConnectionBudget.Admission<Object> a = budget.admit(fifth, from("10.0.6.9"));
    assertTrue(a.admitted());
    assertTrue(a.evicted().isPresent());
    assertTrue(budget.authenticated(fifth, true));
  }

  @Test
  void a_full_house_of_authenticated_connections_refuses_newcomers() {
    for (int i = 0; i < 16; i++) {
      Object c = new Object();
      budget.admit(c, from("10.0.7." + i));
      budget.authenticated(c, true);
    }
    assertFalse(budget.admit(new Object(), from("10.0.8.1")).admitted());
  }

  @Test
  void a_released_connection_frees_its_slot_and_unknown_ones_are_ignored() {
    Object c = new Object();
    budget.admit(c, from("10.0.0.1"));
    budget.release(c);
    budget.release(c);
    budget.release(new Object());
    assertEquals(new ConnectionBudget.Usage(0, 0, 0, 0), budget.usage());
    assertFalse(budget.authenticated(c, true), "a connection no longer counted stays closed");
  }

  @Test
  void ipv6_clients_are_counted_by_their_64() {
    assertEquals(SourceAddress.of("2001:db8:1:2::1"), SourceAddress.of("2001:db8:1:2:ffff::9"));
    assertFalse(SourceAddress.of("2001:db8:1:2::1").equals(SourceAddress.of("2001:db8:1:3::1")));
    assertEquals(SourceAddress.of("192.0.2.7"), SourceAddress.of("::ffff:192.0.2.7"));
    budget.admit(new Object(), from("2001:db8::1"));
    budget.admit(new Object(), from("2001:db8::2"));
    assertFalse(budget.admit(new Object(), from("2001:db8::3")).admitted());
  }
}

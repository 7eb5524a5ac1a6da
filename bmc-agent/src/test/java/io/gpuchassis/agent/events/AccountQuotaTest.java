package io.gpuchassis.agent.events;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A quota lets no account take everything and keeps the last places for managers. */
class AccountQuotaTest {

  private final AccountQuota quota = new AccountQuota("event streams", 10, 5, 2);

  @Test
  void an_account_gets_at_most_its_share() {
    assertTrue(quota.refusal(4, 4, false).isEmpty());
    assertTrue(quota.refusal(5, 5, false).orElseThrow().contains("the most one account may"));
    assertTrue(quota.refusal(5, 5, true).isPresent(), "managers have a share too");
  }

  @Test
  void the_last_places_are_kept_for_managers() {
    assertTrue(quota.refusal(8, 3, false).orElseThrow().contains("ConfigureManager"));
    assertTrue(quota.refusal(8, 0, true).isEmpty());
    assertTrue(quota.refusal(9, 1, true).isEmpty());
    assertTrue(quota.refusal(10, 0, true).orElseThrow().contains("all 10"));
  }

  @Test
  void impossible_quotas_are_refused() {
    assertThrows(IllegalArgumentException.class, () -> new AccountQuota("x", 2, 1, 2));
    assertThrows(IllegalArgumentException.class, () -> new AccountQuota("x", 0, 1, 0));
    assertFalse(new AccountQuota("x", 1, 1, 0).refusal(0, 0, false).isPresent());
  }
}

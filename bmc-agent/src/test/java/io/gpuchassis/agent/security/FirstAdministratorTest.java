package io.gpuchassis.agent.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.store.AgentStore;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FirstAdministratorTest {

  @TempDir Path stateDir;
  private final PasswordHasher hasher = new PasswordHasher(1000);

  @Test
  void creates_admin_with_the_configured_password_hashed() {
    try (AgentStore store = AgentStore.open(stateDir)) {
      AccountRepository accounts = new AccountRepository(store);
      new FirstAdministrator(accounts, hasher, Clock.systemUTC()).ensure(Optional.of("s3cret-pass"));
      Account admin = accounts.find("admin").orElseThrow();
      assertEquals(Role.Administrator, admin.role());
      assertTrue(admin.enabled());
      assertFalse(admin.passwordChangeRequired());
      assertFalse(admin.passwordHash().contains("s3cret-pass"));
      assertTrue(hasher.verify("s3cret-pass", admin.passwordHash()));
    }
  }

  @Test
  void without_a_configured_password_generates_one_that_must_be_changed() {
    try (AgentStore store = AgentStore.open(stateDir)) {
      AccountRepository accounts = new AccountRepository(store);
      new FirstAdministrator(accounts, hasher, Clock.systemUTC()).ensure(Optional.empty());
      Account admin = accounts.find("admin").orElseThrow();
      assertTrue(admin.passwordChangeRequired());
      assertFalse(hasher.verify("", admin.passwordHash()));
    }
  }

  @Test
  void an_empty_variable_counts_as_unset() {
    try (AgentStore store = AgentStore.open(stateDir)) {
      AccountRepository accounts = new AccountRepository(store);
      new FirstAdministrator(accounts, hasher, Clock.systemUTC()).ensure(Optional.of(""));
      assertTrue(accounts.find("admin").orElseThrow().passwordChangeRequired());
    }
  }

  @Test
  void leaves_existing_accounts_alone_across_restarts() {
    try (AgentStore store = AgentStore.open(stateDir)) {
      new FirstAdministrator(new AccountRepository(store), hasher, Clock.systemUTC()).ensure(Optional.of("first-pw"));
    }
    try (AgentStore store = AgentStore.open(stateDir)) {
      AccountRepository accounts = new AccountRepository(store);
      new FirstAdministrator(accounts, hasher, Clock.systemUTC()).ensure(Optional.of("second-pw"));
      assertEquals(1, accounts.count());
      assertTrue(hasher.verify("first-pw", accounts.find("admin").orElseThrow().passwordHash()));
    }
  }

  @Test
  void generated_passwords_are_long_and_differ() {
    String a = FirstAdministrator.randomPassword();
    assertEquals(20, a.length());
    assertFalse(a.equals(FirstAdministrator.randomPassword()));
  }
}

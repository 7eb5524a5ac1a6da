package io.gpuchassis.agent.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.store.AgentStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FirstAdministratorTest {

  @TempDir Path stateDir;
  @TempDir Path credentials;
  private final PasswordHasher hasher = new PasswordHasher(1000);
  private final List<String> announced = new ArrayList<>();

  /** One start of the agent: opens the store and makes sure of the first administrator. */
  private Account start(Map<String, String> environment) {
    try (AgentStore store = AgentStore.open(stateDir)) {
      AccountRepository accounts = new AccountRepository(store);
      new FirstAdministrator(accounts, hasher, Clock.systemUTC(), announced::add)
          .ensure(environment);
      assertEquals(1, accounts.count());
      return accounts.find("admin").orElseThrow();
    }
  }

  @Test
  void creates_admin_with_the_password_of_the_environment_variable_hashed() {
    Account admin = start(Map.of("BMC_AGENT_ADMIN_PASSWORD", "s3cret-pass"));
    assertEquals(Role.Administrator, admin.role());
    assertTrue(admin.enabled());
    assertFalse(admin.passwordChangeRequired(), "the operator chose it");
    assertFalse(admin.passwordHash().contains("s3cret-pass"));
    assertTrue(hasher.verify("s3cret-pass", admin.passwordHash()));
    assertEquals(List.of(), announced);
  }

  @Test
  void the_systemd_credential_gives_the_password_trimmed_and_wins_over_the_variable()
      throws Exception {
    Files.writeString(credentials.resolve("admin-password"), "  from-the-credential-1\n");
    Account admin =
        start(
            Map.of(
                "CREDENTIALS_DIRECTORY",
                credentials.toString(),
                "BMC_AGENT_ADMIN_PASSWORD",
                "from-the-variable-1"));
    assertTrue(hasher.verify("from-the-credential-1", admin.passwordHash()));
    assertFalse(admin.passwordChangeRequired(), "the operator chose it");
    assertEquals(List.of(), announced);
  }

  @Test
  void a_credentials_folder_without_the_credential_leaves_the_variable_in_charge() {
    Account admin =
        start(
            Map.of(
                "CREDENTIALS_DIRECTORY",
                credentials.toString(),
                "BMC_AGENT_ADMIN_PASSWORD",
                "from-the-variable-1"));
    assertTrue(hasher.verify("from-the-variable-1", admin.passwordHash()));
  }

  @Test
  void without_a_given_password_one_is_generated_announced_once_and_must_be_changed() {
    Account admin = start(Map.of());
    assertTrue(admin.passwordChangeRequired());
    assertEquals(1, announced.size());
    String line = announced.get(0);
    String prefix = "First start: account admin created with the one-time password ";
    assertTrue(line.startsWith(prefix), line);
    String password = line.substring(prefix.length(), line.indexOf(';'));
    assertEquals(20, password.length());
    assertTrue(
        hasher.verify(password, admin.passwordHash()), "the announced password is the account's");
    assertTrue(line.contains("it must be changed at the first login"), line);

    Account again = start(Map.of());
    assertEquals(1, announced.size(), "a later start announces nothing");
    assertEquals(admin.passwordHash(), again.passwordHash());
  }

  @Test
  void an_empty_variable_or_credential_counts_as_unset() throws Exception {
    Files.writeString(credentials.resolve("admin-password"), "\n");
    Account admin =
        start(
            Map.of(
                "CREDENTIALS_DIRECTORY", credentials.toString(), "BMC_AGENT_ADMIN_PASSWORD", ""));
    assertTrue(admin.passwordChangeRequired());
    assertEquals(1, announced.size());
  }

  @Test
  void leaves_existing_accounts_alone_across_restarts() throws Exception {
    start(Map.of("BMC_AGENT_ADMIN_PASSWORD", "first-pw"));
    Files.writeString(credentials.resolve("admin-password"), "second-pw");
    Account admin = start(Map.of("CREDENTIALS_DIRECTORY", credentials.toString()));
    assertTrue(hasher.verify("first-pw", admin.passwordHash()));
    assertEquals(List.of(), announced);
  }

  @Test
  void generated_passwords_are_long_and_differ() {
    String a = FirstAdministrator.randomPassword();
    assertEquals(20, a.length());
    assertFalse(a.equals(FirstAdministrator.randomPassword()));
  }

  @Test
  void the_password_never_shows_in_its_description() {
    assertFalse(new FirstPassword("hidden-pw-1", "test").toString().contains("hidden-pw-1"));
  }
}

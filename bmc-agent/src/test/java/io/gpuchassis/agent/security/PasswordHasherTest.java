package io.gpuchassis.agent.security;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PasswordHasherTest {

  private final PasswordHasher hasher = new PasswordHasher(1000);

  @Test
  void verifies_the_right_password_only() {
    String stored = hasher.hash("correct horse");
    assertTrue(hasher.verify("correct horse", stored));
    assertFalse(hasher.verify("correct horsE", stored));
    assertFalse(hasher.verify("", stored));
  }

  @Test
  void stores_no_plain_text_and_salts_every_hash() {
    String a = hasher.hash("secret-password");
    String b = hasher.hash("secret-password");
    assertFalse(a.contains("secret-password"));
    assertTrue(a.startsWith("pbkdf2-sha256$1000$"));
    assertNotEquals(a, b);
  }

  @Test
  void hashes_made_with_another_cost_still_verify() {
    String old = new PasswordHasher(2000).hash("pw");
    assertTrue(hasher.verify("pw", old));
  }

  @Test
  void malformed_stored_hashes_never_match() {
    assertFalse(hasher.verify("pw", "plain"));
    assertFalse(hasher.verify("pw", "pbkdf2-sha256$x$y$z"));
    assertFalse(hasher.verify("pw", "md5$1$a$b"));
  }
}

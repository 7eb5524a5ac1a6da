package io.gpuchassis.agent.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MetricsTokenTest {

  @TempDir Path dir;

  Path file(String content, String modes) throws Exception {
    Path f = dir.resolve("token");
    Files.writeString(f, content);
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString(modes));
    return f;
  }

  @Test
  void the_token_on_the_first_line_matches_and_nothing_else_does() throws Exception {
    String token = "f".repeat(32);
    MetricsToken t =
        MetricsToken.read(Optional.of(file(token + "\nsecond line\n", "rw-------"))).get();
    assertTrue(t.matches(token));
    assertFalse(t.matches(token + "f"));
    assertFalse(t.matches("f".repeat(31)));
    assertFalse(t.matches(""));
  }

  @Test
  void none_configured_is_none() {
    assertEquals(Optional.empty(), MetricsToken.read(Optional.empty()));
  }

  @Test
  void a_short_token_or_a_file_others_may_read_is_refused() throws Exception {
    var shortOne =
        assertThrows(
            IllegalArgumentException.class,
            () -> MetricsToken.read(Optional.of(file("short", "rw-------"))));
    assertTrue(shortOne.getMessage().contains("at least 32"), shortOne.getMessage());
    var readable =
        assertThrows(
            IllegalArgumentException.class,
            () -> MetricsToken.read(Optional.of(file("f".repeat(40), "rw-r--r--"))));
    assertTrue(readable.getMessage().contains("chmod 600"), readable.getMessage());
  }
}

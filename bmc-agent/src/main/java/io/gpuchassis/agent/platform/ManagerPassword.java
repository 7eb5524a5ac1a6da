package io.gpuchassis.agent.platform;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The ExpEther manager's password, from the file the board names: its first line. */
final class ManagerPassword {

  private ManagerPassword() {}

  static String read(Path file) {
    try {
      String first =
          Files.readAllLines(file, StandardCharsets.UTF_8).stream().findFirst().orElse("");
      if (first.isBlank()) {
        throw new IllegalStateException(
            "the ExpEther manager's password file " + file + " is empty");
      }
      return first.strip();
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot read the ExpEther manager's password file " + file + ": " + e.getMessage(), e);
    }
  }
}

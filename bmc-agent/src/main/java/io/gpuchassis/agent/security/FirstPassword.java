package io.gpuchassis.agent.security;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The first administrator's password as the operator gives it, if at all: the systemd credential
 * {@code admin-password} ({@code LoadCredential=admin-password:/etc/bmc-agent/admin-password} in
 * the unit, read from {@code $CREDENTIALS_DIRECTORY}), else the environment variable {@code
 * BMC_AGENT_ADMIN_PASSWORD}. A credential is preferred: unlike the environment, it is not visible
 * to other processes of the service's user or in {@code systemctl show}.
 */
public record FirstPassword(String password, String source) {

  /**
   * The credential's name, as {@code LoadCredential=} and {@code SetCredentialEncrypted=} give it.
   */
  public static final String CREDENTIAL = "admin-password";

  public static final String CREDENTIALS_VARIABLE = "CREDENTIALS_DIRECTORY";
  public static final String PASSWORD_VARIABLE = "BMC_AGENT_ADMIN_PASSWORD";

  private static final Logger LOG = LoggerFactory.getLogger(FirstPassword.class);

  /**
   * The password {@code environment} gives: the credential's content (trimmed), else the
   * variable's; empty: none.
   */
  public static Optional<FirstPassword> from(Map<String, String> environment) {
    String folder = environment.get(CREDENTIALS_VARIABLE);
    if (folder != null && !folder.isEmpty()) {
      Optional<FirstPassword> credential = credential(Path.of(folder).resolve(CREDENTIAL));
      if (credential.isPresent()) {
        return credential;
      }
    }
    return Optional.ofNullable(environment.get(PASSWORD_VARIABLE))
        .filter(p -> !p.isEmpty())
        .map(p -> new FirstPassword(p, "the environment variable " + PASSWORD_VARIABLE));
  }

  private static Optional<FirstPassword> credential(Path file) {
    try {
      // trimmed: an editor's (or echo's) final newline is not part of the password
      String password = Files.readString(file, StandardCharsets.UTF_8).trim();
      if (password.isEmpty()) {
        LOG.warn("The credential {} ({}) is empty; it is ignored", CREDENTIAL, file);
        return Optional.empty();
      }
      return Optional.of(new FirstPassword(password, "the credential " + CREDENTIAL));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      LOG.warn(
          "The credential {} ({}) cannot be read, so it is ignored: {}",
          CREDENTIAL,
          file,
          e.toString());
      return Optional.empty();
    }
  }

  @Override
  public String toString() {
    return "FirstPassword[from " + source + "]"; // never the password itself
  }
}

package io.gpuchassis.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuchassis.companion.CommandRunner;
import io.gpuchassis.companion.HostCompanion;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The host companion's command line run in-process against a test agent, as an Operator, with a
 * host's file tree below {@code hostRoot} and its tools answered by {@code tools}; it must succeed.
 */
final class CompanionRun {

  private CompanionRun() {}

  /**
   * @param caFile the agent's HTTPS certificate, which the companion trusts
   */
  static void succeeds(
      TestAgent agent, Path caFile, Path hostRoot, CommandRunner tools, String... command)
      throws Exception {
    Path password = hostRoot.resolve("password");
    Files.writeString(password, TestAgent.OPERATOR_PASSWORD + "\n");
    List<String> args = new ArrayList<>(List.of(command));
    args.addAll(
        List.of(
            "--agent",
            "https://127.0.0.1:" + agent.agent.port(),
            "--user",
            "operator",
            "--password-file",
            password.toString(),
            "--ca-file",
            caFile.toString(),
            "--root",
            hostRoot.toString(),
            "--interval",
            "20ms"));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        HostCompanion.run(
            new HostCompanion(HostCompanion::redfishAgent, tools, new PrintStream(out, true)),
            new PrintStream(err, true),
            args.toArray(String[]::new));
    assertEquals(
        0,
        code,
        "out: "
            + out.toString(StandardCharsets.UTF_8)
            + " err: "
            + err.toString(StandardCharsets.UTF_8));
  }
}

package io.gpuchassis.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.store.AgentStore;
import io.gpuchassis.agent.tls.TlsKeyLoader;
import io.gpuchassis.agent.tls.TlsMaterial;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A restart (the database is there) opens the database and loads the certificate and the firmware
 * keys beside the board file's check; a failure of either side still fails the start clearly.
 */
class StateDirectoryWorkTest {

  @TempDir Path dir;
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    return Main.run(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true), args);
  }

  private Path stateStartedBefore() {
    Path state = dir.resolve("state");
    AgentStore.open(state).close();
    return state;
  }

  @Test
  void a_bad_board_on_a_restart_is_reported_as_the_board_after_the_state_steps_have_ended()
      throws Exception {
    Path state = stateStartedBefore();
    assertTrue(StateDirectoryWork.startedBefore(state));
    Path board = dir.resolve("board.yaml");
    Files.writeString(board, "chassis: {id: X}\nswitches: []\n");

    assertEquals(2, run("--board", board.toString(), "--state-dir", state.toString()));

    assertTrue(
        err.toString().contains("board description: " + board + ":1: chassis.manufacturer"),
        err.toString());
    // the certificate step ran beside the board's check, and had ended when the start gave up
    Path tls = state.resolve("tls");
    assertTrue(Files.isRegularFile(tls.resolve("https-cert.pem")), "certificate generated");
    TlsKeyLoader.read(
        new TlsMaterial(tls.resolve("https-cert.pem"), tls.resolve("https-key.pem"), true));
    // and the database it opened was closed again, whole
    AgentStore.open(state).close();
  }

  @Test
  void a_damaged_certificate_on_a_restart_fails_the_start_naming_the_file() throws Exception {
    Path state = stateStartedBefore();
    Path tls = Files.createDirectories(state.resolve("tls"));
    Files.writeString(tls.resolve("https-cert.pem"), "not a certificate\n");
    Files.writeString(tls.resolve("https-key.pem"), "not a key\n");

    assertEquals(
        2, run("--listen", "127.0.0.1:0", "--state-dir", state.toString(), "--console", "none"));

    assertTrue(
        err.toString().contains("TLS certificate " + tls.resolve("https-cert.pem")),
        err.toString());
    AgentStore.open(state).close();
  }

  @Test
  void a_first_start_has_no_state_to_begin_with() {
    assertTrue(!StateDirectoryWork.startedBefore(dir.resolve("state")));
  }
}

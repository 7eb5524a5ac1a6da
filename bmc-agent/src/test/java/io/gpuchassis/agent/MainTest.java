package io.gpuchassis.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.config.AgentConfig;
import io.gpuchassis.agent.config.ListenAddress;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The command line: help, options, and clear errors with a non-zero exit for bad input. */
class MainTest {

  @TempDir Path dir;
  private final StringWriter err = new StringWriter();
  private final StringWriter out = new StringWriter();

  private int run(String... args) {
    CommandLine cli = new CommandLine(new Main(new PrintWriter(err, true)));
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    return cli.execute(args);
  }

  @Test
  void netty_s_jfr_hook_is_off_unless_the_command_line_turned_it_on() {
    String before = System.getProperty(Main.NETTY_JFR);
    try {
      System.clearProperty(Main.NETTY_JFR);
      Main.libraryDefaults();
      assertEquals("false", System.getProperty(Main.NETTY_JFR));
      System.setProperty(Main.NETTY_JFR, "true");
      Main.libraryDefaults();
      assertEquals("true", System.getProperty(Main.NETTY_JFR));
    } finally {
      if (before == null) {
        System.clearProperty(Main.NETTY_JFR);
      } else {
        System.setProperty(Main.NETTY_JFR, before);
      }
    }
  }

  @Test
  void netty_s_pooled_allocator_with_small_chunks_unless_the_command_line_chose_another() {
    String[] names = {Main.NETTY_ALLOCATOR, Main.NETTY_MAX_ORDER, Main.NETTY_HEAP_ARENAS};
    String[] before = new String[names.length];
    for (int i = 0; i < names.length; i++) {
      before[i] = System.getProperty(names[i]);
    }
    try {
      for (String name : names) {
        System.clearProperty(name);
      }
      Main.libraryDefaults();
      assertEquals("pooled", System.getProperty(Main.NETTY_ALLOCATOR));
      assertEquals("7", System.getProperty(Main.NETTY_MAX_ORDER));
      assertEquals("0", System.getProperty(Main.NETTY_HEAP_ARENAS));
      System.setProperty(Main.NETTY_ALLOCATOR, "adaptive");
      System.setProperty(Main.NETTY_MAX_ORDER, "9");
      Main.libraryDefaults();
      assertEquals("adaptive", System.getProperty(Main.NETTY_ALLOCATOR));
      assertEquals("9", System.getProperty(Main.NETTY_MAX_ORDER));
    } finally {
      for (int i = 0; i < names.length; i++) {
        if (before[i] == null) {
          System.clearProperty(names[i]);
        } else {
          System.setProperty(names[i], before[i]);
        }
      }
    }
  }

  @Test
  void help_lists_every_option() {
    assertEquals(0, run("--help"));
    for (String option :
        new String[] {
          "--listen", "--state-dir", "--config", "--board", "--chassis", "--console", "--help"
        }) {
      assertTrue(out.toString().contains(option), option);
    }
  }

  @Test
  void console_options_replace_the_configured_consoles_and_none_names_none() throws Exception {
    Path config = dir.resolve("agent.yaml");
    Files.writeString(config, "console:\n  devices: [/dev/ttyS1]\n");
    Main main = new Main(new PrintWriter(err, true));
    new CommandLine(main)
        .parseArgs(
            "--config", config.toString(), "--console", "stdio", "--console", "/dev/ttyUSB0");
    assertEquals(
        java.util.Optional.of(java.util.List.of("stdio", "/dev/ttyUSB0")),
        main.resolve().console().devices());
    Main none = new Main(new PrintWriter(err, true));
    new CommandLine(none).parseArgs("--config", config.toString(), "--console", "none");
    assertEquals(java.util.Optional.of(java.util.List.of()), none.resolve().console().devices());
  }

  @Test
  void an_unknown_option_is_named_and_exits_2() {
    assertEquals(2, run("--lisen", "x"));
    assertTrue(err.toString().contains("--lisen"), err.toString());
  }

  @Test
  void a_bad_listen_address_is_named_and_exits_2() {
    assertEquals(2, run("--listen", "nonsense"));
    assertTrue(
        err.toString().contains("--listen: listen address 'nonsense' is not HOST:PORT"),
        err.toString());
  }

  @Test
  void a_missing_topology_file_is_named_and_exits_2() {
    assertEquals(2, run("--chassis", dir.resolve("none.yaml").toString()));
    assertTrue(err.toString().contains("--board: board file"), err.toString());
  }

  @Test
  void a_bad_configuration_file_is_named_and_exits_2() throws Exception {
    Path config = dir.resolve("agent.yaml");
    Files.writeString(config, "stateDir: state\nlistne: 1.2.3.4:5\n");
    assertEquals(2, run("--config", config.toString()));
    assertTrue(
        err.toString().contains("configuration file " + config + ", line 2: unknown key 'listne'"),
        err.toString());
    assertFalse(
        Files.exists(dir.resolve("state")), "nothing is created before the configuration passes");
  }

  @Test
  void real_hardware_mode_without_a_board_file_is_refused_clearly() throws Exception {
    Path config = dir.resolve("agent.yaml");
    Files.writeString(config, "hardware:\n  mode: real\nstateDir: state\n");
    assertEquals(2, run("--config", config.toString()));
    assertTrue(
        err.toString().contains("hardware.mode 'real' needs the board's description"),
        err.toString());
    assertFalse(Files.exists(dir.resolve("state")), "no state directory");
  }

  @Test
  void a_configured_certificate_that_is_missing_exits_2_before_anything_is_created()
      throws Exception {
    Path config = dir.resolve("agent.yaml");
    Files.writeString(
        config, "stateDir: state\ntls:\n  certificate: cert.pem\n  privateKey: key.pem\n");
    assertEquals(2, run("--config", config.toString()));
    assertTrue(
        err.toString().contains("tls.certificate: " + dir.resolve("cert.pem") + " does not exist"),
        err.toString());
    assertFalse(Files.exists(dir.resolve("state")), "no state directory");
  }

  @Test
  void a_release_policy_for_a_host_port_the_board_lacks_is_named_and_exits_2() throws Exception {
    Path config = dir.resolve("agent.yaml");
    Files.writeString(
        config,
        "stateDir: state\nlisten: 127.0.0.1:0\ncomposition:\n  hosts:\n    Hots1: require-release\n");
    assertEquals(2, run("--config", config.toString()));
    assertTrue(
        err.toString().contains("composition.hosts names Hots1")
            && err.toString().contains("Host1, Host2"),
        err.toString());
  }

  @Test
  void a_firmware_keys_folder_that_is_a_file_exits_2_before_anything_is_created() throws Exception {
    Path config = dir.resolve("agent.yaml");
    Files.writeString(dir.resolve("keys"), "not a folder");
    Files.writeString(config, "stateDir: state\nfirmware:\n  trustedKeys: keys\n");
    assertEquals(2, run("--config", config.toString()));
    assertTrue(
        err.toString()
            .contains("firmware.trustedKeys: " + dir.resolve("keys") + " is not a folder"),
        err.toString());
    assertFalse(Files.exists(dir.resolve("state")), "no state directory");
  }

  @Test
  void the_tools_log_to_stderr_while_they_run_so_that_their_stdout_is_their_report() {
    io.gpuchassis.agent.logging.AgentLogging.logToStderr(false);
    CommandLine cli = Main.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(err));
    Spy spy = new Spy();
    cli.addSubcommand("spy", spy);
    assertEquals(0, cli.execute("spy"));
    assertTrue(spy.logsOnStderr, "log lines on stderr while a subcommand runs");
    assertFalse(
        io.gpuchassis.agent.logging.AgentLogging.writingToStderr(), "back on stdout after it");
  }

  /** A subcommand that notes where log lines go while it runs. */
  @CommandLine.Command(name = "spy")
  static final class Spy implements java.util.concurrent.Callable<Integer> {
    boolean logsOnStderr;

    @Override
    public Integer call() {
      logsOnStderr = io.gpuchassis.agent.logging.AgentLogging.writingToStderr();
      return 0;
    }
  }

  @Test
  void a_broken_board_file_is_named_with_its_line_and_exits_2() throws Exception {
    Path board = dir.resolve("board.yaml");
    Files.writeString(board, "chassis: {id: X}\nswitches: []\n");
    assertEquals(2, run("--board", board.toString(), "--state-dir", dir.resolve("s").toString()));
    assertTrue(
        err.toString().contains("board description: " + board + ":1: chassis.manufacturer"),
        err.toString());
    assertFalse(
        Files.exists(dir.resolve("s")),
        "a bad board file leaves no state directory, database or certificate");
  }

  @Test
  void chassis_is_the_old_name_of_the_board_option() throws Exception {
    Path board = dir.resolve("board.yaml");
    Files.writeString(board, "chassis: {id: X}\n");
    Main main = new Main(new PrintWriter(err, true));
    new CommandLine(main).parseArgs("--chassis", board.toString());
    assertEquals(java.util.Optional.of(board), main.resolve().board());
  }

  @Test
  void options_override_the_configuration_file() throws Exception {
    Path config = dir.resolve("agent.yaml");
    Files.writeString(config, "listen: 0.0.0.0:9000\nstateDir: from-file\n");
    Main main = new Main(new PrintWriter(err, true));
    new CommandLine(main).parseArgs("--config", config.toString(), "--listen", "127.0.0.1:9001");
    AgentConfig resolved = main.resolve();
    assertEquals(new ListenAddress("127.0.0.1", 9001), resolved.listen());
    assertEquals(dir.resolve("from-file"), resolved.stateDir());
  }
}

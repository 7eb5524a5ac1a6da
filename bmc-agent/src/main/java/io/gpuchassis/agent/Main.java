package io.gpuchassis.agent;

import io.gpuchassis.agent.chassis.ServiceIdentity;
import io.gpuchassis.agent.config.AgentConfig;
import io.gpuchassis.agent.config.ConfigException;
import io.gpuchassis.agent.config.ConfigFile;
import io.gpuchassis.agent.config.ListenAddress;
import io.gpuchassis.agent.console.ConsoleLines;
import io.gpuchassis.agent.platform.PlatformAssembly;
import io.gpuchassis.agent.security.PasswordHasher;
import io.gpuchassis.agent.service.AgentService;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The command line: {@code java -jar bmc-agent.jar [--listen HOST:PORT] [--state-dir DIR] [--config
 * FILE] ...}.
 */
@Command(
    name = "bmc-agent",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    sortOptions = false,
    description = {
      "Management agent for PCIe GPU expansion chassis: drives the switch partitioning, watches health, and serves"
          + " Redfish over HTTPS.",
      "With no configuration selecting real hardware it runs the simulated reference chassis."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:stopped normally",
      "1:failed while running",
      "2:bad option or configuration",
      "3:stopped cleanly to be restarted (Manager.Reset); the packaged unit starts it again"
    })
public final class Main implements Callable<Integer> {

  static final int EXIT_CONFIG = 2;

  /**
   * After a clean stop asked for by Manager.Reset: the unit's RestartForceExitStatus= restarts on
   * it.
   */
  public static final int EXIT_RESTART = 3;

  @Option(
      names = "--listen",
      paramLabel = "HOST:PORT",
      description =
          "Address of the HTTPS server (default: 127.0.0.1:8443; port 0 picks a free port).")
  String listen;

  @Option(
      names = "--state-dir",
      paramLabel = "DIR",
      description =
          "Folder for the database, certificate and other state (default: ./bmc-agent-state).")
  Path stateDir;

  @Option(
      names = "--config",
      paramLabel = "FILE",
      description =
          "YAML configuration file (docs/CONFIGURATION.md); its logging levels are reloaded on SIGHUP.")
  Path config;

  @Option(
      names = {"--board", "--chassis"},
      paramLabel = "FILE",
      description =
          "Board description file (docs/BOARD.md; default in simulated mode: the embedded reference board)."
              + " --chassis is its old name.")
  Path board;

  @Option(
      names = "--console",
      paramLabel = "DEVICE|stdio|none",
      description =
          "A technician's console on serial device DEVICE (115200 8N1), or on this terminal (stdio);"
              + " repeat for several. Replaces the configuration's and the board file's consoles; none: no console.")
  java.util.List<String> consoles;

  private final PrintWriter err;

  /** Null: the shipped cost, which {@link Agent#start(AgentConfig, java.util.Map)} uses. */
  private final PasswordHasher hasher;

  Main(PrintWriter err) {
    this(err, null);
  }

  /**
   * With {@code hasher} instead of the shipped cost: package-private, and only the test sources'
   * {@code TestMain} passes one, so no command line or configuration can lower the cost.
   */
  Main(PrintWriter err, PasswordHasher hasher) {
    this.err = err;
    this.hasher = hasher;
  }

  /**
   * Netty's switch for its buffer allocator's JFR events. Those events are off in every JFR
   * configuration unless enabled by name, yet with the switch on the first connection initialises
   * JFR's event machinery (about 80 classes, and event handler classes generated at run time). An
   * operator who wants the events sets it to true ({@code BMC_AGENT_JAVA_OPTS}).
   */
  static final String NETTY_JFR = "io.netty.jfr.enabled";

  /**
   * Netty's buffer allocator: its pooled one instead of 4.2's default adaptive one. Measured under
   * the benchmark kit's load (docs/PACKAGING.md, "The launcher"), the pooled allocator took 10-21 %
   * less CPU per request at no more resident memory, given 1 MB chunks instead of 4 MB ({@link
   * #NETTY_MAX_ORDER}) and no heap arenas ({@link #NETTY_HEAP_ARENAS}: the agent's buffers are
   * direct; Vert.x allocates its heap buffers itself, unpooled). With 4 MB chunks and heap arenas,
   * Netty's defaults, it held 5 MB more.
   */
  static final String NETTY_ALLOCATOR = "io.netty.allocator.type";

  /** The pooled allocator's chunk size as a power of two of 8 KB pages: 7 gives 1 MB chunks. */
  static final String NETTY_MAX_ORDER = "io.netty.allocator.maxOrder";

  /** The pooled allocator's arenas for heap buffers: none. */
  static final String NETTY_HEAP_ARENAS = "io.netty.allocator.numHeapArenas";

  /** Each library setting the agent starts with, unless the command line set it already. */
  private static final Map<String, String> LIBRARY_DEFAULTS =
      Map.of(
          NETTY_JFR, "false",
          NETTY_ALLOCATOR, "pooled",
          NETTY_MAX_ORDER, "7",
          NETTY_HEAP_ARENAS, "0");

  public static void main(String[] args) {
    main(args, null);
  }

  /** {@link #main(String[])} with another password hasher (null: the shipped cost); for tests. */
  static void main(String[] args, PasswordHasher hasher) {
    libraryDefaults();
    StartupWarmUp.begin();
    PrintWriter err = new PrintWriter(System.err, true);
    // Exits explicitly: once stopped, no thread a library left behind may keep the process (or its
    // exit code) alive.
    System.exit(run(hasher, new PrintWriter(System.out, true), err, args));
  }

  @Override
  public Integer call() {
    AgentConfig resolved;
    try {
      resolved = resolve();
    } catch (ConfigException e) {
      err.println("bmc-agent: " + e.getMessage());
      return EXIT_CONFIG;
    }
    io.gpuchassis.agent.logging.LogReload.start(java.util.Optional.ofNullable(config), resolved);
    Agent agent;
    try {
      agent =
          hasher == null
              ? Agent.start(resolved, System.getenv())
              : Agent.start(resolved, System.getenv(), hasher);
    } catch (ConfigException e) {
      err.println("bmc-agent: " + e.getMessage());
      return EXIT_CONFIG;
    } catch (Exception e) {
      // Netty throws its checked exceptions unchecked (a bind's NativeIoException): caught here,
      // the
      // process exits 1; escaping main, it left the agent's threads running without a server.
      err.println("bmc-agent: cannot start: " + rootMessage(e));
      return 1;
    }
    // a first start keeps the native libraries it unpacked for the next (the launcher's cache)
    NativeLibraryCache.fromLauncher().ifPresent(NativeLibraryCache::fillLater);
    AgentService service = AgentService.start(agent, System.getenv());
    service.stopOnSignals(
        !resolved.console().devices().orElse(java.util.List.of()).contains(ConsoleLines.STDIO));
    service.awaitStopped();
    return agent.restart().requested() ? EXIT_RESTART : 0;
  }

  /** Library settings the agent starts with, each unless the command line set it already. */
  static void libraryDefaults() {
    LIBRARY_DEFAULTS.forEach(
        (name, value) -> {
          if (System.getProperty(name) == null) {
            System.setProperty(name, value);
          }
        });
    NativeLibraryCache.fromLauncher().ifPresent(NativeLibraryCache::useCached);
  }

  /**
   * Runs the command line {@code args} writing to {@code out} and {@code err}; returns the exit
   * code.
   */
  public static int run(PrintWriter out, PrintWriter err, String... args) {
    return run(null, out, err, args);
  }

  private static int run(PasswordHasher hasher, PrintWriter out, PrintWriter err, String... args) {
    Optional<Main> plain = PlainArguments.read(new Main(err, hasher), args);
    if (plain.isPresent()) {
      try {
        return plain.get().call();
      } catch (RuntimeException e) {
        // as picocli reports a command's exception
        e.printStackTrace(err);
        return 1;
      }
    }
    return commandLine(hasher, out, err).execute(args);
  }

  /**
   * The agent's command line with its bring-up tools: {@code probe}, {@code devices} and {@code
   * simulate}.
   */
  static CommandLine commandLine(PrintWriter out, PrintWriter err) {
    return commandLine(null, out, err);
  }

  private static CommandLine commandLine(PasswordHasher hasher, PrintWriter out, PrintWriter err) {
    CommandLine cli = new CommandLine(new Main(err, hasher));
    cli.addSubcommand("probe", new ProbeCommand(out, err));
    cli.addSubcommand("devices", new DevicesCommand(out, err));
    cli.addSubcommand("simulate", PlatformAssembly.simulateCommand(out, err));
    cli.setOut(out);
    cli.setErr(err);
    cli.setExecutionStrategy(
        parsed -> {
          if (parsed.subcommand() == null) {
            return new CommandLine.RunLast().execute(parsed);
          }
          // A tool's stdout is its report: its log lines go to stderr.
          boolean before = io.gpuchassis.agent.logging.AgentLogging.writingToStderr();
          io.gpuchassis.agent.logging.AgentLogging.logToStderr(true);
          try {
            return new CommandLine.RunLast().execute(parsed);
          } finally {
            io.gpuchassis.agent.logging.AgentLogging.logToStderr(before);
          }
        });
    return cli;
  }

  /** Defaults, then the configuration file, then command-line options: the last one wins. */
  AgentConfig resolve() {
    AgentConfig resolved = AgentConfig.defaults();
    if (config != null) {
      resolved = ConfigFile.apply(resolved, config);
    }
    if (listen != null) {
      try {
        resolved = resolved.withListen(ListenAddress.parse(listen));
      } catch (ConfigException e) {
        throw new ConfigException("--listen: " + e.getMessage(), e);
      }
    }
    if (stateDir != null) {
      resolved = resolved.withStateDir(stateDir);
    }
    if (board != null) {
      if (!java.nio.file.Files.isRegularFile(board)) {
        throw new ConfigException("--board: board file " + board + " does not exist");
      }
      resolved = resolved.withBoard(board);
    }
    if (consoles != null) {
      java.util.List<String> devices = consoles.contains("none") ? java.util.List.of() : consoles;
      resolved = resolved.withConsole(resolved.console().withDevices(devices));
    }
    return resolved;
  }

  private static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    String message = t.getMessage();
    return message == null ? t.getClass().getSimpleName() : message;
  }

  /** Reports the jar's version for {@code --version}. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"bmc-agent " + ServiceIdentity.agentVersion()};
    }
  }
}

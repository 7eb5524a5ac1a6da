package io.gpuchassis.companion;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code host-companion}: the optional command on a host server cabled to the chassis
 * (docs/COMPOSITION.md, "The host companion"). Exit codes: 0 done, 1 failed, 2 bad command line, 3
 * a detach refused because the GPU is in use.
 */
@Command(
    name = "host-companion",
    mixinStandardHelpOptions = true,
    versionProvider = HostCompanion.Version.class,
    description =
        "Makes this host see the chassis' GPUs and tells the chassis' agent what it sees.",
    subcommands = {
      HostCompanion.Report.class,
      HostCompanion.AttachCommand.class,
      HostCompanion.DetachCommand.class
    })
public final class HostCompanion {

  /** How long a host tool (nvidia-smi) may take. */
  static final Duration TOOL_TIMEOUT = Duration.ofSeconds(30);

  private final Function<AgentOptions, ChassisAgent> agents;
  private final CommandRunner commands;
  private final PrintStream out;

  /**
   * @param agents opens the agent the options name (the Redfish one; a stand-in in tests)
   * @param commands runs the host's tools (nvidia-smi; recorded outputs in tests)
   */
  public HostCompanion(
      Function<AgentOptions, ChassisAgent> agents, CommandRunner commands, PrintStream out) {
    this.agents = agents;
    this.commands = commands;
    this.out = out;
  }

  public static void main(String[] args) {
    System.exit(
        run(
            new HostCompanion(
                HostCompanion::redfishAgent, CommandRunner.processes(TOOL_TIMEOUT), System.out),
            System.err,
            args));
  }

  /** Runs one command line; returns its exit code. */
  public static int run(HostCompanion companion, PrintStream err, String... args) {
    CommandLine line =
        new CommandLine(companion, new Factory(companion))
            .setErr(new java.io.PrintWriter(err, true))
            .registerConverter(Duration.class, HostCompanion::duration)
            .registerConverter(PciAddress.class, PciAddress::parse)
            .setExecutionExceptionHandler(
                (e, cmd, parsed) -> {
                  if (e instanceof CompanionException c) {
                    err.println("host-companion: " + c.getMessage());
                    return c.exitCode();
                  }
                  throw e;
                });
    return line.execute(args);
  }

  /** The agent the options name, over Redfish (what {@link #main} uses). */
  public static RedfishAgent redfishAgent(AgentOptions options) {
    String password;
    try {
      password = Files.readString(options.passwordFile, StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      throw new CompanionException("cannot read the password file " + options.passwordFile, e);
    }
    return new RedfishAgent(
        options.agent,
        options.user,
        password,
        Optional.ofNullable(options.caFile),
        options.timeout);
  }

  /** Where the agent is and how to log in to it. */
  public static final class AgentOptions {
    @Option(
        names = "--agent",
        required = true,
        paramLabel = "URL",
        description = "The chassis' agent, https://host[:port].")
    URI agent;

    @Option(
        names = "--user",
        required = true,
        paramLabel = "NAME",
        description = "An account of the agent with ConfigureComponents (an Operator).")
    String user;

    @Option(
        names = "--password-file",
        required = true,
        paramLabel = "FILE",
        description = "A file holding the account's password (never on the command line).")
    Path passwordFile;

    @Option(
        names = "--ca-file",
        paramLabel = "PEM",
        description =
            "Certificates to trust for the agent (its own, or its CA's); default: the JDK's"
                + " trusted authorities.")
    Path caFile;

    @Option(
        names = "--http-timeout",
        paramLabel = "DURATION",
        defaultValue = "30s",
        description = "How long one request to the agent may take (default: ${DEFAULT-VALUE}).")
    Duration timeout;
  }

  /** Where the host's kernel files are, and how often to look at them. */
  static final class HostOptions {
    @Option(
        names = "--root",
        defaultValue = "/",
        paramLabel = "DIR",
        description = "The folder /sys and /proc are read below (default: ${DEFAULT-VALUE}).")
    Path root;

    @Option(
        names = "--interval",
        paramLabel = "DURATION",
        defaultValue = "200ms",
        description = "How often a wait looks again (default: ${DEFAULT-VALUE}).")
    Duration interval;

    HostTree tree() {
      return new HostTree(root);
    }

    /** The host's SMBIOS system UUID, lower case. */
    String systemUuid() {
      HostTree tree = tree();
      String uuid =
          HostTree.read(tree.productUuid())
              .orElseThrow(
                  () ->
                      new CompanionException(
                          tree.productUuid() + " is missing: the host has no SMBIOS system UUID"));
      return uuid.toLowerCase(Locale.ROOT);
    }
  }

  @Command(
      name = "report",
      mixinStandardHelpOptions = true,
      description =
          "Tells the agent this host's system UUID and, with --bridge, its hot-plug memory window"
              + " (run at boot).")
  static final class Report implements Callable<Integer> {
    private final HostCompanion companion;

    @Mixin AgentOptions agentOptions;
    @Mixin HostOptions host;

    @Option(
        names = "--system",
        required = true,
        paramLabel = "ID",
        description = "This host's system on the chassis, e.g. Host3.")
    String system;

    @Option(
        names = "--bridge",
        paramLabel = "BDF",
        description =
            "The host's bridge the chassis is cabled to (the root port above the chassis' host"
                + " port): its 64-bit prefetchable memory window is reported as the room this host"
                + " has for the GPUs' memory windows. Repeatable: the windows are added.")
    List<PciAddress> bridges = new ArrayList<>();

    Report(HostCompanion companion) {
      this.companion = companion;
    }

    @Override
    public Integer call() {
      String uuid = host.systemUuid();
      // Read before the agent is asked anything: a wrong bridge changes nothing there
      List<BridgeWindow> windows = windows(host.tree());
      OptionalLong mib =
          windows.isEmpty()
              ? OptionalLong.empty()
              : OptionalLong.of(windows.stream().mapToLong(BridgeWindow::mib).sum());
      try (AutoCloseableAgent agent = companion.open(agentOptions)) {
        agent.get().report(system, uuid, mib, List.of());
      }
      companion.out.println(
          "Reported "
              + system
              + " as system "
              + uuid
              + (mib.isPresent() ? " with a hot-plug window of " + mib.getAsLong() + " MiB" : ""));
      windows.forEach(w -> companion.out.println("  bridge " + w.bridge() + ": " + w.note()));
      return 0;
    }

    private List<BridgeWindow> windows(HostTree tree) {
      if (new HashSet<>(bridges).size() < bridges.size()) {
        throw new CompanionException("a bridge is named twice: its window would count twice");
      }
      return bridges.stream().map(b -> BridgeWindow.read(tree, b)).toList();
    }
  }

  @Command(
      name = "attach",
      mixinStandardHelpOptions = true,
      description =
          "After the chassis bound a GPU to this host: makes the host see it (a rescan only where"
              + " pciehp did not add it), waits for its driver, and reports its address, UUID"
              + " and MIG devices (nvidia-smi -L). Run it again to report the MIG devices anew.")
  static final class AttachCommand implements Callable<Integer> {
    private final HostCompanion companion;

    @Mixin AgentOptions agentOptions;
    @Mixin HostOptions host;

    @Option(
        names = "--system",
        required = true,
        paramLabel = "ID",
        description = "This host's system on the chassis, e.g. Host3.")
    String system;

    @Option(
        names = "--slot",
        required = true,
        paramLabel = "N",
        description = "The chassis slot of the GPU.")
    int slot;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Where where;

    static final class Where {
      @Option(
          names = "--bridge",
          paramLabel = "BDF",
          description =
              "The host's bridge the GPU appears under (the chassis' downstream port as this host"
                  + " sees it; over Ethernet, the downstream port of this host's ExpEther"
                  + " engine).")
      PciAddress bridge;

      @Option(
          names = "--address",
          paramLabel = "BDF",
          description = "The GPU's own address on this host, where it is known in advance.")
      PciAddress address;
    }

    @Option(
        names = "--hotplug-grace",
        paramLabel = "DURATION",
        defaultValue = "5s",
        description = "How long pciehp may take to add the GPU before a rescan (${DEFAULT-VALUE}).")
    Duration hotPlugGrace;

    @Option(
        names = "--appear-timeout",
        paramLabel = "DURATION",
        defaultValue = "10s",
        description = "How long the GPU may take to appear after a rescan (${DEFAULT-VALUE}).")
    Duration appear;

    @Option(
        names = "--driver-timeout",
        paramLabel = "DURATION",
        defaultValue = "60s",
        description = "How long its driver may take to bind (${DEFAULT-VALUE}).")
    Duration driver;

    AttachCommand(HostCompanion companion) {
      this.companion = companion;
    }

    @Override
    public Integer call() {
      HostTree tree = host.tree();
      String uuid = host.systemUuid();
      Attach.Place place =
          where.bridge != null
              ? new Attach.UnderBridge(where.bridge)
              : new Attach.AtAddress(where.address);
      Attach.Seen seen =
          new Attach(
                  tree,
                  DeviceUuids.standard(tree),
                  new Attach.Timing(hotPlugGrace, appear, driver, host.interval),
                  companion.out)
              .run(place);
      // MIG devices are named by the GPU's UUID: without one there is nothing to match them to
      List<MigDevice> partitions =
          seen.uuid().map(new MigDevices(companion.commands)::of).orElse(List.of());
      partitions.forEach(
          m ->
              companion.out.println(
                  "MIG device " + m.index() + ": " + m.profile() + " " + m.uuid()));
      try (AutoCloseableAgent agent = companion.open(agentOptions)) {
        agent
            .get()
            .report(
                system,
                uuid,
                OptionalLong.empty(),
                List.of(new SeenDevice(slot, seen.gpu(), seen.uuid(), partitions)));
      }
      companion.out.println("Reported slot " + slot + " at " + seen.gpu() + " to the agent");
      return 0;
    }
  }

  @Command(
      name = "detach",
      mixinStandardHelpOptions = true,
      description =
          "Before the chassis takes a GPU back: refuses (exit 3) while a process uses it, else"
              + " removes it from this host and sets ReadyToRemove on the chassis.")
  static final class DetachCommand implements Callable<Integer> {
    private final HostCompanion companion;

    @Mixin AgentOptions agentOptions;
    @Mixin HostOptions host;

    @Option(
        names = "--slot",
        required = true,
        paramLabel = "N",
        description = "The chassis slot of the GPU.")
    int slot;

    @Option(
        names = "--address",
        paramLabel = "BDF",
        description =
            "The GPU's address on this host; default: the one last reported to the agent.")
    PciAddress address;

    @Option(
        names = "--gone-timeout",
        paramLabel = "DURATION",
        defaultValue = "10s",
        description = "How long the removal may take (${DEFAULT-VALUE}).")
    Duration gone;

    DetachCommand(HostCompanion companion) {
      this.companion = companion;
    }

    @Override
    public Integer call() {
      try (AutoCloseableAgent agent = companion.open(agentOptions)) {
        PciAddress gpu =
            address != null
                ? address
                : agent
                    .get()
                    .reportedAddress(slot)
                    .orElseThrow(
                        () ->
                            new CompanionException(
                                "the agent has no address of slot "
                                    + slot
                                    + " reported by a host: give it with --address"));
        new Detach(host.tree(), gone, host.interval, companion.out).run(gpu);
        agent.get().readyToRemove(slot);
        companion.out.println("Slot " + slot + " is ready to remove");
      }
      return 0;
    }
  }

  private AutoCloseableAgent open(AgentOptions options) {
    return new AutoCloseableAgent(agents.apply(options));
  }

  /** The agent, closed after use when it holds a session. */
  private record AutoCloseableAgent(ChassisAgent get) implements AutoCloseable {
    @Override
    public void close() {
      if (get instanceof AutoCloseable c) {
        try {
          c.close();
        } catch (Exception e) {
          // nothing more to do with it
        }
      }
    }
  }

  /** {@code 500ms}, {@code 30s}, {@code 2m}, or ISO-8601 ({@code PT30S}). */
  static Duration duration(String text) {
    String t = text.trim();
    if (t.matches("\\d+ms")) {
      return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
    }
    if (t.matches("\\d+[smh]")) {
      long n = Long.parseLong(t.substring(0, t.length() - 1));
      return switch (t.charAt(t.length() - 1)) {
        case 's' -> Duration.ofSeconds(n);
        case 'm' -> Duration.ofMinutes(n);
        default -> Duration.ofHours(n);
      };
    }
    return Duration.parse(t);
  }

  /** A duration as people write it: {@code 300 ms}, {@code 10 s}. */
  static String text(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
  }

  /** Builds the subcommands with the companion they report through. */
  private record Factory(HostCompanion companion) implements CommandLine.IFactory {
    @Override
    public <K> K create(Class<K> type) throws Exception {
      if (type == Report.class) {
        return type.cast(new Report(companion));
      }
      if (type == AttachCommand.class) {
        return type.cast(new AttachCommand(companion));
      }
      if (type == DetachCommand.class) {
        return type.cast(new DetachCommand(companion));
      }
      return CommandLine.defaultFactory().create(type);
    }
  }

  /** The version the jar's manifest names. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String v = HostCompanion.class.getPackage().getImplementationVersion();
      return new String[] {"host-companion " + (v == null ? "(development)" : v)};
    }
  }
}

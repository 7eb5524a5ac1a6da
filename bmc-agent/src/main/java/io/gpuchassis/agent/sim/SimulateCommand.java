package io.gpuchassis.agent.sim;

import io.gpuchassis.agent.board.BoardDescription;
import io.gpuchassis.agent.board.BoardException;
import io.gpuchassis.agent.board.BoardSwitch;
import io.gpuchassis.agent.board.I2cAccess;
import io.gpuchassis.agent.board.InbandAccess;
import io.gpuchassis.agent.board.TcpAccess;
import io.gpuchassis.agent.board.UartAccess;
import io.gpuchassis.switchdrv.sim.DeviceNodeServer;
import io.gpuchassis.switchdrv.sim.MoeServer;
import io.gpuchassis.switchdrv.sim.PtyConsole;
import io.gpuchassis.switchdrv.sim.SimTiming;
import io.gpuchassis.switchdrv.sim.SimulatedSwitch;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bmc-agent simulate --board FILE}: serves the switch chips of a board file on the
 * transports the board names, so that the agent's real mode can be brought up and tested without a
 * chassis. A chip reached over {@code tcp} gets a MoE endpoint at its host (a loopback address of
 * this machine), port and instance, so the agent's real mode and switchtec-user ({@code switchtec
 * info 127.0.0.2:0} when the board puts the chip on 127.0.0.2 with the default port 54545) reach
 * it; a chip on a UART gets a pseudo-terminal, linked at the board's device path; a chip reached
 * in-band gets a simulated switchtec device node (a seqpacket socket, see {@code DeviceNodeServer})
 * at its device path; a chip on I2C cannot be served by a process and is skipped. Runs until it is
 * stopped.
 */
@Command(
    name = "simulate",
    mixinStandardHelpOptions = true,
    description = {
      "Serves the switch chips of a board file on their transports (MoE over TCP on a loopback address; a pty linked"
          + " at a UART's device path; a simulated switchtec device node at an in-band device path), with what the"
          + " board's simulation section puts in them, until stopped.",
      "Prints one line per chip, then SIMULATOR READY. Reads fault commands on standard input:"
          + " 'fault CHIP KIND [name=value ...]', 'faults', 'clear ID'."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:stopped", "1:a chip could not be served", "2:bad option or board file"})
public final class SimulateCommand implements Callable<Integer> {

  @Option(
      names = {"--board", "--chassis"},
      required = true,
      paramLabel = "FILE",
      description = "Board description.")
  Path board;

  @Option(
      names = "--speed",
      paramLabel = "SPEED",
      defaultValue = "realistic",
      description =
          "realistic (link training 100 ms, bind 800 ms) or fast (tens of milliseconds, for tests).")
  String speed;

  private final PrintWriter out;
  private final PrintWriter err;

  public SimulateCommand(PrintWriter out, PrintWriter err) {
    this.out = out;
    this.err = err;
  }

  @Override
  public Integer call() throws InterruptedException {
    BoardDescription description;
    SimTiming timing;
    try {
      description = BoardDescription.load(board);
      timing =
          switch (speed) {
            case "realistic" -> SimTiming.realistic();
            case "fast" -> SimTiming.fast();
            default ->
                throw new IllegalArgumentException(
                    "--speed: '" + speed + "' is not one of: realistic, fast");
          };
    } catch (BoardException | IllegalArgumentException e) {
      err.println("bmc-agent simulate: " + e.getMessage());
      return 2;
    }
    List<AutoCloseable> served = new ArrayList<>();
    Map<InetSocketAddress, Map<Integer, SimulatedSwitch>> endpoints = new LinkedHashMap<>();
    Map<String, SimulatedSwitch> chips = new LinkedHashMap<>();
    try {
      for (BoardSwitch chip : description.switches()) {
        SimulatedSwitch simulated =
            new SimulatedSwitch(SimulatedFabric.config(description, chip, timing));
        chips.put(chip.id(), simulated);
        if (chip.access() instanceof TcpAccess tcp) {
          endpoints
              .computeIfAbsent(endpoint(chip, tcp), a -> new LinkedHashMap<>())
              .put(tcp.instance(), simulated);
          out.println("SIMULATE " + chip.id() + " " + tcp.describe() + " (MoE)");
        } else if (chip.access() instanceof UartAccess uart) {
          served.add(serveUart(chip, uart, simulated));
        } else if (chip.access() instanceof InbandAccess inband) {
          DeviceNodeServer node = DeviceNodeServer.start(simulated, Path.of(inband.device()));
          out.println("SIMULATE " + chip.id() + " inband " + node.node() + " (seqpacket node)");
          served.add(node);
        } else {
          out.println(
              "SIMULATE "
                  + chip.id()
                  + " i2c "
                  + ((I2cAccess) chip.access()).path().describe()
                  + ": not served (an I2C device cannot be offered by a process)");
        }
      }
      for (var e : endpoints.entrySet()) {
        served.add(MoeServer.start(e.getValue(), e.getKey()));
      }
    } catch (IOException | IllegalArgumentException e) {
      err.println("bmc-agent simulate: " + e.getMessage());
      closeAll(served);
      return 1;
    }
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  closeAll(served);
                  stopped.countDown();
                },
                "simulator-shutdown"));
    out.println("SIMULATOR READY");
    out.flush();
    readControl(new SimulatorControl(chips));
    stopped.await();
    return 0;
  }

  // A chip's MoE endpoint; chips on one host and port are its instances 0 and 1.
  private static InetSocketAddress endpoint(BoardSwitch chip, TcpAccess tcp) throws IOException {
    InetAddress host = InetAddress.getByName(tcp.host());
    if (!host.isLoopbackAddress()) {
      throw new IllegalArgumentException(
          chip.id()
              + ": "
              + tcp.describe()
              + " is not on this machine's loopback"
              + " interface, where the simulator serves");
    }
    return new InetSocketAddress(host, tcp.port());
  }

  private AutoCloseable serveUart(BoardSwitch chip, UartAccess uart, SimulatedSwitch simulated)
      throws IOException {
    Path device = Path.of(uart.device());
    if (Files.exists(device, LinkOption.NOFOLLOW_LINKS) && !Files.isSymbolicLink(device)) {
      throw new IllegalArgumentException(
          chip.id()
              + ": "
              + device
              + " exists and is not a link; the simulator"
              + " links its pseudo-terminals only where no device is");
    }
    PtyConsole console = PtyConsole.open(simulated, device);
    out.println("SIMULATE " + chip.id() + " uart " + console.slavePath() + " linked at " + device);
    return console;
  }

  // Fault commands on standard input (SimulatorControl); end of input leaves the chips running.
  private void readControl(SimulatorControl control) {
    Thread t =
        new Thread(
            () -> {
              try (BufferedReader in =
                  new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                  if (!line.isBlank()) {
                    out.println(control.execute(line));
                    out.flush();
                  }
                }
              } catch (IOException e) {
                // standard input closed: no more fault commands
              }
            },
            "simulator-control");
    t.setDaemon(true);
    t.start();
  }

  private static void closeAll(List<AutoCloseable> served) {
    for (AutoCloseable c : served) {
      try {
        c.close();
      } catch (Exception e) {
        // stopping: nothing more to do with it
      }
    }
  }
}

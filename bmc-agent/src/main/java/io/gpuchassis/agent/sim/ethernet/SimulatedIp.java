package io.gpuchassis.agent.sim.ethernet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * iproute2 6.1's {@code ip} for the commands the RoCE profile runs: {@code ip [-j] link show [dev]
 * X} (one link; with {@code -j} the JSON array of {@code ip/ipaddress.c print_linkinfo}) and {@code
 * ip link set dev X mtu N} (refused outside mlx5's 68..9978 with the kernel's message). Other
 * objects, options and verbs fail as {@code ip} does or as not simulated.
 */
final class SimulatedIp implements SimulatedTool {

  /** ip's other options (ip/ip.c), which the real tool takes and the simulation does not. */
  private static final List<String> REAL_OPTIONS =
      List.of(
          "Version",
          "help",
          "family",
          "4",
          "6",
          "B",
          "M",
          "0",
          "human",
          "iec",
          "stats",
          "statistics",
          "details",
          "resolve",
          "oneline",
          "timestamp",
          "tshort",
          "force",
          "batch",
          "rcvbuf",
          "color",
          "netns",
          "Numeric",
          "all",
          "brief",
          "pretty",
          "loops");

  @Override
  public String run(Path root, List<String> arguments) throws IOException {
    boolean json = false;
    int i = 0;
    while (i < arguments.size() && arguments.get(i).startsWith("-")) {
      String option = arguments.get(i).replaceFirst("^--", "-");
      if (option.equals("-j")
          || ToolExit.matches(option.substring(1), "json") && option.length() > 1) {
        json = true;
      } else if (REAL_OPTIONS.stream().anyMatch(o -> ToolExit.matches(option.substring(1), o))) {
        throw new IOException("not simulated: ip " + arguments + " (" + arguments.get(i) + ")");
      } else {
        throw ToolExit.of(
            "ip",
            arguments,
            255,
            "Option \"" + arguments.get(i) + "\" is unknown, try \"ip -help\".");
      }
      i++;
    }
    if (i >= arguments.size()) {
      throw new IOException("not simulated: ip " + arguments + " (usage)");
    }
    String object = arguments.get(i++);
    if (!ToolExit.matches(object, "link")) {
      if (List.of("address", "route", "neighbour", "rule", "maddress", "netns").stream()
          .anyMatch(o -> ToolExit.matches(object, o))) {
        throw new IOException("not simulated: ip " + arguments);
      }
      throw ToolExit.of(
          "ip", arguments, 1, "Object \"" + object + "\" is unknown, try \"ip help\".");
    }
    List<String> rest = arguments.subList(i, arguments.size());
    if (rest.isEmpty()) {
      throw new IOException("not simulated: ip link (every link)");
    }
    String verb = rest.get(0);
    if (ToolExit.matches(verb, "show") || ToolExit.matches(verb, "list") || verb.equals("lst")) {
      return show(root, arguments, rest.subList(1, rest.size()), json);
    }
    if (ToolExit.matches(verb, "set")) {
      set(root, arguments, rest.subList(1, rest.size()));
      return "";
    }
    throw new IOException("not simulated: ip " + arguments);
  }

  private String show(Path root, List<String> arguments, List<String> args, boolean json)
      throws IOException {
    String dev;
    if (args.size() == 2 && args.get(0).equals("dev")) {
      dev = args.get(1);
    } else if (args.size() == 1 && !args.get(0).equals("dev")) {
      dev = args.get(0);
    } else {
      throw new IOException("not simulated: ip " + arguments);
    }
    SimulatedToolState state = new SimulatedToolState(root, dev);
    if (!state.exists()) {
      throw ToolExit.of("ip", arguments, 1, "Device \"" + dev + "\" does not exist.");
    }
    synchronized (SimulatedToolState.RTNL) {
      Path net = root.resolve("sys/class/net").resolve(dev);
      boolean carrier = read(net.resolve("carrier")).equals("1");
      String operstate = read(net.resolve("operstate")).toUpperCase(java.util.Locale.ROOT);
      String qdisc = state.red().isPresent() ? "red" : "mq";
      String mac = mac(dev);
      int index = ifindex(root, dev);
      if (!json) {
        return index
            + ": "
            + dev
            + ": <"
            + String.join(",", flags(carrier))
            + "> mtu "
            + state.mtu()
            + " qdisc "
            + qdisc
            + " state "
            + operstate
            + " mode DEFAULT group default qlen 1000\n    link/ether "
            + mac
            + " brd ff:ff:ff:ff:ff:ff\n";
      }
      StringBuilder flags = new StringBuilder();
      for (String f : flags(carrier)) {
        flags.append(flags.length() == 0 ? "" : ",").append('"').append(f).append('"');
      }
      return "[{\"ifindex\":"
          + index
          + ",\"ifname\":\""
          + dev
          + "\",\"flags\":["
          + flags
          + "],\"mtu\":"
          + state.mtu()
          + ",\"qdisc\":\""
          + qdisc
          + "\",\"operstate\":\""
          + operstate
          + "\",\"linkmode\":\"DEFAULT\",\"group\":\"default\",\"txqlen\":1000,"
          + "\"link_type\":\"ether\",\"address\":\""
          + mac
          + "\",\"broadcast\":\"ff:ff:ff:ff:ff:ff\"}]\n";
    }
  }

  private void set(Path root, List<String> arguments, List<String> args) throws IOException {
    if (args.size() != 4 || !args.get(0).equals("dev") || !args.get(2).equals("mtu")) {
      throw new IOException("not simulated: ip " + arguments);
    }
    String dev = args.get(1);
    java.util.OptionalLong parsed = ToolExit.number(args.get(3), Integer.MAX_VALUE);
    if (parsed.isEmpty()) {
      throw ToolExit.of(
          "ip",
          arguments,
          255,
          "Error: argument \"" + args.get(3) + "\" is wrong: Invalid \"mtu\" value");
    }
    long mtu = parsed.getAsLong();
    SimulatedToolState state = new SimulatedToolState(root, dev);
    if (!state.exists()) {
      throw ToolExit.of("ip", arguments, 1, "Cannot find device \"" + dev + "\"");
    }
    if (mtu > SimulatedToolState.MAX_MTU) {
      throw ToolExit.of("ip", arguments, 2, "Error: mtu greater than device maximum.");
    }
    if (mtu < SimulatedToolState.MIN_MTU) {
      throw ToolExit.of("ip", arguments, 2, "Error: mtu less than device minimum.");
    }
    synchronized (SimulatedToolState.RTNL) {
      state.mtu((int) mtu);
    }
  }

  private static List<String> flags(boolean carrier) {
    return carrier
        ? List.of("BROADCAST", "MULTICAST", "UP", "LOWER_UP")
        : List.of("NO-CARRIER", "BROADCAST", "MULTICAST", "UP");
  }

  /** The MAC the tree's link-local GID is derived from (EUI-64, as mlx5 fills the GID table). */
  static String mac(String netdev) {
    int host = Math.floorMod(netdev.hashCode(), 250) + 1;
    return String.format("0c:42:a1:00:00:%02x", host);
  }

  /** lo is 1; the tree's interfaces follow in name order. */
  private static int ifindex(Path root, String dev) throws IOException {
    try (Stream<Path> links = Files.list(root.resolve("sys/class/net"))) {
      List<String> names = links.map(p -> p.getFileName().toString()).sorted().toList();
      return 2 + names.indexOf(dev);
    }
  }

  private static String read(Path file) throws IOException {
    return Files.isRegularFile(file) ? Files.readString(file).strip() : "";
  }
}

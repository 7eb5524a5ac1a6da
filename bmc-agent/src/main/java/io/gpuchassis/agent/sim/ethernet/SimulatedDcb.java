package io.gpuchassis.agent.sim.ethernet;

import io.gpuchassis.agent.sim.ethernet.SimulatedToolState.App;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * iproute2 6.1's {@code dcb} for the commands the RoCE profile runs, against an mlx5 port: {@code
 * dcb [-j] [-N] [-s] app show dev X}, {@code dcb app replace dev X dscp-prio DSCP:PRIO...}, {@code
 * dcb [-j] [-s] pfc show dev X} and {@code dcb pfc set dev X prio-pfc {all|PRIO}:{on|off}...},
 * parsed as {@code dcb/dcb_app.c} and {@code dcb/dcb_pfc.c} parse them and printed as they print
 * (the JSON of {@code -j} included). mlx5 takes DSCP application entries only (others: EINVAL) and
 * keeps one priority per DSCP. Like 6.1's, {@code app replace} exits 0 even when the kernel refused
 * the entries. Other objects and verbs fail as {@code dcb} does or as not simulated.
 */
final class SimulatedDcb implements SimulatedTool {

  /** {@code IEEE_8021QAZ_APP_SEL_DSCP}. */
  static final int SEL_DSCP = 5;

  /** mlx5's PFC delay: its default cable length, 7 m ({@code MLX5E_DEFAULT_CABLE_LEN}). */
  private static final int PFC_DELAY = 7;

  /** {@code /etc/iproute2/rt_dsfield} of 6.1: DS field values (DSCP shifted left by 2). */
  private static final Map<String, Integer> DSFIELD =
      Map.ofEntries(
          Map.entry("default", 0x0),
          Map.entry("AF11", 0x28),
          Map.entry("AF12", 0x30),
          Map.entry("AF13", 0x38),
          Map.entry("AF21", 0x48),
          Map.entry("AF22", 0x50),
          Map.entry("AF23", 0x58),
          Map.entry("AF31", 0x68),
          Map.entry("AF32", 0x70),
          Map.entry("AF33", 0x78),
          Map.entry("AF41", 0x88),
          Map.entry("AF42", 0x90),
          Map.entry("AF43", 0x98),
          Map.entry("CS1", 0x20),
          Map.entry("CS2", 0x40),
          Map.entry("CS3", 0x60),
          Map.entry("CS4", 0x80),
          Map.entry("CS5", 0xA0),
          Map.entry("CS6", 0xC0),
          Map.entry("CS7", 0xE0),
          Map.entry("EF", 0xB8));

  private record Options(boolean json, boolean numeric, boolean stats) {}

  @Override
  public String run(Path root, List<String> arguments) throws IOException {
    boolean json = false;
    boolean numeric = false;
    boolean stats = false;
    int i = 0;
    for (; i < arguments.size() && arguments.get(i).startsWith("-"); i++) {
      switch (arguments.get(i)) {
        case "-j", "--json" -> json = true;
        case "-N", "--Numeric" -> numeric = true;
        case "-s", "--statistics" -> stats = true;
        case "-p", "--pretty", "-i", "--iec" -> {}
        default ->
            throw ToolExit.of(
                "dcb", arguments, 1, "Unknown option.\n" + "Usage: dcb [ OPTIONS ] OBJECT ...");
      }
    }
    Options options = new Options(json, numeric, stats);
    List<String> rest = arguments.subList(i, arguments.size());
    if (rest.isEmpty() || ToolExit.matches(rest.get(0), "help")) {
      throw new IOException("not simulated: dcb " + arguments + " (help)");
    }
    String object = rest.get(0);
    List<String> args = rest.subList(1, rest.size());
    if (ToolExit.matches(object, "app")) {
      return app(root, arguments, args, options);
    }
    if (List.of("buffer", "dcbx", "ets", "maxrate").stream()
        .anyMatch(o -> ToolExit.matches(object, o))) {
      throw new IOException("not simulated: dcb " + arguments);
    }
    if (ToolExit.matches(object, "pfc")) {
      return pfc(root, arguments, args, options);
    }
    throw ToolExit.of("dcb", arguments, 1, "Object \"" + object + "\" is unknown");
  }

  // ---- dcb app ----

  private String app(Path root, List<String> command, List<String> args, Options options)
      throws IOException {
    if (args.isEmpty() || ToolExit.matches(args.get(0), "help")) {
      throw new IOException("not simulated: dcb " + command + " (help)");
    }
    String verb = args.get(0);
    List<String> after = args.subList(1, args.size());
    if (ToolExit.matches(verb, "show")) {
      SimulatedToolState state = device(root, command, after);
      if (after.size() > 2) {
        throw new IOException("not simulated: dcb " + command + " (a part of the table)");
      }
      synchronized (SimulatedToolState.RTNL) {
        return appShow(state.apps(), options);
      }
    }
    if (ToolExit.matches(verb, "flush")
        || ToolExit.matches(verb, "add")
        || ToolExit.matches(verb, "del")) {
      throw new IOException("not simulated: dcb " + command);
    }
    if (ToolExit.matches(verb, "replace")) {
      SimulatedToolState state = device(root, command, after);
      List<App> wanted = parseAppMappings(command, after.subList(2, after.size()));
      synchronized (SimulatedToolState.RTNL) {
        replace(state, wanted);
      }
      return "";
    }
    throw ToolExit.of("dcb", command, 1, "What is \"" + verb + "\"?");
  }

  /** dcb_app_print: entries sorted by protocol, then priority; DSCP ones only on mlx5. */
  private static String appShow(List<App> apps, Options options) {
    List<App> dscp =
        apps.stream()
            .filter(a -> a.selector() == SEL_DSCP)
            .sorted(Comparator.comparingInt(App::protocol).thenComparingInt(App::priority))
            .toList();
    if (options.json()) {
      StringBuilder out = new StringBuilder("{");
      if (!dscp.isEmpty()) {
        out.append("\"dscp_prio\":[");
        for (int k = 0; k < dscp.size(); k++) {
          out.append(k == 0 ? "" : ",")
              .append('[')
              .append(dscp.get(k).protocol())
              .append(',')
              .append(dscp.get(k).priority())
              .append(']');
        }
        out.append(']');
      }
      return out.append("}\n").toString();
    }
    if (dscp.isEmpty()) {
      return "";
    }
    StringBuilder out = new StringBuilder("dscp-prio ");
    for (App a : dscp) {
      String name = options.numeric() ? null : dsfieldName(a.protocol() << 2);
      out.append(name != null ? name : Integer.toString(a.protocol()))
          .append(':')
          .append(a.priority())
          .append(' ');
    }
    return out.append('\n').toString();
  }

  private static String dsfieldName(int dsfield) {
    return DSFIELD.entrySet().stream()
        .filter(e -> e.getValue() == dsfield)
        .map(Map.Entry::getKey)
        .findFirst()
        .orElse(null);
  }

  /** dcb_cmd_app_parse_add_del for the DSCP selector; other selectors: mlx5 refuses them. */
  private static List<App> parseAppMappings(List<String> command, List<String> args)
      throws IOException {
    if (args.isEmpty()) {
      throw new IOException("not simulated: dcb " + command + " (usage)");
    }
    List<App> apps = new ArrayList<>();
    int i = 0;
    while (i < args.size()) {
      String word = args.get(i);
      if (ToolExit.matches(word, "help")) {
        throw new IOException("not simulated: dcb " + command + " (help)");
      }
      if (!ToolExit.matches(word, "dscp-prio")) {
        if (List.of(
                "ethtype-prio", "default-prio", "stream-port-prio", "dgram-port-prio", "port-prio")
            .stream()
            .anyMatch(w -> ToolExit.matches(word, w))) {
          throw new IOException(
              "not simulated: dcb " + command + " (mlx5 takes DSCP entries only)");
        }
        throw ToolExit.of(
            "dcb", command, 1, "What is \"" + word + "\"?\nUsage: dcb app { add | del | replace }");
      }
      i++;
      if (i >= args.size()) {
        throw ToolExit.of("dcb", command, 1, "Command line is not complete. Try option \"help\"");
      }
      for (; i < args.size() && args.get(i).contains(":"); i++) {
        String mapping = args.get(i);
        String key = mapping.substring(0, mapping.indexOf(':'));
        String value = mapping.substring(mapping.indexOf(':') + 1);
        long dscp = dscpKey(key);
        if (dscp == -2) {
          throw ToolExit.of("dcb", command, 1, "Invalid mapping " + key);
        }
        OptionalLong prio = ToolExit.number(value, 0xff);
        if (prio.isEmpty()) {
          throw ToolExit.of("dcb", command, 1, "Invalid mapping " + key);
        }
        if (dscp != -1 && dscp > 63) {
          throw ToolExit.of(
              "dcb",
              command,
              1,
              "In DSCP:PRIO mapping, DSCP is expected to be 0..63\nInvalid mapping " + key);
        }
        if (prio.getAsLong() > 7) {
          throw ToolExit.of(
              "dcb",
              command,
              1,
              "In DSCP:PRIO mapping, PRIO is expected to be 0..7\nInvalid mapping " + key);
        }
        int p = (int) prio.getAsLong();
        if (dscp == -1) {
          for (int d = 0; d <= 63; d++) {
            apps.add(new App(SEL_DSCP, d, p));
          }
        } else {
          apps.add(new App(SEL_DSCP, (int) dscp, p));
        }
      }
    }
    return apps;
  }

  /**
   * dcb_app_parse_dscp: a number ({@code all} is -1), else a DS field name or hex value whose two
   * low bits are clear, shifted to a DSCP; -2 when none of these.
   */
  private static long dscpKey(String key) {
    if (ToolExit.matches(key, "all")) {
      return -1;
    }
    OptionalLong n = ToolExit.number(key, 0xffffffffL);
    if (n.isPresent()) {
      return n.getAsLong();
    }
    Integer ds = DSFIELD.get(key);
    if (ds == null) {
      try {
        ds = Integer.parseInt(key.replaceFirst("^0[xX]", ""), 16);
      } catch (NumberFormatException e) {
        return -2;
      }
      if (ds > 255) {
        return -2;
      }
    }
    return (ds & 0x03) != 0 ? -2 : ds >> 2;
  }

  /**
   * dcb_cmd_app_replace: add the entries not there yet, then delete the DSCPs' other priorities;
   * mlx5 keeps one priority per DSCP, so adding one drops the DSCP's old entry as well.
   */
  private static void replace(SimulatedToolState state, List<App> wanted) {
    List<App> apps = new ArrayList<>(state.apps());
    for (App w : wanted) {
      apps.removeIf(a -> a.selector() == w.selector() && a.protocol() == w.protocol());
      apps.add(w);
    }
    // later duplicates of one DSCP in one command: the last one stands, as the driver's table
    List<App> kept = new ArrayList<>();
    for (int k = apps.size() - 1; k >= 0; k--) {
      App a = apps.get(k);
      if (kept.stream()
          .noneMatch(b -> b.selector() == a.selector() && b.protocol() == a.protocol())) {
        kept.add(0, a);
      }
    }
    state.apps(kept);
  }

  // ---- dcb pfc ----

  private String pfc(Path root, List<String> command, List<String> args, Options options)
      throws IOException {
    if (args.isEmpty() || ToolExit.matches(args.get(0), "help")) {
      throw new IOException("not simulated: dcb " + command + " (help)");
    }
    String verb = args.get(0);
    List<String> after = args.subList(1, args.size());
    if (ToolExit.matches(verb, "show")) {
      SimulatedToolState state = device(root, command, after);
      if (after.size() > 2) {
        throw new IOException("not simulated: dcb " + command + " (a part of the PFC state)");
      }
      synchronized (SimulatedToolState.RTNL) {
        return pfcShow(state.pfcEnabled(), options);
      }
    }
    if (ToolExit.matches(verb, "set")) {
      SimulatedToolState state = device(root, command, after);
      List<String> rest = after.subList(2, after.size());
      if (rest.isEmpty()) {
        throw new IOException("not simulated: dcb " + command + " (usage)");
      }
      synchronized (SimulatedToolState.RTNL) {
        state.pfcEnabled(parsePfc(command, rest, state.pfcEnabled()));
      }
      return "";
    }
    throw ToolExit.of("dcb", command, 1, "What is \"" + verb + "\"?");
  }

  private static String pfcShow(int enabled, Options options) {
    if (options.json()) {
      StringBuilder out =
          new StringBuilder("{\"pfc_cap\":8,\"macsec_bypass\":false,\"delay\":" + PFC_DELAY);
      out.append(",\"prio_pfc\":[");
      for (int p = 0; p < 8; p++) {
        out.append(p == 0 ? "" : ",").append((enabled & (1 << p)) != 0);
      }
      out.append(']');
      if (options.stats()) {
        out.append(",\"requests\":[0,0,0,0,0,0,0,0],\"indications\":[0,0,0,0,0,0,0,0]");
      }
      return out.append("}\n").toString();
    }
    StringBuilder out = new StringBuilder("pfc-cap 8 macsec-bypass off delay " + PFC_DELAY + " \n");
    out.append("prio-pfc ");
    for (int p = 0; p < 8; p++) {
      out.append(p).append(':').append((enabled & (1 << p)) != 0 ? "on" : "off").append(' ');
    }
    out.append('\n');
    if (options.stats()) {
      out.append("requests 0 0 0 0 0 0 0 0 \nindications 0 0 0 0 0 0 0 0 \n");
    }
    return out.toString();
  }

  /** dcb_cmd_pfc_set for {@code prio-pfc}: each mapping in turn over the bits read. */
  private static int parsePfc(List<String> command, List<String> args, int bits)
      throws IOException {
    int i = 0;
    while (i < args.size()) {
      String word = args.get(i);
      if (ToolExit.matches(word, "macsec-bypass") || ToolExit.matches(word, "delay")) {
        throw new IOException("not simulated: dcb " + command + " (" + word + ")");
      }
      if (!ToolExit.matches(word, "prio-pfc")) {
        throw ToolExit.of(
            "dcb", command, 1, "What is \"" + word + "\"?\nUsage: dcb pfc set dev STRING");
      }
      i++;
      if (i >= args.size()) {
        throw ToolExit.of("dcb", command, 1, "Command line is not complete. Try option \"help\"");
      }
      for (; i < args.size() && args.get(i).contains(":"); i++) {
        String mapping = args.get(i);
        String key = mapping.substring(0, mapping.indexOf(':'));
        String value = mapping.substring(mapping.indexOf(':') + 1);
        long prio;
        if (ToolExit.matches(key, "all")) {
          prio = -1;
        } else {
          OptionalLong n = ToolExit.number(key, 0xffffffffL);
          if (n.isEmpty()) {
            throw ToolExit.of("dcb", command, 1, "Invalid pfc mapping " + key);
          }
          prio = n.getAsLong();
        }
        boolean on;
        if (ToolExit.matches(value, "off")) {
          on = false;
        } else if (ToolExit.matches(value, "on")) {
          on = true;
        } else {
          throw ToolExit.of(
              "dcb",
              command,
              1,
              "Error: argument of \"PFC\" must be one of \"off\", \"on\", not \""
                  + value
                  + "\"\nInvalid pfc mapping "
                  + key);
        }
        if (prio > 7) {
          throw ToolExit.of(
              "dcb",
              command,
              1,
              "In PRIO:PFC mapping, PRIO is expected to be 0..7\nInvalid pfc mapping " + key);
        }
        int mask = prio == -1 ? 0xff : 1 << prio;
        bits = on ? bits | mask : bits & ~mask;
      }
    }
    return bits;
  }

  // ---- both ----

  /** dcb_cmd_parse_dev, then the kernel's answer for a device the tree does not have. */
  private static SimulatedToolState device(Path root, List<String> command, List<String> args)
      throws IOException {
    if (args.isEmpty() || ToolExit.matches(args.get(0), "help")) {
      throw new IOException("not simulated: dcb " + command + " (help)");
    }
    if (!ToolExit.matches(args.get(0), "dev")) {
      throw ToolExit.of("dcb", command, 1, "Expected `dev DEV', not `" + args.get(0) + "'");
    }
    if (args.size() < 2) {
      throw ToolExit.of("dcb", command, 1, "Command line is not complete. Try option \"help\"");
    }
    String dev = args.get(1);
    if (dev.length() >= 16 || dev.isEmpty() || dev.contains("/") || dev.matches(".*\\s.*")) {
      throw ToolExit.of(
          "dcb", command, 1, "Error: argument \"" + dev + "\" is wrong: not a valid ifname");
    }
    SimulatedToolState state = new SimulatedToolState(root, dev);
    if (!state.exists()) {
      throw ToolExit.of("dcb", command, 1, "Attribute read: No such device");
    }
    return state;
  }
}

package io.gpuchassis.agent.sim.ethernet;

import io.gpuchassis.agent.sim.ethernet.SimulatedToolState.Red;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * iproute2 6.1's {@code tc} for the commands the RoCE profile runs: {@code tc [-j] qdisc show dev
 * X} (the root qdisc and, under mlx5's multi-queue root, a pfifo_fast per transmit queue; with
 * {@code -j} the JSON of {@code tc/tc_qdisc.c print_qdisc} and {@code tc/q_red.c}), {@code tc qdisc
 * replace dev X root red ...} (RED's options parsed as {@code red_parse_opt} parses them, its
 * parameters checked as the kernel's {@code red_check_params} checks them) and {@code tc qdisc del
 * dev X root} (back to the default root). Other commands fail as {@code tc} does or as not
 * simulated.
 */
final class SimulatedTc implements SimulatedTool {

  private static final String RED_USAGE =
      "Usage: ... red\tlimit BYTES [min BYTES] [max BYTES] avpkt BYTES [burst PACKETS]";

  @Override
  public String run(Path root, List<String> arguments) throws IOException {
    boolean json = false;
    int i = 0;
    for (; i < arguments.size() && arguments.get(i).startsWith("-"); i++) {
      String option = arguments.get(i).replaceFirst("^--", "-");
      if (ToolExit.matches(option.substring(1), "json") || option.equals("-j")) {
        json = true;
      } else {
        throw ToolExit.of(
            "tc",
            arguments,
            255,
            "Option \"" + arguments.get(i) + "\" is unknown, try \"tc -help\".");
      }
    }
    List<String> rest = arguments.subList(i, arguments.size());
    if (rest.isEmpty()) {
      throw new IOException("not simulated: tc " + arguments + " (usage)");
    }
    String object = rest.get(0);
    if (!ToolExit.matches(object, "qdisc")) {
      if (List.of("class", "filter", "chain", "actions", "monitor", "exec").stream()
          .anyMatch(o -> ToolExit.matches(object, o))) {
        throw new IOException("not simulated: tc " + arguments);
      }
      throw ToolExit.of(
          "tc", arguments, 255, "Object \"" + object + "\" is unknown, try \"tc help\".");
    }
    List<String> args = rest.subList(1, rest.size());
    if (args.isEmpty()) {
      throw new IOException("not simulated: tc qdisc (every device)");
    }
    String verb = args.get(0);
    if (ToolExit.matches(verb, "show") || ToolExit.matches(verb, "list") || verb.equals("lst")) {
      return show(root, arguments, args.subList(1, args.size()), json);
    }
    if (verb.equals("replace")) {
      replace(root, arguments, args.subList(1, args.size()));
      return "";
    }
    if (ToolExit.matches(verb, "delete")) {
      delete(root, arguments, args.subList(1, args.size()));
      return "";
    }
    throw new IOException("not simulated: tc " + arguments);
  }

  private String show(Path root, List<String> command, List<String> args, boolean json)
      throws IOException {
    if (args.size() != 2 || !args.get(0).equals("dev")) {
      throw new IOException("not simulated: tc " + command);
    }
    SimulatedToolState state = device(command, root, args.get(1), "Cannot find device");
    Optional<Red> red;
    synchronized (SimulatedToolState.RTNL) {
      red = state.red();
    }
    StringBuilder out = new StringBuilder(json ? "[" : "");
    if (red.isPresent()) {
      Red r = red.get();
      String handle = Long.toHexString(r.handleMajor()) + ":";
      int refcnt = SimulatedToolState.TX_QUEUES + 1;
      if (json) {
        out.append("{\"kind\":\"red\",\"handle\":\"")
            .append(handle)
            .append("\",\"root\":true,\"refcnt\":")
            .append(refcnt)
            .append(",\"options\":{\"limit\":")
            .append(r.limit())
            .append(",\"min\":")
            .append(r.min())
            .append(",\"max\":")
            .append(r.max())
            .append(",\"ecn\":")
            .append(r.ecn())
            .append(",\"harddrop\":")
            .append(r.harddrop())
            .append(",\"adaptive\":")
            .append(r.adaptive())
            .append(",\"nodrop\":")
            .append(r.nodrop())
            .append("}}");
      } else {
        out.append("qdisc red ")
            .append(handle)
            .append(" root refcnt ")
            .append(refcnt)
            .append(" limit ")
            .append(size(r.limit()))
            .append(" min ")
            .append(size(r.min()))
            .append(" max ")
            .append(size(r.max()))
            .append(' ')
            .append(r.ecn() ? "ecn " : "")
            .append(r.harddrop() ? "harddrop " : "")
            .append(r.adaptive() ? "adaptive " : "")
            .append(r.nodrop() ? "nodrop " : "")
            .append('\n');
      }
    } else {
      String priomap = "1,2,2,2,1,2,0,0,1,1,1,1,1,1,1,1";
      if (json) {
        out.append("{\"kind\":\"mq\",\"handle\":\"0:\",\"root\":true,\"options\":{}}");
        for (int q = 1; q <= SimulatedToolState.TX_QUEUES; q++) {
          out.append(",{\"kind\":\"pfifo_fast\",\"handle\":\"0:\",\"parent\":\":")
              .append(Integer.toHexString(q))
              .append("\",\"options\":{\"bands\":3,\"priomap\":[")
              .append(priomap)
              .append("],\"multiqueue\":false}}");
        }
      } else {
        out.append("qdisc mq 0: root \n");
        for (int q = 1; q <= SimulatedToolState.TX_QUEUES; q++) {
          out.append("qdisc pfifo_fast 0: parent :")
              .append(Integer.toHexString(q))
              .append(" bands 3 priomap ")
              .append(priomap.replace(',', ' '))
              .append('\n');
        }
      }
    }
    return out.append(json ? "]\n" : "").toString();
  }

  /** {@code replace dev X root red OPTIONS}: RED replaces the root, or changes the RED there. */
  private void replace(Path root, List<String> command, List<String> args) throws IOException {
    if (args.size() < 4
        || !args.get(0).equals("dev")
        || !args.get(2).equals("root")
        || !args.get(3).equals("red")) {
      throw new IOException("not simulated: tc " + command);
    }
    SimulatedToolState state = device(command, root, args.get(1), "Cannot find device");
    Red parsed = parseRed(command, args.subList(4, args.size()));
    synchronized (SimulatedToolState.RTNL) {
      Optional<Red> there = state.red();
      long handle = there.isPresent() ? there.get().handleMajor() : state.nextHandleMajor();
      state.red(
          Optional.of(
              new Red(
                  handle,
                  parsed.limit(),
                  parsed.min(),
                  parsed.max(),
                  parsed.ecn(),
                  parsed.harddrop(),
                  parsed.adaptive(),
                  parsed.nodrop())));
    }
  }

  private void delete(Path root, List<String> command, List<String> args) throws IOException {
    if (args.size() != 3 || !args.get(0).equals("dev") || !args.get(2).equals("root")) {
      throw new IOException("not simulated: tc " + command);
    }
    SimulatedToolState state = device(command, root, args.get(1), "Cannot find device");
    synchronized (SimulatedToolState.RTNL) {
      if (state.red().isEmpty()) {
        // deleting the default root: the kernel has nothing to delete
        throw ToolExit.of("tc", command, 2, "Error: Cannot delete qdisc with handle of zero.");
      }
      state.red(Optional.empty());
    }
  }

  /** red_parse_opt of q_red.c, then the kernel's red_check_params. */
  private static Red parseRed(List<String> command, List<String> args) throws IOException {
    long limit = 0;
    long min = 0;
    long max = 0;
    long avpkt = 0;
    long burst = 0;
    double probability = 0.02;
    boolean ecn = false;
    boolean harddrop = false;
    boolean adaptive = false;
    boolean nodrop = false;
    for (int i = 0; i < args.size(); i++) {
      String word = args.get(i);
      switch (word) {
        case "limit", "min", "max", "avpkt", "burst", "probability", "bandwidth" -> {
          if (i + 1 >= args.size()) {
            throw ToolExit.of(
                "tc", command, 1, "Command line is not complete. Try option \"help\"");
          }
          String value = args.get(++i);
          switch (word) {
            case "limit" -> limit = size(command, word, value);
            case "min" -> min = size(command, word, value);
            case "max" -> max = size(command, word, value);
            case "avpkt" -> avpkt = size(command, word, value);
            case "burst" -> {
              OptionalLong n = ToolExit.number(value, 0xffffffffL);
              if (n.isEmpty()) {
                throw illegal(command, word);
              }
              burst = n.getAsLong();
            }
            case "probability" -> {
              try {
                probability = Double.parseDouble(value);
              } catch (NumberFormatException e) {
                throw illegal(command, word);
              }
            }
            default -> rate(command, value);
          }
        }
        case "ecn" -> ecn = true;
        case "harddrop" -> harddrop = true;
        case "nodrop" -> nodrop = true;
        case "adaptive", "adaptative" -> adaptive = true;
        default -> {
          if (ToolExit.matches(word, "qevent")) {
            throw new IOException("not simulated: tc " + command + " (qevent)");
          }
          throw ToolExit.of(
              "tc",
              command,
              1,
              (word.equals("help") ? "" : "What is \"" + word + "\"?\n") + RED_USAGE);
        }
      }
    }
    if (limit == 0 || avpkt == 0) {
      throw ToolExit.of("tc", command, 1, "RED: Required parameter (limit, avpkt) is missing");
    }
    if (max == 0) {
      max = min != 0 ? min * 3 : limit / 4;
    }
    if (min == 0) {
      min = max / 3;
    }
    if (burst == 0) {
      burst = (2 * min + max) / (3 * avpkt);
    }
    int wlog = ewma(min, burst, avpkt);
    if (wlog < 0) {
      throw ToolExit.of(
          "tc",
          command,
          1,
          "tc_red_eval_ewma() burst "
              + burst
              + " is too small ? Try burst "
              + (1 + min / avpkt)
              + "\nRED: failed to calculate EWMA constant.");
    }
    if (!probabilityFits(min, max, probability)) {
      throw ToolExit.of("tc", command, 1, "RED: failed to calculate probability.");
    }
    // the kernel's red_check_params
    if (max < min || 64 - Long.numberOfLeadingZeros(min) + wlog >= 32) {
      throw ToolExit.of("tc", command, 2, "RTNETLINK answers: Invalid argument");
    }
    return new Red(0, limit, min, max, ecn, harddrop, adaptive, nodrop);
  }

  /** tc_red_eval_ewma. */
  private static int ewma(long qmin, long burst, long avpkt) {
    double w = 0.5;
    double a = (double) burst + 1 - (double) qmin / avpkt;
    if (a < 1.0) {
      return -1;
    }
    for (int wlog = 1; wlog < 32; wlog++, w /= 2) {
      if (a <= (1 - Math.pow(1 - w, burst)) / w) {
        return wlog;
      }
    }
    return -1;
  }

  /** tc_red_eval_P finds a Plog below 32. */
  private static boolean probabilityFits(long qmin, long qmax, double prob) {
    long range = qmax - qmin;
    if (range == 0) {
      return true;
    }
    if (range < 0) {
      return false;
    }
    prob /= range;
    for (int i = 0; i < 32; i++) {
      if (prob > 1.0) {
        return true;
      }
      prob *= 2;
    }
    return false;
  }

  /** get_size: a number and an optional unit (b, k/kb, m/mb, g/gb, kbit, mbit, gbit). */
  private static long size(List<String> command, String word, String value) throws IOException {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("([0-9]*\\.?[0-9]+(?:[eE][-+]?[0-9]+)?)([A-Za-z]*)")
            .matcher(value);
    if (!m.matches()) {
      throw illegal(command, word);
    }
    double sz = Double.parseDouble(m.group(1));
    String unit = m.group(2).toLowerCase(java.util.Locale.ROOT);
    sz *=
        switch (unit) {
          case "", "b" -> 1;
          case "k", "kb" -> 1024;
          case "m", "mb" -> 1024 * 1024;
          case "g", "gb" -> 1024.0 * 1024 * 1024;
          case "kbit" -> 1024 / 8;
          case "mbit" -> 1024 * 1024 / 8;
          case "gbit" -> 1024.0 * 1024 * 1024 / 8;
          default -> throw illegal(command, word);
        };
    if (sz != Math.floor(sz) || sz > 0xffffffffL) {
      throw illegal(command, word);
    }
    return (long) sz;
  }

  /** get_rate: at most 2^32 - 1 bytes a second, so at most some 34 Gbit/s. */
  private static void rate(List<String> command, String value) throws IOException {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("([0-9]*\\.?[0-9]+)([A-Za-z]*)").matcher(value);
    if (!m.matches()) {
      throw illegal(command, "bandwidth");
    }
    double bps = Double.parseDouble(m.group(1));
    double scale =
        switch (m.group(2).toLowerCase(java.util.Locale.ROOT)) {
          case "", "bit" -> 1;
          case "kibit" -> 1024;
          case "kbit" -> 1e3;
          case "mibit" -> 1024.0 * 1024;
          case "mbit" -> 1e6;
          case "gibit" -> 1024.0 * 1024 * 1024;
          case "gbit" -> 1e9;
          case "tibit" -> 1024.0 * 1024 * 1024 * 1024;
          case "tbit" -> 1e12;
          case "bps" -> 8;
          case "kibps" -> 8.0 * 1024;
          case "kbps" -> 8e3;
          case "mibps" -> 8.0 * 1024 * 1024;
          case "mbps" -> 8e6;
          case "gibps" -> 8.0 * 1024 * 1024 * 1024;
          case "gbps" -> 8e9;
          case "tibps" -> 8.0 * 1024 * 1024 * 1024 * 1024;
          case "tbps" -> 8e12;
          default -> -1;
        };
    double bytes = bps * scale / 8;
    if (scale < 0 || bytes > 0xffffffffL || bytes != Math.floor(bytes)) {
      throw illegal(command, "bandwidth");
    }
  }

  private static IOException illegal(List<String> command, String word) {
    return ToolExit.of("tc", command, 1, "Illegal \"" + word + "\"");
  }

  /** sprint_size of lib/json_print_math.c. */
  private static String size(long sz) {
    long kilo = 1024;
    long mega = kilo * kilo;
    if (sz >= mega && Math.abs(mega * Math.rint((double) sz / mega) - sz) < 1024) {
      return String.format("%dMb", (long) Math.rint((double) sz / mega));
    }
    if (sz >= kilo && Math.abs(kilo * Math.rint((double) sz / kilo) - sz) < 16) {
      return String.format("%dKb", (long) Math.rint((double) sz / kilo));
    }
    return sz + "b";
  }

  private static SimulatedToolState device(
      List<String> command, Path root, String dev, String message) throws IOException {
    SimulatedToolState state = new SimulatedToolState(root, dev);
    if (!state.exists()) {
      throw ToolExit.of("tc", command, 1, message + " \"" + dev + "\"");
    }
    return state;
  }
}

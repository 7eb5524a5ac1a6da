package io.gpuchassis.agent.ethernet;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One port's ip, dcb and tc, answering in iproute2 6.1's formats from a state the test can change
 * behind the agent's back, recording every command run. A tool named in {@link #missing} fails as a
 * binary that is not installed does; one named in {@link #ignoring} exits 0 and changes nothing (as
 * 6.1's {@code dcb app replace} does when the kernel refuses).
 */
final class FakeRoceTools implements ToolRunner {

  int mtu = 1500;
  final Map<Integer, Integer> dscp = new TreeMap<>();
  final Set<Integer> pfc = new TreeSet<>();
  long[] red; // limit, min, max; null: the default mq root
  final Set<String> missing = new HashSet<>();
  final Set<String> ignoring = new HashSet<>();
  final List<List<String>> ran = new ArrayList<>();

  @Override
  public synchronized String run(List<String> command) throws IOException {
    ran.add(command);
    String tool = command.get(0);
    if (missing.contains(tool)) {
      throw new IOException(
          "Cannot run program \"" + tool + "\": error=2, No such file or directory");
    }
    String line = String.join(" ", command);
    boolean apply = !command.contains("-j");
    if (apply && ignoring.contains(tool)) {
      return "";
    }
    if (line.equals("ip -j link show dev eth0")) {
      return "[{\"ifindex\":2,\"ifname\":\"eth0\",\"mtu\":" + mtu + ",\"qdisc\":\"mq\"}]";
    }
    if (line.startsWith("ip link set dev eth0 mtu ")) {
      mtu = Integer.parseInt(command.get(6));
      return "";
    }
    if (line.equals("dcb -j app show dev eth0")) {
      if (dscp.isEmpty()) {
        return "{}";
      }
      StringBuilder pairs = new StringBuilder();
      dscp.forEach(
          (d, p) -> pairs.append(pairs.length() == 0 ? "" : ",").append("[" + d + "," + p + "]"));
      return "{\"dscp_prio\":[" + pairs + "]}";
    }
    if (line.startsWith("dcb app replace dev eth0 dscp-prio ")) {
      for (String m : command.subList(6, command.size())) {
        String[] kv = m.split(":");
        dscp.put(Integer.parseInt(kv[0]), Integer.parseInt(kv[1]));
      }
      return "";
    }
    if (line.equals("dcb -j pfc show dev eth0")) {
      StringBuilder flags = new StringBuilder();
      for (int p = 0; p < 8; p++) {
        flags.append(p == 0 ? "" : ",").append(pfc.contains(p));
      }
      return "{\"pfc_cap\":8,\"macsec_bypass\":false,\"delay\":7,\"prio_pfc\":[" + flags + "]}";
    }
    if (line.startsWith("dcb pfc set dev eth0 prio-pfc all:off")) {
      pfc.clear();
      command.subList(7, command.size()).forEach(m -> pfc.add(Integer.parseInt(m.split(":")[0])));
      return "";
    }
    if (line.equals("tc -j qdisc show dev eth0")) {
      return red == null
          ? "[{\"kind\":\"mq\",\"handle\":\"0:\",\"root\":true,\"options\":{}}]"
          : "[{\"kind\":\"red\",\"handle\":\"8001:\",\"root\":true,\"refcnt\":9,\"options\":{"
              + "\"limit\":"
              + red[0]
              + ",\"min\":"
              + red[1]
              + ",\"max\":"
              + red[2]
              + ",\"ecn\":true,\"harddrop\":false,\"adaptive\":false,\"nodrop\":false}}]";
    }
    if (line.startsWith("tc qdisc replace dev eth0 root red ")) {
      red =
          new long[] {
            Long.parseLong(command.get(command.indexOf("limit") + 1)),
            Long.parseLong(command.get(command.indexOf("min") + 1)),
            Long.parseLong(command.get(command.indexOf("max") + 1))
          };
      return "";
    }
    throw new IOException(command + " exited with 1: not understood by the fake");
  }

  /** The commands run that change the port (no {@code -j} show). */
  synchronized List<String> applied() {
    return ran.stream().filter(c -> !c.contains("-j")).map(c -> String.join(" ", c)).toList();
  }
}

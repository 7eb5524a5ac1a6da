package io.gpuchassis.agent.ethernet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads what iproute2 6.1 (Debian 12's) prints with {@code -j} for the RoCE profile's items. The
 * shapes are those of iproute2's own printers: {@code ip/ipaddress.c} {@code print_linkinfo} (an
 * array of links, {@code "mtu"} a number), {@code dcb/dcb_app.c} {@code dcb_app_print_filtered}
 * (one object; {@code "dscp_prio"} an array of {@code [dscp, prio]} pairs, absent without DSCP
 * entries), {@code dcb/dcb_pfc.c} (one object; {@code "prio_pfc"} eight booleans, priority 0
 * first), {@code tc/tc_qdisc.c} {@code print_qdisc} with {@code tc/q_red.c} (an array of qdiscs;
 * {@code "root": true} on the root one; RED's {@code "options"} hold {@code limit}, {@code min},
 * {@code max} in bytes and the {@code ecn} flag).
 */
public final class RoceToolOutput {

  private static final ObjectMapper JSON = new ObjectMapper();

  private RoceToolOutput() {}

  /** One entry of the port's DCB application table that maps a DSCP to a priority. */
  public record DscpEntry(int dscp, int priority) {}

  /**
   * The root qdisc of the port's egress.
   *
   * @param kind the qdisc's kind, e.g. {@code mq} or {@code red}
   * @param red RED's thresholds, when the root qdisc is RED
   */
  public record RootQdisc(String kind, Optional<Red> red) {}

  /** A RED qdisc's queue limits in bytes and whether it marks ECN instead of dropping. */
  public record Red(long limit, long min, long max, boolean ecn) {}

  /** {@code ip -j link show dev X}: the link's MTU. */
  public static int mtu(String output) throws IOException {
    JsonNode links = tree(output);
    if (!links.isArray() || links.size() != 1 || !links.get(0).path("mtu").canConvertToInt()) {
      throw new IOException("ip -j link show printed no single link with an mtu: " + brief(output));
    }
    return links.get(0).get("mtu").asInt();
  }

  /** {@code dcb -j app show dev X}: the DSCP entries, in the order printed (by DSCP). */
  public static List<DscpEntry> dscpPriorities(String output) throws IOException {
    JsonNode app = tree(output);
    if (!app.isObject()) {
      throw new IOException("dcb -j app show printed no object: " + brief(output));
    }
    List<DscpEntry> entries = new ArrayList<>();
    JsonNode pairs = app.path("dscp_prio");
    if (pairs.isMissingNode()) {
      return entries;
    }
    if (!pairs.isArray()) {
      throw new IOException("dcb -j app show: dscp_prio is no array: " + brief(output));
    }
    for (JsonNode pair : pairs) {
      if (!pair.isArray()
          || pair.size() != 2
          || !pair.get(0).canConvertToInt()
          || !pair.get(1).canConvertToInt()) {
        throw new IOException("dcb -j app show: not a [dscp, prio] pair: " + pair);
      }
      entries.add(new DscpEntry(pair.get(0).asInt(), pair.get(1).asInt()));
    }
    return entries;
  }

  /** {@code dcb -j pfc show dev X}: the priorities PFC is enabled on. */
  public static Set<Integer> pfcEnabled(String output) throws IOException {
    JsonNode pfc = tree(output).path("prio_pfc");
    if (!pfc.isArray() || pfc.size() != 8) {
      throw new IOException("dcb -j pfc show printed no eight prio_pfc flags: " + brief(output));
    }
    Set<Integer> on = new TreeSet<>();
    for (int prio = 0; prio < 8; prio++) {
      JsonNode flag = pfc.get(prio);
      if (!flag.isBoolean()) {
        throw new IOException("dcb -j pfc show: prio_pfc holds " + flag + ", not true or false");
      }
      if (flag.asBoolean()) {
        on.add(prio);
      }
    }
    return on;
  }

  /** {@code tc -j qdisc show dev X}: the root qdisc. */
  public static RootQdisc rootQdisc(String output) throws IOException {
    JsonNode qdiscs = tree(output);
    if (!qdiscs.isArray()) {
      throw new IOException("tc -j qdisc show printed no array: " + brief(output));
    }
    for (JsonNode q : qdiscs) {
      if (!q.path("root").asBoolean(false)) {
        continue;
      }
      String kind = q.path("kind").asText("");
      if (!kind.equals("red")) {
        return new RootQdisc(kind, Optional.empty());
      }
      JsonNode o = q.path("options");
      for (String key : List.of("limit", "min", "max")) {
        if (!o.path(key).canConvertToLong()) {
          throw new IOException("tc -j qdisc show: red without " + key + ": " + q);
        }
      }
      return new RootQdisc(
          kind,
          Optional.of(
              new Red(
                  o.get("limit").asLong(),
                  o.get("min").asLong(),
                  o.get("max").asLong(),
                  o.path("ecn").asBoolean(false))));
    }
    throw new IOException("tc -j qdisc show printed no root qdisc: " + brief(output));
  }

  private static JsonNode tree(String output) throws IOException {
    try {
      return JSON.readTree(output);
    } catch (IOException e) {
      throw new IOException("not JSON: " + brief(output), e);
    }
  }

  private static String brief(String output) {
    String s = output.strip();
    return s.length() > 200 ? s.substring(0, 200) + "..." : s;
  }
}

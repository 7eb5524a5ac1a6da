package io.gpuchassis.agent.board;

import io.gpuchassis.agent.board.BoardDocument.ExpEtherEntry;
import io.gpuchassis.agent.board.BoardDocument.HostEngineEntry;
import io.gpuchassis.agent.board.BoardDocument.HostEntry;
import io.gpuchassis.agent.board.BoardDocument.Root;
import io.gpuchassis.agent.board.BoardDocument.SlotEntry;
import java.net.URI;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The Ethernet side of the board: a PCIe host has its switch port keys and no engine, an Ethernet
 * host its ExpEther host engine and no switch port; engine IDs, MAC and IP addresses and VLANs are
 * well formed and used once; a board with an Ethernet host names its manager, without a password in
 * the file, and has a slot an Ethernet host can be given.
 */
final class ExpEtherRules {

  /** The manager's ID of an engine: {@code 0x} and the twelve hex digits of its MAC address. */
  private static final Pattern ENGINE = Pattern.compile("0x[0-9a-fA-F]{12}");

  private static final Pattern MAC = Pattern.compile("([0-9a-fA-F]{2}:){5}[0-9a-fA-F]{2}");
  private static final Pattern IPV4 =
      Pattern.compile(
          "((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)");

  /** ExpEther's assignable groups (the VLAN tags a host may be in): 16-4092. */
  private static final int FIRST_GROUP = 16;

  private static final int LAST_GROUP = 4092;

  private final Root root;
  private final Checks checks;
  private final Map<String, KeyPath> engines = new HashMap<>();
  private final Map<String, KeyPath> macs = new HashMap<>();
  private final Map<String, KeyPath> ips = new HashMap<>();
  private final Map<Integer, KeyPath> vlans = new HashMap<>();

  private ExpEtherRules(Root root, Checks checks) {
    this.root = root;
    this.checks = checks;
  }

  static void check(Root root, Checks checks) {
    ExpEtherRules rules = new ExpEtherRules(root, checks);
    boolean ethernetHosts = false;
    for (int i = 0; i < root.hosts().size(); i++) {
      ethernetHosts |= rules.checkHost(root.hosts().get(i), KeyPath.of("hosts").index(i));
    }
    boolean engineSlots = false;
    for (int i = 0; i < root.slots().size(); i++) {
      SlotEntry slot = root.slots().get(i);
      if (slot.expether() != null) {
        engineSlots = true;
        rules.unique(
            rules.engines,
            engineId(slot.expether().engine()),
            KeyPath.of("slots").index(i).key("expether").key("engine"),
            "engine",
            rules.checkEngine(slot.expether().engine(), KeyPath.of("slots").index(i)));
      }
    }
    if (ethernetHosts) {
      int first = firstEthernetHost(root);
      KeyPath host = KeyPath.of("hosts").index(first);
      if (root.expether() == null) {
        checks.problemAtMissingKey(
            KeyPath.of("expether"),
            host,
            "an Ethernet host needs the ExpEther manager its groups are set through");
      }
      if (!engineSlots) {
        checks.problem(
            host.key("fabric"),
            "no slot names the ExpEther I/O engine in front of its GPU (slots[].expether), so no"
                + " GPU can be given to an Ethernet host");
      }
    }
    if (root.expether() != null) {
      rules.checkManager(root.expether(), KeyPath.of("expether"));
    }
  }

  /** The manager's spelling of an engine ID: {@code 0x} and lower-case hex digits. */
  static String engineId(String written) {
    return written.toLowerCase(Locale.ROOT);
  }

  /** Checks one host; true when it is an Ethernet host. */
  private boolean checkHost(HostEntry host, KeyPath at) {
    if (!host.overEthernet()) {
      requirePortKey(host.switchId(), at, "switch");
      requirePortKey(host.port(), at, "port");
      requirePortKey(host.width(), at, "width");
      requirePortKey(host.maxGen(), at, "maxGen");
      if (host.expether() != null) {
        checks.problem(
            at.key("expether"),
            "only an Ethernet host (fabric: ethernet) has an ExpEther host engine");
      }
      return false;
    }
    refusePortKey(host.switchId(), at, "switch");
    refusePortKey(host.port(), at, "port");
    refusePortKey(host.width(), at, "width");
    refusePortKey(host.maxGen(), at, "maxGen");
    refusePortKey(host.partition(), at, "partition");
    refusePortKey(host.hotPlugWindowGiB(), at, "hotPlugWindowGiB");
    HostEngineEntry engine = host.expether();
    if (engine == null) {
      checks.problemAtMissingKey(
          at.key("expether"),
          at,
          "an Ethernet host needs its ExpEther host engine: {engine, mac, ip}");
      return true;
    }
    KeyPath e = at.key("expether");
    unique(
        engines,
        engineId(engine.engine()),
        e.key("engine"),
        "engine",
        checkEngine(engine.engine(), at));
    boolean macOk = MAC.matcher(engine.mac()).matches();
    if (!macOk) {
      checks.problem(
          e.key("mac"), "'" + engine.mac() + "' is not a MAC address (8c:df:9d:53:5b:14)");
    }
    unique(macs, engine.mac().toLowerCase(Locale.ROOT), e.key("mac"), "MAC address", macOk);
    boolean ipOk = isIpAddress(engine.ip());
    if (!ipOk) {
      checks.problem(e.key("ip"), "'" + engine.ip() + "' is not an IPv4 or IPv6 address");
    }
    unique(ips, engine.ip().toLowerCase(Locale.ROOT), e.key("ip"), "IP address", ipOk);
    if (engine.vlan() != null) {
      boolean vlanOk = engine.vlan() >= FIRST_GROUP && engine.vlan() <= LAST_GROUP;
      if (!vlanOk) {
        checks.problem(
            e.key("vlan"),
            engine.vlan()
                + " is not a group a host can be in; ExpEther assigns "
                + FIRST_GROUP
                + "-"
                + LAST_GROUP);
      }
      unique(vlans, engine.vlan(), e.key("vlan"), "VLAN (group)", vlanOk);
    }
    return true;
  }

  private boolean checkEngine(String engine, KeyPath entry) {
    if (ENGINE.matcher(engine).matches()) {
      return true;
    }
    checks.problem(
        entry.key("expether").key("engine"),
        "'" + engine + "' is not an ExpEther engine ID: 0x and the twelve hex digits of its MAC");
    return false;
  }

  private void checkManager(ExpEtherEntry manager, KeyPath at) {
    URI url;
    try {
      url = new URI(manager.url());
    } catch (java.net.URISyntaxException e) {
      url = null;
    }
    if (url == null
        || url.getHost() == null
        || !("http".equals(url.getScheme()) || "https".equals(url.getScheme()))) {
      checks.problem(
          at.key("url"),
          "'" + manager.url() + "' is not an http or https URL (https://eem.example:8443/eem)");
    }
    checks.requireText(manager.user(), at.key("user"));
    if (!manager.passwordFile().startsWith("/")) {
      checks.problem(
          at.key("passwordFile"), "must be an absolute path, got '" + manager.passwordFile() + "'");
    }
    positive(manager.connectTimeoutSeconds(), at.key("connectTimeoutSeconds"));
    positive(manager.requestTimeoutSeconds(), at.key("requestTimeoutSeconds"));
    positive(manager.attachTimeoutSeconds(), at.key("attachTimeoutSeconds"));
  }

  private void positive(Integer seconds, KeyPath at) {
    if (seconds != null) {
      checks.requirePositive(seconds, at);
    }
  }

  private <K> void unique(
      Map<K, KeyPath> seen, K value, KeyPath at, String what, boolean wellFormed) {
    if (!wellFormed) {
      return;
    }
    KeyPath first = seen.putIfAbsent(value, at);
    if (first != null) {
      checks.problem(at, "duplicate " + what + " '" + value + "' (also " + first + ")");
    }
  }

  private void requirePortKey(Object value, KeyPath host, String key) {
    if (value == null) {
      checks.problemAtMissingKey(
          host.key(key), host, "missing key '" + key + "' (a PCIe host needs its switch port)");
    }
  }

  private void refusePortKey(Object value, KeyPath host, String key) {
    if (value != null) {
      checks.problem(
          host.key(key),
          "an Ethernet host has no switch port; '" + key + "' is for a PCIe host only");
    }
  }

  private static boolean isIpAddress(String text) {
    if (IPV4.matcher(text).matches()) {
      return true;
    }
    // A literal with a colon is parsed, never looked up
    if (!text.contains(":") || !text.matches("[0-9a-fA-F:.]+")) {
      return false;
    }
    try {
      return java.net.InetAddress.getByName(text) instanceof java.net.Inet6Address;
    } catch (java.net.UnknownHostException e) {
      return false;
    }
  }

  private static int firstEthernetHost(Root root) {
    for (int i = 0; i < root.hosts().size(); i++) {
      if (root.hosts().get(i).overEthernet()) {
        return i;
      }
    }
    return 0;
  }
}

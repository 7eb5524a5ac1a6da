package io.gpuchassis.agent.sim.ethernet;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.ethernet.DataPort;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The slowly changing side of the simulated data-path ports, as the tools print it, recorded below
 * the tree's root: each port's QSFP28 100GBASE-SR4 optic ({@code tool-output/ethtool-m-<if>}, its
 * EEPROM as {@link SimulatedQsfp28}), its NIC's driver and firmware ({@code
 * tool-output/ethtool-i-<if>}, mlx5_core with ConnectX-6 Dx firmware) and the top-of-rack switch
 * lldpd hears on every port ({@code tool-output/lldpcli-json0-neighbors}, port {@code swp<n>} for
 * the board's n-th port). An optic can lose its light ({@link #lowRxPower}): its received power
 * falls below the module's low-alarm level until restored.
 */
public final class SimulatedPortInventory {

  static final String FIRMWARE = "22.39.1002 (MT_0000000359)";
  static final String SWITCH_MAC = "1c:34:da:5e:00:01";
  static final String SWITCH_NAME = "tor-a17.example.net";
  static final String SWITCH_ADDRESS = "192.0.2.17";

  /** Received power while the light is lost: 0.0200 mW (-16.99 dBm), below the -14.40 alarm. */
  static final int LOW_RX_POWER = 200;

  private final Path root;
  private final List<DataPort> ports;
  private final Map<DataPort, SimulatedQsfp28> modules = new HashMap<>();

  public SimulatedPortInventory(Path root, List<DataPort> ports) {
    this.root = root;
    this.ports = List.copyOf(ports);
    for (int i = 0; i < this.ports.size(); i++) {
      DataPort port = this.ports.get(i);
      SimulatedQsfp28 module = healthy(i);
      modules.put(port, module);
      write(moduleOutput(root, port.netdev()), module.ethtool());
      write(driverOutput(root, port.netdev()), driverInfo(port));
    }
    write(lldpOutput(root), lldpNeighbors());
  }

  /** Where {@code ethtool -m <if>}'s recorded output is. */
  static Path moduleOutput(Path root, String netdev) {
    return root.resolve("tool-output").resolve("ethtool-m-" + netdev);
  }

  /** Where {@code ethtool -i <if>}'s recorded output is. */
  static Path driverOutput(Path root, String netdev) {
    return root.resolve("tool-output").resolve("ethtool-i-" + netdev);
  }

  /** Where {@code lldpcli -f json0 show neighbors details}' recorded output is. */
  static Path lldpOutput(Path root) {
    return root.resolve("tool-output").resolve("lldpcli-json0-neighbors");
  }

  /**
   * The port's optic receives almost no light ({@code low}: every channel at {@value #LOW_RX_POWER}
   * in 0.1 uW, its low-alarm flags on) or its usual power again.
   */
  public synchronized void lowRxPower(DataPort port, boolean low) {
    SimulatedQsfp28 module = modules.get(port);
    if (module == null) {
      throw new IllegalArgumentException("no such simulated port: " + port.netdev());
    }
    write(
        moduleOutput(root, port.netdev()),
        (low ? module.receiving(LOW_RX_POWER) : module).ethtool());
  }

  /** The board's {@code index}-th port's optic: a little different on every port, all healthy. */
  private static SimulatedQsfp28 healthy(int index) {
    return new SimulatedQsfp28(
        "NVIDIA",
        "MMA1B00-C100D",
        "B3",
        String.format(Locale.ROOT, "MT2236FT%05d", 1207 + index),
        "220905",
        (int) Math.round((35.5 + index) * 256),
        32910 - 40 * index,
        new int[] {3375 + index * 10, 3410, 3352, 3398},
        new int[] {8000 + index * 100, 7943, 8128, 7762},
        new int[] {7079 - index * 100, 6918, 7244, 6761});
  }

  /** What {@code ethtool -i} prints for an mlx5 port on Debian 12's kernel. */
  private String driverInfo(DataPort port) {
    int function =
        ports.stream().filter(p -> p.adapter().equals(port.adapter())).toList().indexOf(port);
    int bus = adapterIndex(port) + 1;
    return "driver: mlx5_core\n"
        + "version: 6.1.0-18-arm64\n"
        + "firmware-version: "
        + FIRMWARE
        + "\n"
        + "expansion-rom-version: \n"
        + String.format(Locale.ROOT, "bus-info: 0000:%02x:00.%d\n", bus, function)
        + "supports-statistics: yes\n"
        + "supports-test: yes\n"
        + "supports-eeprom-access: no\n"
        + "supports-register-dump: no\n"
        + "supports-priv-flags: yes\n";
  }

  private int adapterIndex(DataPort port) {
    return ports.stream().map(DataPort::adapter).distinct().toList().indexOf(port.adapter());
  }

  /**
   * lldpd's json0 ({@code json_writer.c}): every element a list of objects, a value as {@code
   * "value"}, a capability's {@code enabled} a boolean. The switch announces itself by its chassis
   * MAC, each of its ports by name, and its management address.
   */
  private String lldpNeighbors() {
    ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode doc = json.createObjectNode();
    ArrayNode interfaces = doc.putArray("lldp").addObject().putArray("interface");
    for (int i = 0; i < ports.size(); i++) {
      ObjectNode iface = interfaces.addObject();
      iface.put("name", ports.get(i).netdev());
      iface.put("via", "LLDP");
      iface.put("rid", Integer.toString(i + 1));
      iface.put("age", "0 day, 00:12:41");
      ObjectNode chassis = iface.putArray("chassis").addObject();
      chassis.putArray("id").addObject().put("type", "mac").put("value", SWITCH_MAC);
      chassis.putArray("name").addObject().put("value", SWITCH_NAME);
      chassis
          .putArray("descr")
          .addObject()
          .put(
              "value", "Cumulus Linux version 5.8.0 running on Mellanox Technologies Ltd. MSN3700");
      chassis.putArray("mgmt-ip").addObject().put("value", SWITCH_ADDRESS);
      chassis.putArray("mgmt-iface").addObject().put("value", "2");
      ArrayNode caps = chassis.putArray("capability");
      caps.addObject().put("type", "Bridge").put("enabled", true);
      caps.addObject().put("type", "Router").put("enabled", true);
      ObjectNode port = iface.putArray("port").addObject();
      port.putArray("id").addObject().put("type", "ifname").put("value", "swp" + (i + 1));
      port.putArray("descr").addObject().put("value", "chassis " + ports.get(i).adapter());
      port.putArray("ttl").addObject().put("value", "120");
    }
    try {
      return json.writeValueAsString(doc) + "\n";
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Written aside and moved into place, so a reader never sees half an output. */
  private static void write(Path file, String content) {
    try {
      Files.createDirectories(file.getParent());
      Path next = file.resolveSibling("." + file.getFileName() + ".next");
      Files.writeString(next, content);
      Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

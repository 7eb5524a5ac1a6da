package io.gpuchassis.agent.board;

import static io.gpuchassis.agent.board.BoardYaml.assertProblemAt;
import static io.gpuchassis.agent.board.BoardYaml.load;
import static io.gpuchassis.agent.board.BoardYaml.loadFails;
import static io.gpuchassis.agent.board.BoardYaml.replaceOnce;
import static io.gpuchassis.agent.board.BoardYaml.validWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.chassis.EthernetHost;
import io.gpuchassis.agent.chassis.HostPort;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ethernet hosts in the board file: a host with {@code fabric: ethernet} and its ExpEther host
 * engine, slots naming the I/O engine in front of their GPU, the manager's section; and the errors
 * of each.
 */
class ExpEtherBoardTest {

  private static final String HOST_2 = "{id: Host2, switch: SW2, port: 40, width: 16, maxGen: 5}";
  private static final String ETH_HOST =
      "{id: EthHost1, fabric: ethernet, expether: {engine: \"0x8CDF9D535B14\","
          + " mac: \"52:54:00:12:34:56\", ip: 10.1.0.21, vlan: 100}}";
  private static final String SLOT_4 = "- {id: 4, switch: SW2, port: 8, width: 16, maxGen: 5}";
  private static final String SLOT_4_ENGINE =
      "- {id: 4, switch: SW2, port: 8, width: 16, maxGen: 5,"
          + " expether: {engine: \"0x8cdf9d535b20\"}}";
  private static final String MANAGER =
      "expether: {url: \"https://eem.example:8443/eem\", user: admin,"
          + " passwordFile: /etc/gpu-chassis/eem-password, attachTimeoutSeconds: 20}\n";

  @TempDir Path dir;

  /** The fixture with an Ethernet host after Host2, an engine on slot 4 and the manager. */
  static String withEthernetHost() {
    String yaml = validWith(HOST_2, HOST_2 + "\n  - " + ETH_HOST);
    yaml = replaceOnce(yaml, SLOT_4, SLOT_4_ENGINE);
    return yaml + MANAGER;
  }

  @Test
  void anEthernetHostHasItsEngineAndNoSwitchPort() {
    BoardDescription board = load(dir, withEthernetHost());

    HostPort host = board.host("EthHost1").orElseThrow();
    assertTrue(host.overEthernet());
    assertEquals(
        Optional.of(
            new EthernetHost(
                "0x8cdf9d535b14", "52:54:00:12:34:56", "10.1.0.21", OptionalInt.of(100))),
        host.ethernet());
    assertEquals(-1, host.partition());
    assertFalse(board.host("Host2").orElseThrow().overEthernet(), "pcie is the default");
    assertEquals(
        Optional.of("0x8cdf9d535b20"), board.initialState().slot(4).orElseThrow().expetherEngine());
    assertEquals(Optional.empty(), board.initialState().slot(1).orElseThrow().expetherEngine());
    ExpEtherManager manager = board.expether().orElseThrow();
    assertEquals(URI.create("https://eem.example:8443/eem"), manager.url());
    assertEquals(Path.of("/etc/gpu-chassis/eem-password"), manager.passwordFile());
    assertEquals(Duration.ofSeconds(5), manager.connectTimeout());
    assertEquals(Duration.ofSeconds(20), manager.attachTimeout());
    // The PCIe hosts keep their default partitions: the Ethernet host takes none
    assertEquals(0, board.host("Host2").orElseThrow().partition());
    assertEquals(1, board.interSwitchLinks().get(0).transitPartition());
  }

  @Test
  void anEthernetHostWithoutEngineOrManagerIsRejected() {
    String yaml = validWith(HOST_2, HOST_2 + "\n  - {id: EthHost1, fabric: ethernet}");
    yaml = replaceOnce(yaml, SLOT_4, SLOT_4_ENGINE);

    BoardException e = loadFails(dir, yaml);

    assertProblemAt(
        e,
        yaml,
        "EthHost1",
        "hosts[2].expether: an Ethernet host needs its ExpEther host engine: {engine, mac, ip}");
    assertProblemAt(
        e,
        yaml,
        "EthHost1",
        "expether: an Ethernet host needs the ExpEther manager its groups are set through");
  }

  @Test
  void anEthernetHostWithASwitchPortIsRejected() {
    String yaml =
        replaceOnce(
            withEthernetHost(),
            "{id: EthHost1, fabric: ethernet,",
            "{id: EthHost1, fabric: ethernet, port: 41,");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "EthHost1",
        "hosts[2].port: an Ethernet host has no switch port; 'port' is for a PCIe host only");
  }

  @Test
  void aPcieHostWithoutItsPortIsRejected() {
    String yaml = validWith(HOST_2, "{id: Host2, switch: SW2, width: 16, maxGen: 5}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "id: Host2",
        "hosts[1].port: missing key 'port' (a PCIe host needs its switch port)");
  }

  @Test
  void engineMacAndIpAreUsedOnce() {
    String second =
        "{id: EthHost2, fabric: ethernet, expether: {engine: \"0x8cdf9d535b20\","
            + " mac: \"52:54:00:12:34:56\", ip: 10.1.0.21}}";
    String yaml = replaceOnce(withEthernetHost(), ETH_HOST, ETH_HOST + "\n  - " + second);

    BoardException e = loadFails(dir, yaml);

    assertProblemAt(
        e,
        yaml,
        "EthHost2",
        "hosts[3].expether.mac: duplicate MAC address '52:54:00:12:34:56' (also hosts[2].expether.mac)");
    assertProblemAt(
        e,
        yaml,
        "EthHost2",
        "hosts[3].expether.ip: duplicate IP address '10.1.0.21' (also hosts[2].expether.ip)");
    // The host engine's ID is the slot's I/O engine's: one engine cannot be both
    assertProblemAt(
        e,
        yaml,
        "id: 4,",
        "slots[3].expether.engine: duplicate engine '0x8cdf9d535b20' (also hosts[3].expether.engine)");
  }

  @Test
  void malformedIdentitiesAreRejected() {
    String yaml =
        replaceOnce(
            withEthernetHost(),
            "engine: \"0x8CDF9D535B14\", mac: \"52:54:00:12:34:56\", ip: 10.1.0.21, vlan: 100",
            "engine: \"8cdf9d535b14\", mac: \"52:54:00:12:34\", ip: 10.1.0.300, vlan: 4093");

    BoardException e = loadFails(dir, yaml);

    assertProblemAt(
        e,
        yaml,
        "EthHost1",
        "hosts[2].expether.engine: '8cdf9d535b14' is not an ExpEther engine ID");
    assertProblemAt(e, yaml, "EthHost1", "hosts[2].expether.mac: '52:54:00:12:34' is not a MAC");
    assertProblemAt(
        e, yaml, "EthHost1", "hosts[2].expether.ip: '10.1.0.300' is not an IPv4 or IPv6 address");
    assertProblemAt(
        e, yaml, "EthHost1", "hosts[2].expether.vlan: 4093 is not a group a host can be in");
  }

  @Test
  void theManagerSectionIsChecked() {
    String yaml =
        replaceOnce(
            withEthernetHost(),
            "url: \"https://eem.example:8443/eem\", user: admin, passwordFile: /etc/gpu-chassis/eem-password",
            "url: \"ftp://eem.example/eem\", user: admin, passwordFile: eem-password");

    BoardException e = loadFails(dir, yaml);

    assertProblemAt(
        e, yaml, "ftp://", "expether.url: 'ftp://eem.example/eem' is not an http or https URL");
    assertProblemAt(
        e, yaml, "ftp://", "expether.passwordFile: must be an absolute path, got 'eem-password'");
  }

  @Test
  void aPasswordIsNeverWrittenInTheFile() {
    String yaml = replaceOnce(withEthernetHost(), "user: admin,", "user: admin, password: secret,");

    assertTrue(loadFails(dir, yaml).getMessage().contains("expether.password: unknown key"));
  }

  @Test
  void anEthernetHostNeedsASlotWithAnEngine() {
    String yaml = replaceOnce(withEthernetHost(), SLOT_4_ENGINE, SLOT_4);

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "EthHost1",
        "hosts[2].fabric: no slot names the ExpEther I/O engine in front of its GPU");
  }
}

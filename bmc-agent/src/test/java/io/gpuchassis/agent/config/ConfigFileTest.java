package io.gpuchassis.agent.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigFileTest {

  @TempDir Path dir;

  private Path write(String yaml) throws Exception {
    Path file = dir.resolve("agent.yaml");
    Files.writeString(file, yaml);
    return file;
  }

  @Test
  void applies_every_setting_and_resolves_paths_against_the_file() throws Exception {
    Path file =
        write(
            """
            listen: 0.0.0.0:9443
            stateDir: state
            hardware:
              mode: simulated
              topology: chassis.yaml
            tls:
              certificate: tls/cert.pem
              privateKey: tls/key.pem
            switches:
              pollInterval: 250ms
            """);
    AgentConfig config = ConfigFile.apply(AgentConfig.defaults(), file);
    assertEquals(new ListenAddress("0.0.0.0", 9443), config.listen());
    assertEquals(dir.resolve("state"), config.stateDir());
    assertEquals(HardwareMode.SIMULATED, config.hardwareMode());
    assertEquals(Optional.of(dir.resolve("chassis.yaml")), config.board());
    assertEquals(Optional.of(dir.resolve("tls/cert.pem")), config.tlsCertificate());
    assertEquals(Optional.of(dir.resolve("tls/key.pem")), config.tlsPrivateKey());
    assertEquals(java.time.Duration.ofMillis(250), config.switchPollInterval());
  }

  @Test
  void the_console_settings_are_read_and_a_bad_one_is_named() throws Exception {
    AgentConfig config =
        ConfigFile.apply(
            AgentConfig.defaults(),
            write(
                """
        console:
          devices: [/dev/ttymxc1, stdio]
          baud: 9600
          idleTimeout: 5m
        """));
    assertEquals(
        Optional.of(java.util.List.of("/dev/ttymxc1", "stdio")), config.console().devices());
    assertEquals(9600, config.console().baud());
    assertEquals(java.time.Duration.ofMinutes(5), config.console().idleTimeout());
    assertEquals(ConsoleSettings.DEFAULTS.loginTimeout(), config.console().loginTimeout());
    assertEquals(
        Optional.empty(),
        AgentConfig.defaults().console().devices(),
        "none named: the board's, if real");

    ConfigException e =
        assertThrows(
            ConfigException.class,
            () ->
                ConfigFile.apply(
                    AgentConfig.defaults(), write("console:\n  idleTimeout: forever\n")));
    assertTrue(
        e.getMessage().contains("console") && e.getMessage().contains("forever"), e.getMessage());
  }

  @Test
  void the_release_policy_is_read_per_host_and_a_bad_one_is_named() throws Exception {
    AgentConfig config =
        ConfigFile.apply(
            AgentConfig.defaults(),
            write(
                """
        composition:
          releasePolicy: require-release
          idleWindow: 2m
          answerWithin: 0s
          hosts:
            Host3: release-or-idle
          reseat: hold
          reseatSlots:
            7: release
          hostConfirmWithin: 2m
          leaseCheckInterval: 500ms
        """));
    CompositionSettings release = config.composition();
    assertEquals(java.time.Duration.ofMillis(500), release.leaseCheckInterval());
    assertEquals(
        java.time.Duration.ofSeconds(5), AgentConfig.defaults().composition().leaseCheckInterval());
    assertEquals(java.time.Duration.ofMinutes(2), release.hostConfirmWithin());
    assertEquals(CompositionSettings.Reseat.HOLD, release.reseatOf(1));
    assertEquals(CompositionSettings.Reseat.RELEASE, release.reseatOf(7));
    assertEquals(
        CompositionSettings.Reseat.RESTORE, AgentConfig.defaults().composition().reseatOf(1));
    assertEquals(CompositionSettings.Policy.REQUIRE_RELEASE, release.policyOf("Host1"));
    assertEquals(CompositionSettings.Policy.RELEASE_OR_IDLE, release.policyOf("Host3"));
    assertEquals(java.time.Duration.ofMinutes(2), release.idleWindow());
    assertEquals(java.time.Duration.ZERO, release.answerWithin(), "0s: always a task");
    assertEquals(
        CompositionSettings.Policy.RELEASE_OR_IDLE,
        AgentConfig.defaults().composition().policyOf("Host1"),
        "by default a standard composer may release an idle GPU");

    for (String bad :
        java.util.List.of(
            "composition:\n  releasePolicy: whenever\n",
            "composition:\n  hosts:\n    Host2: sometimes\n",
            "composition:\n  idleWindow: 0s\n",
            "composition:\n  answerWithin: 30s\n",
            "composition:\n  reseat: forget\n",
            "composition:\n  hostConfirmWithin: 0s\n",
            "composition:\n  leaseCheckInterval: 11m\n",
            "composition:\n  reseatSlots:\n    seven: hold\n",
            "http:\n  requestTimeout: 5s\ncomposition:\n  answerWithin: 10s\n")) {
      ConfigException e =
          assertThrows(
              ConfigException.class, () -> ConfigFile.apply(AgentConfig.defaults(), write(bad)));
      assertTrue(e.getMessage().contains("composition"), bad + " -> " + e.getMessage());
    }
  }

  @Test
  void the_sunfish_core_is_read_and_a_bad_setting_is_named() throws Exception {
    assertFalse(AgentConfig.defaults().sunfish().enabled(), "no section: no core");
    Path file =
        write(
            """
        sunfish:
          core: https://sunfish.example:5000/EventListener
          agentUrl: https://chassis.example:8443
          coreAuthority: sunfish-ca.pem
        """);
    SunfishSettings sunfish = ConfigFile.apply(AgentConfig.defaults(), file).sunfish();
    assertTrue(sunfish.enabled());
    assertEquals(
        java.net.URI.create("https://sunfish.example:5000/EventListener"), sunfish.core().get());
    assertEquals(java.net.URI.create("https://chassis.example:8443"), sunfish.agentUrl().get());
    assertEquals(
        java.util.Optional.of(file.getParent().resolve("sunfish-ca.pem")), sunfish.coreAuthority());

    for (String bad :
        java.util.List.of(
            "sunfish:\n  agentUrl: https://chassis.example\n",
            "sunfish:\n  core: sunfish.example:5000\n",
            "sunfish:\n  core: https://sunfish.example/EventListener\n  agentUrl: ftp://x\n")) {
      ConfigException e =
          assertThrows(
              ConfigException.class, () -> ConfigFile.apply(AgentConfig.defaults(), write(bad)));
      assertTrue(e.getMessage().contains("sunfish."), bad + " -> " + e.getMessage());
    }
  }

  @Test
  void the_syslog_collector_is_read_and_a_bad_setting_is_named() throws Exception {
    AgentConfig config =
        ConfigFile.apply(
            AgentConfig.defaults(),
            write(
                """
        syslog:
          destination: syslog://logs.example
          protocol: SyslogUDP
          lowestSeverity: warning
          caFile: ca.pem
        """));
    assertEquals("logs.example", config.syslog().host());
    assertEquals(514, config.syslog().port(), "UDP's registered port");
    assertEquals("Warning", config.syslog().lowestSeverity());
    assertEquals("Local0", config.syslog().facility());
    assertEquals(Optional.of(dir.resolve("ca.pem")), config.syslog().caFile());
    assertEquals(
        Optional.empty(), AgentConfig.defaults().syslog().destination(), "none unless set");
    for (String bad :
        java.util.List.of(
            "syslog:\n  destination: https://logs.example\n",
            "syslog:\n  destination: syslog://logs.example\n  protocol: RELP\n",
            "syslog:\n  destination: syslog://logs.example\n  lowestSeverity: loud\n")) {
      ConfigException e =
          assertThrows(
              ConfigException.class, () -> ConfigFile.apply(AgentConfig.defaults(), write(bad)));
      assertTrue(e.getMessage().contains("syslog."), e.getMessage());
    }
  }

  @Test
  void the_stuck_sensor_window_is_read_and_checked() throws Exception {
    assertEquals(
        60,
        AgentConfig.defaults().sensors().stuckAfterSamples(),
        "a minute at the 1 s poll by default");
    assertEquals(
        120,
        ConfigFile.apply(AgentConfig.defaults(), write("sensors:\n  stuckAfterSamples: 120\n"))
            .sensors()
            .stuckAfterSamples());
    var tooShort =
        assertThrows(
            ConfigException.class,
            () ->
                ConfigFile.apply(
                    AgentConfig.defaults(), write("sensors:\n  stuckAfterSamples: 1\n")));
    assertTrue(
        tooShort.getMessage().contains("sensors.stuckAfterSamples must lie between 2 and"),
        tooShort.getMessage());
  }

  @Test
  void the_firmware_keys_folder_defaults_to_the_state_directory_and_is_resolved_against_the_file()
      throws Exception {
    AgentConfig defaults = AgentConfig.defaults();
    assertEquals(
        defaults.stateDir().resolve("firmware/trusted-keys"), defaults.firmwareTrustedKeysDir());
    Path file = write("firmware:\n  trustedKeys: vendor-keys\n");
    assertEquals(
        file.toAbsolutePath().getParent().resolve("vendor-keys"),
        ConfigFile.apply(defaults, file).firmwareTrustedKeysDir());
    var typo =
        assertThrows(
            ConfigException.class,
            () -> ConfigFile.apply(defaults, write("firmware:\n  trustedKey: vendor-keys\n")));
    assertTrue(typo.getMessage().contains("unknown key 'firmware.trustedKey'"), typo.getMessage());
  }

  @Test
  void the_lowest_supported_switch_firmware_is_read_as_the_chips_print_it() throws Exception {
    AgentConfig defaults = AgentConfig.defaults();
    assertTrue(defaults.switchLowestSupportedVersion().isEmpty(), "no floor unless configured");
    assertEquals(
        "9.20 B04A",
        ConfigFile.apply(defaults, write("firmware:\n  switchLowestSupportedVersion: 9.20 B04A\n"))
            .switchLowestSupportedVersion()
            .orElseThrow()
            .toString());
    var bad =
        assertThrows(
            ConfigException.class,
            () ->
                ConfigFile.apply(
                    defaults, write("firmware:\n  switchLowestSupportedVersion: \"4.70\"\n")));
    assertEquals(Optional.of("firmware.switchLowestSupportedVersion"), bad.key());
    assertTrue(bad.getMessage().contains("'9.20 B04A'"), bad.getMessage());
  }

  @Test
  void the_agents_own_update_settings_are_read_and_a_bad_deadline_is_named() throws Exception {
    AgentConfig defaults = AgentConfig.defaults();
    assertEquals(SelfUpdateSettings.DEFAULT, defaults.selfUpdate());
    SelfUpdateSettings read =
        ConfigFile.apply(
                defaults,
                write(
                    "firmware:\n  agentLowestSupportedVersion: 0.2.0\n  agentTrialDeadline: 90s\n"))
            .selfUpdate();
    assertEquals(Optional.of("0.2.0"), read.lowestSupportedVersion());
    assertEquals(java.time.Duration.ofSeconds(90), read.trialDeadline());
    var bad =
        assertThrows(
            ConfigException.class,
            () -> ConfigFile.apply(defaults, write("firmware:\n  agentTrialDeadline: 2h\n")));
    assertEquals(Optional.of("firmware.agentTrialDeadline"), bad.key());
  }

  @Test
  void the_data_port_inventory_interval_is_read_apart_from_the_samples() throws Exception {
    AgentConfig defaults = AgentConfig.defaults();
    assertEquals(java.time.Duration.ofSeconds(60), defaults.dataPorts().inventoryInterval());
    DataPortSettings read =
        ConfigFile.apply(defaults, write("dataPorts:\n  inventoryInterval: 10m\n")).dataPorts();
    assertEquals(java.time.Duration.ofMinutes(10), read.inventoryInterval());
    assertEquals(java.time.Duration.ofSeconds(5), read.sampleInterval(), "the samples keep theirs");
    assertEquals(
        java.time.Duration.ofSeconds(60),
        ConfigFile.apply(defaults, write("dataPorts:\n  sampleInterval: 1s\n"))
            .dataPorts()
            .inventoryInterval());
    var tooLong =
        assertThrows(
            ConfigException.class,
            () -> ConfigFile.apply(defaults, write("dataPorts:\n  inventoryInterval: 25h\n")));
    assertTrue(
        tooLong.getMessage().contains("dataPorts.inventoryInterval must lie between"),
        tooLong.getMessage());
  }

  @Test
  void the_round_trip_probe_is_off_by_default_and_read_with_its_peers() throws Exception {
    AgentConfig defaults = AgentConfig.defaults();
    assertFalse(defaults.dataPorts().roundTrip().enabled());
    RoundTripSettings read =
        ConfigFile.apply(
                defaults,
                write(
                    "dataPorts:\n  roundTrip:\n    peers:\n      NIC1/1: 192.0.2.1\n"
                        + "      NIC1/2: \"2001:db8::2\"\n    interval: 5s\n    count: 3\n"
                        + "    warnAboveMicroseconds: 80\n"))
            .dataPorts()
            .roundTrip();
    assertEquals(
        java.util.List.of("NIC1/1", "NIC1/2"), java.util.List.copyOf(read.peers().keySet()));
    assertEquals("2001:db8::2", read.peers().get("NIC1/2"));
    assertEquals(java.time.Duration.ofSeconds(5), read.interval());
    assertEquals(3, read.count());
    assertEquals(80, read.warnAboveMicroseconds());
    RoundTripSettings defaulted =
        ConfigFile.apply(
                defaults, write("dataPorts:\n  roundTrip:\n    peers: {NIC1/1: 192.0.2.1}\n"))
            .dataPorts()
            .roundTrip();
    assertEquals(java.time.Duration.ofSeconds(30), defaulted.interval());
    assertEquals(5, defaulted.count());
    assertEquals(100, defaulted.warnAboveMicroseconds());
  }

  @Test
  void bad_round_trip_settings_are_named() throws Exception {
    assertEquals(
        "dataPorts.roundTrip.peers.NIC1/1: '192.0.2.300' is not an IPv4 or IPv6 address",
        roundTripError("peers: {NIC1/1: 192.0.2.300}"));
    assertEquals(
        "dataPorts.roundTrip.peers.NIC1/1: 'peer.example' is not an IPv4 or IPv6 address",
        roundTripError("peers: {NIC1/1: peer.example}"));
    assertEquals(
        "dataPorts.roundTrip.peers.NIC1/1: '2001:db8:::1' is not an IPv4 or IPv6 address",
        roundTripError("peers: {NIC1/1: \"2001:db8:::1\"}"));
    assertEquals(
        "dataPorts.roundTrip.peers: 'NIC1' is not a port named <adapter>/<port>, such as NIC1/1",
        roundTripError("peers: {NIC1: 192.0.2.1}"));
    assertEquals(
        "dataPorts.roundTrip.interval must lie between 1s and 1h, not 500ms",
        roundTripError("interval: 500ms"));
    assertEquals(
        "dataPorts.roundTrip.count must lie between 1 and 100, not 101",
        roundTripError("count: 101"));
    assertEquals(
        "dataPorts.roundTrip.warnAboveMicroseconds must lie between 1 and 1000000, not 0",
        roundTripError("warnAboveMicroseconds: 0"));
  }

  private String roundTripError(String line) throws Exception {
    Path file = write("dataPorts:\n  roundTrip:\n    " + line + "\n");
    return assertThrows(ConfigException.class, () -> ConfigFile.apply(AgentConfig.defaults(), file))
        .getMessage()
        .replaceFirst("^configuration file \\S+, line \\d+: ", "");
  }

  @Test
  void a_bad_poll_interval_is_named() throws Exception {
    var e =
        assertThrows(
            ConfigException.class,
            () ->
                ConfigFile.apply(
                    AgentConfig.defaults(), write("switches:\n  pollInterval: often\n")));
    assertTrue(
        e.getMessage().contains("switches.pollInterval: 'often' is not a duration"),
        e.getMessage());
    var tooFast =
        assertThrows(
            ConfigException.class,
            () ->
                ConfigFile.apply(
                    AgentConfig.defaults(), write("switches:\n  pollInterval: 1ms\n")));
    assertTrue(tooFast.getMessage().contains("between 50ms and 10m"), tooFast.getMessage());
  }

  @Test
  void an_empty_file_keeps_the_defaults() throws Exception {
    assertEquals(AgentConfig.defaults(), ConfigFile.apply(AgentConfig.defaults(), write("")));
  }

  @Test
  void an_unknown_key_is_named() throws Exception {
    var e =
        assertThrows(
            ConfigException.class,
            () -> ConfigFile.apply(AgentConfig.defaults(), write("hardware:\n  mdoe: real\n")));
    assertTrue(
        e.getMessage()
            .contains("unknown key 'hardware.mdoe'; hardware takes: board, mode, topology"),
        e.getMessage());
  }

  @Test
  void a_bad_mode_is_named() throws Exception {
    var e =
        assertThrows(
            ConfigException.class,
            () -> ConfigFile.apply(AgentConfig.defaults(), write("hardware:\n  mode: fake\n")));
    assertTrue(
        e.getMessage().contains("hardware.mode: 'fake' is not one of: simulated, real"),
        e.getMessage());
  }

  @Test
  void a_bad_listen_address_is_named() throws Exception {
    var e =
        assertThrows(
            ConfigException.class,
            () -> ConfigFile.apply(AgentConfig.defaults(), write("listen: x\n")));
    assertTrue(
        e.getMessage().contains("listen: listen address 'x' is not HOST:PORT"), e.getMessage());
  }

  @Test
  void a_wrong_type_is_named_with_its_line() throws Exception {
    var e =
        assertThrows(
            ConfigException.class,
            () ->
                ConfigFile.apply(AgentConfig.defaults(), write("stateDir: s\nhardware: [1, 2]\n")));
    assertTrue(
        e.getMessage()
            .contains(
                "line 2: hardware: expected a mapping of keys (key: value lines), found a list"),
        e.getMessage());
  }

  @Test
  void a_certificate_without_its_key_is_refused() throws Exception {
    var e =
        assertThrows(
            ConfigException.class,
            () -> ConfigFile.apply(AgentConfig.defaults(), write("tls:\n  certificate: c.pem\n")));
    assertTrue(e.getMessage().contains("must be given together"), e.getMessage());
  }

  @Test
  void a_missing_file_and_broken_yaml_are_reported() throws Exception {
    var missing =
        assertThrows(
            ConfigException.class,
            () -> ConfigFile.apply(AgentConfig.defaults(), dir.resolve("nope.yaml")));
    assertTrue(missing.getMessage().contains("does not exist"), missing.getMessage());
    var broken =
        assertThrows(
            ConfigException.class,
            () -> ConfigFile.apply(AgentConfig.defaults(), write("listen: 'unterminated\n")));
    assertTrue(broken.getMessage().contains("not valid YAML"), broken.getMessage());
  }

  @Test
  void the_roce_profile_is_read_key_by_key_over_the_defaults() throws Exception {
    AgentConfig config =
        ConfigFile.apply(
            AgentConfig.defaults(),
            write(
                """
                dataPorts:
                  roce:
                    mode: lossy
                    mtu: 4200
                    roceDscp: 24
                    ecnMinKB: 100
                    ecnMaxKB: 1000
                    checkInterval: 30s
                """));
    RoceSettings roce = config.dataPorts().roce();
    assertEquals(io.gpuchassis.agent.config.RoceMode.LOSSY, roce.profile().mode());
    assertEquals(4200, roce.profile().mtu());
    assertEquals(24, roce.profile().roceDscp());
    assertEquals(3, roce.profile().rocePriority(), "the default where the file says nothing");
    assertEquals(100_000, roce.profile().ecnMinBytes());
    assertEquals(1_000_000, roce.profile().ecnMaxBytes());
    assertEquals(java.time.Duration.ofSeconds(30), roce.checkInterval());
    assertEquals(DataPortSettings.DEFAULT.sampleInterval(), config.dataPorts().sampleInterval());
    assertEquals(RoceSettings.DEFAULT, AgentConfig.defaults().dataPorts().roce());
  }

  @Test
  void a_bad_roce_value_is_named_with_its_key_line_and_range() throws Exception {
    String mtu = roceError("dataPorts:\n  roce:\n    mode: lossless\n    mtu: 10000\n");
    assertTrue(
        mtu.contains(", line 4: dataPorts.roce.mtu must lie between 1280 and 9216, got 10000"),
        mtu);
    String prio = roceError("dataPorts:\n  roce:\n    rocePriority: 8\n    cnpDscp: 64\n");
    assertTrue(
        prio.contains("line 3: dataPorts.roce.rocePriority must lie between 0 and 7, got 8"), prio);
    assertTrue(prio.contains("dataPorts.roce.cnpDscp must lie between 0 and 63, got 64"), prio);
    String ecn = roceError("dataPorts:\n  roce:\n    ecnMinKB: 1500\n    ecnMaxKB: 150\n");
    assertTrue(
        ecn.contains("dataPorts.roce.ecnMinKB and ecnMaxKB must satisfy 1 <= min < max"), ecn);
    String mode = roceError("dataPorts:\n  roce:\n    mode: semi-lossless\n");
    assertTrue(
        mode.contains("line 3: dataPorts.roce.mode: 'semi-lossless' is not a RoCE mode"), mode);
    String interval = roceError("dataPorts:\n  roce:\n    checkInterval: 2h\n");
    assertTrue(
        interval.contains("dataPorts.roce.checkInterval must lie between 100ms and 1h, not 2h"),
        interval);
  }

  private String roceError(String yaml) throws Exception {
    Path file = write(yaml);
    return assertThrows(ConfigException.class, () -> ConfigFile.apply(AgentConfig.defaults(), file))
        .getMessage();
  }
}

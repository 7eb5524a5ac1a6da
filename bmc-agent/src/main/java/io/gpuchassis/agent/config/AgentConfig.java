package io.gpuchassis.agent.config;

import io.gpuchassis.switchdrv.FirmwareVersion;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * The agent's settings after defaults, the configuration file and command-line options have been
 * merged (in that order of precedence, the last wins).
 *
 * @param listen where the HTTPS server listens
 * @param stateDir where the database, the generated certificate and other persistent state live
 * @param hardwareMode simulated or real hardware
 * @param board the board description file; empty means the embedded reference board (simulated mode
 *     only)
 * @param tlsCertificate a PEM certificate chain replacing the generated self-signed one (with
 *     {@code tlsPrivateKey})
 * @param tlsPrivateKey the PEM private key of {@code tlsCertificate}
 * @param dataPorts how the chassis's data-path ports are sampled
 * @param switchPollInterval how often each switch is polled for link state and error counters
 * @param simulation how the simulated chassis runs (speed, and an external switch simulator if any)
 * @param sensors how the chassis sensors are judged (when a frozen reading counts as invalid)
 * @param firmwareTrustedKeys the folder of public keys whose signatures firmware bundles must
 *     carry; empty means {@code <stateDir>/firmware/trusted-keys}
 * @param switchLowestSupportedVersion the oldest switch firmware an update may install without
 *     {@code ForceUpdate}; empty means any
 * @param selfUpdate how the agent updates itself
 * @param http the HTTPS server's limits
 * @param authentication how logins, sessions and accounts are limited
 * @param outbound where the agent may connect for clients, and the limits of event streams and
 *     subscriptions
 * @param console the technician's consoles
 * @param logging how much the agent logs (the one part reloaded on SIGHUP)
 * @param composition when a host's GPU may be released
 * @param sunfish the OpenFabrics Sunfish core the agent registers with, if any
 */
public record AgentConfig(
    ListenAddress listen,
    Path stateDir,
    HardwareMode hardwareMode,
    Optional<Path> board,
    Optional<Path> tlsCertificate,
    Optional<Path> tlsPrivateKey,
    Duration switchPollInterval,
    SimulationSettings simulation,
    SensorSettings sensors,
    Optional<Path> firmwareTrustedKeys,
    Optional<FirmwareVersion> switchLowestSupportedVersion,
    SelfUpdateSettings selfUpdate,
    HttpLimits http,
    AuthenticationLimits authentication,
    OutboundPolicy outbound,
    ConsoleSettings console,
    LogSettings logging,
    SyslogSettings syslog,
    Optional<Path> metricsTokenFile,
    CompositionSettings composition,
    SunfishSettings sunfish,
    DataPortSettings dataPorts) {

  public static final ListenAddress DEFAULT_LISTEN = new ListenAddress("127.0.0.1", 8443);
  public static final Path DEFAULT_STATE_DIR = Path.of("bmc-agent-state");
  public static final Duration DEFAULT_SWITCH_POLL_INTERVAL = Duration.ofSeconds(1);

  public AgentConfig {
    if (tlsCertificate.isPresent() != tlsPrivateKey.isPresent()) {
      throw ConfigException.at("tls", "tls.certificate and tls.privateKey must be given together");
    }
    Durations.requireWithin(
        "switches.pollInterval", switchPollInterval, Duration.ofMillis(50), Duration.ofMinutes(10));
    if (composition.answerWithin().compareTo(http.requestTimeout()) >= 0) {
      throw ConfigException.at(
          "composition.answerWithin",
          "composition.answerWithin ("
              + composition.answerWithin()
              + ") must be shorter than http.requestTimeout ("
              + http.requestTimeout()
              + "): a composition would time out before it is answered");
    }
  }

  public static AgentConfig defaults() {
    return new AgentConfig(
        DEFAULT_LISTEN,
        DEFAULT_STATE_DIR,
        HardwareMode.SIMULATED,
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        DEFAULT_SWITCH_POLL_INTERVAL,
        SimulationSettings.DEFAULT,
        SensorSettings.DEFAULT,
        Optional.empty(),
        Optional.empty(),
        SelfUpdateSettings.DEFAULT,
        HttpLimits.DEFAULT,
        AuthenticationLimits.DEFAULT,
        OutboundPolicy.DEFAULT,
        ConsoleSettings.DEFAULTS,
        LogSettings.DEFAULT,
        SyslogSettings.NONE,
        Optional.empty(),
        CompositionSettings.DEFAULT,
        SunfishSettings.NONE,
        DataPortSettings.DEFAULT);
  }

  public AgentConfig withListen(ListenAddress value) {
    return new AgentConfig(
        value,
        stateDir,
        hardwareMode,
        board,
        tlsCertificate,
        tlsPrivateKey,
        switchPollInterval,
        simulation,
        sensors,
        firmwareTrustedKeys,
        switchLowestSupportedVersion,
        selfUpdate,
        http,
        authentication,
        outbound,
        console,
        logging,
        syslog,
        metricsTokenFile,
        composition,
        sunfish,
        dataPorts);
  }

  public AgentConfig withStateDir(Path value) {
    return new AgentConfig(
        listen,
        value,
        hardwareMode,
        board,
        tlsCertificate,
        tlsPrivateKey,
        switchPollInterval,
        simulation,
        sensors,
        firmwareTrustedKeys,
        switchLowestSupportedVersion,
        selfUpdate,
        http,
        authentication,
        outbound,
        console,
        logging,
        syslog,
        metricsTokenFile,
        composition,
        sunfish,
        dataPorts);
  }

  public AgentConfig withHardwareMode(HardwareMode value) {
    return new AgentConfig(
        listen,
        stateDir,
        value,
        board,
        tlsCertificate,
        tlsPrivateKey,
        switchPollInterval,
        simulation,
        sensors,
        firmwareTrustedKeys,
        switchLowestSupportedVersion,
        selfUpdate,
        http,
        authentication,
        outbound,
        console,
        logging,
        syslog,
        metricsTokenFile,
        composition,
        sunfish,
        dataPorts);
  }

  public AgentConfig withBoard(Path value) {
    return new AgentConfig(
        listen,
        stateDir,
        hardwareMode,
        Optional.of(value),
        tlsCertificate,
        tlsPrivateKey,
        switchPollInterval,
        simulation,
        sensors,
        firmwareTrustedKeys,
        switchLowestSupportedVersion,
        selfUpdate,
        http,
        authentication,
        outbound,
        console,
        logging,
        syslog,
        metricsTokenFile,
        composition,
        sunfish,
        dataPorts);
  }

  public AgentConfig withSwitchPollInterval(Duration value) {
    return new AgentConfig(
        listen,
        stateDir,
        hardwareMode,
        board,
        tlsCertificate,
        tlsPrivateKey,
        value,
        simulation,
        sensors,
        firmwareTrustedKeys,
        switchLowestSupportedVersion,
        selfUpdate,
        http,
        authentication,
        outbound,
        console,
        logging,
        syslog,
        metricsTokenFile,
        composition,
        sunfish,
        dataPorts);
  }

  public AgentConfig withSimulationSpeed(SimulationSpeed value) {
    return withSimulation(simulation.withSpeed(value));
  }

  public AgentConfig withSimulation(SimulationSettings value) {
    return new AgentConfig(
        listen,
        stateDir,
        hardwareMode,
        board,
        tlsCertificate,
        tlsPrivateKey,
        switchPollInterval,
        value,
        sensors,
        firmwareTrustedKeys,
        switchLowestSupportedVersion,
        selfUpdate,
        http,
        authentication,
        outbound,
        console,
        logging,
        syslog,
        metricsTokenFile,
        composition,
        sunfish,
        dataPorts);
  }

  public AgentConfig withSensors(SensorSettings value) {
    return new AgentConfig(
        listen,
        stateDir,
        hardwareMode,
        board,
        tlsCertificate,
        tlsPrivateKey,
        switchPollInterval,
        simulation,
        value,
        firmwareTrustedKeys,
        switchLowestSupportedVersion,
        selfUpdate,
        http,
        authentication,
        outbound,
        console,
        logging,
        syslog,
        metricsTokenFile,
        composition,
        sunfish,
        dataPorts);
  }

  public AgentConfig withFirmwareTrustedKeys(Path value) {
    return new AgentConfig(
        listen,
        stateDir,
        hardwareMode,
        board,
        tlsCertificate,
        tlsPrivateKey,
        switchPollInterval,
        simulation,
        sensors,
        Optional.of(value),
        switchLowestSupportedVersion,
        selfUpdate,
        http,
        authentication,
        outbound,
        console,
        logging,
        syslog,
        metricsTokenFile,
        composition,
        sunfish,
        dataPorts);
  }

  public AgentConfig withSwitchLowestSupportedVersion(FirmwareVersion value) {
    return new AgentConfig(
        listen,
        stateDir,
        hardwareMode,
        board,
        tlsCertificate,
        tlsPrivateKey,
        switchPollInterval,
        simulation,
        sensors,
        firmwareTrustedKeys,
        Optional.of(value),
        selfUpdate,
        http,
        authentication,
        outbound,
        console,
        logging,
        syslog,
        metricsTokenFile,
        composition,
        sunfish,
        dataPorts);
  }

  public AgentConfig withHttp(HttpLimits value) {
    return new AgentConfig(
        listen,
        stateDir,
        hardwareMode,
        board,
        tlsCertificate,
        tlsPrivateKey,
        switchPollInterval,
        simulation,
        sensors,
        firmwareTrustedKeys,
        switchLowestSupportedVersion,
        selfUpdate,
        value,
        authentication,
        outbound,
        console,
        logging,
        syslog,
        metricsTokenFile,
        composition,
        sunfish,
        dataPorts);
  }

  public AgentConfig withAuthentication(AuthenticationLimits value) {
    return new AgentConfig(
        listen,
        stateDir,
        hardwareMode,
        board,
        tlsCertificate,
        tlsPrivateKey,
        switchPollInterval,
        simulation,
        sensors,
        firmwareTrustedKeys,
        switchLowestSupportedVersion,
        selfUpdate,
        http,
        value,
        outbound,
        console,
        logging,
        syslog,
        metricsTokenFile,
        composition,
        sunfish,
        dataPorts);
  }

  public AgentConfig withOutbound(OutboundPolicy value) {
    return new AgentConfig(
        listen,
        stateDir,
        hardwareMode,
        board,
        tlsCertificate,
        tlsPrivateKey,
        switchPollInterval,
        simulation,
        sensors,
        firmwareTrustedKeys,
        switchLowestSupportedVersion,
        selfUpdate,
        http,
        authentication,
        value,
        console,
        logging,
        syslog,
        metricsTokenFile,
        composition,
        sunfish,
        dataPorts);
  }

  public AgentConfig withConsole(ConsoleSettings value) {
    return new AgentConfig(
        listen,
        stateDir,
        hardwareMode,
        board,
        tlsCertificate,
        tlsPrivateKey,
        switchPollInterval,
        simulation,
        sensors,
        firmwareTrustedKeys,
        switchLowestSupportedVersion,
        selfUpdate,
        http,
        authentication,
        outbound,
        value,
        logging,
        syslog,
        metricsTokenFile,
        composition,
        sunfish,
        dataPorts);
  }

  public AgentConfig withLogging(LogSettings value) {
    return new AgentConfig(
        listen,
        stateDir,
        hardwareMode,
        board,
        tlsCertificate,
        tlsPrivateKey,
        switchPollInterval,
        simulation,
        sensors,
        firmwareTrustedKeys,
        switchLowestSupportedVersion,
        selfUpdate,
        http,
        authentication,
        outbound,
        console,
        value,
        syslog,
        metricsTokenFile,
        composition,
        sunfish,
        dataPorts);
  }

  /** Where the public keys trusted to sign firmware bundles are. */
  public Path firmwareTrustedKeysDir() {
    return firmwareTrustedKeys.orElse(stateDir.resolve("firmware").resolve("trusted-keys"));
  }

  public SimulationSpeed simulationSpeed() {
    return simulation.speed();
  }

  public AgentConfig withSyslog(SyslogSettings value) {
    return new AgentConfig(
        listen,
        stateDir,
        hardwareMode,
        board,
        tlsCertificate,
        tlsPrivateKey,
        switchPollInterval,
        simulation,
        sensors,
        firmwareTrustedKeys,
        switchLowestSupportedVersion,
        selfUpdate,
        http,
        authentication,
        outbound,
        console,
        logging,
        value,
        metricsTokenFile,
        composition,
        sunfish,
        dataPorts);
  }

  public AgentConfig withMetricsTokenFile(Optional<Path> value) {
    return new AgentConfig(
        listen,
        stateDir,
        hardwareMode,
        board,
        tlsCertificate,
        tlsPrivateKey,
        switchPollInterval,
        simulation,
        sensors,
        firmwareTrustedKeys,
        switchLowestSupportedVersion,
        selfUpdate,
        http,
        authentication,
        outbound,
        console,
        logging,
        syslog,
        value,
        composition,
        sunfish,
        dataPorts);
  }

  public AgentConfig withComposition(CompositionSettings value) {
    return new AgentConfig(
        listen,
        stateDir,
        hardwareMode,
        board,
        tlsCertificate,
        tlsPrivateKey,
        switchPollInterval,
        simulation,
        sensors,
        firmwareTrustedKeys,
        switchLowestSupportedVersion,
        selfUpdate,
        http,
        authentication,
        outbound,
        console,
        logging,
        syslog,
        metricsTokenFile,
        value,
        sunfish,
        dataPorts);
  }

  public AgentConfig withSunfish(SunfishSettings value) {
    return new AgentConfig(
        listen,
        stateDir,
        hardwareMode,
        board,
        tlsCertificate,
        tlsPrivateKey,
        switchPollInterval,
        simulation,
        sensors,
        firmwareTrustedKeys,
        switchLowestSupportedVersion,
        selfUpdate,
        http,
        authentication,
        outbound,
        console,
        logging,
        syslog,
        metricsTokenFile,
        composition,
        value,
        dataPorts);
  }

  public AgentConfig withDataPorts(DataPortSettings value) {
    return new AgentConfig(
        listen,
        stateDir,
        hardwareMode,
        board,
        tlsCertificate,
        tlsPrivateKey,
        switchPollInterval,
        simulation,
        sensors,
        firmwareTrustedKeys,
        switchLowestSupportedVersion,
        selfUpdate,
        http,
        authentication,
        outbound,
        console,
        logging,
        syslog,
        metricsTokenFile,
        composition,
        sunfish,
        value);
  }
}

package io.gpuchassis.agent.config;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.gpuchassis.switchdrv.FirmwareVersion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Reads the YAML configuration file (every key: docs/CONFIGURATION.md). Unknown keys, keys given
 * twice, wrong types and bad values are errors that name the file, the line and the key in plain
 * words, so that a typo never silently falls back to a default. Relative paths are resolved against
 * the file's folder.
 */
public final class ConfigFile {

  private static final ObjectMapper YAML =
      new ObjectMapper(new YAMLFactory())
          .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
          // 1.5 connections is a mistake to report, not to round down
          .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);

  private ConfigFile() {}

  /**
   * Applies the settings of {@code file} on top of {@code base}.
   *
   * @throws ConfigException naming the file, and the line and key where known, of the first problem
   *     found
   */
  public static AgentConfig apply(AgentConfig base, Path file) {
    byte[] content = read(file);
    KeyLines lines;
    try {
      lines = KeyLines.scan(content);
    } catch (ConfigException e) {
      throw located(file, e.line(), e);
    }
    try {
      return merge(base, file.toAbsolutePath().getParent(), bind(content, lines));
    } catch (ConfigException e) {
      throw located(file, e.line() > 0 ? e.line() : e.key().map(lines::lineOf).orElse(0), e);
    }
  }

  /** {@code e} prefixed with where it was found: {@code configuration file F, line N: ...}. */
  private static ConfigException located(Path file, int line, ConfigException e) {
    return ConfigException.atLine(
        line,
        e.key().orElse(null),
        "configuration file " + file + (line > 0 ? ", line " + line : "") + ": " + e.getMessage(),
        e);
  }

  private static byte[] read(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new ConfigException("configuration file " + file + " does not exist");
    } catch (IOException e) {
      throw new ConfigException(
          "configuration file " + file + " cannot be read: " + e.getMessage(), e);
    }
  }

  private static Document bind(byte[] content, KeyLines lines) {
    if (lines.empty()) {
      return Document.EMPTY;
    }
    try {
      Document doc = YAML.readValue(content, Document.class);
      return doc == null ? Document.EMPTY : doc;
    } catch (JsonMappingException e) {
      throw Problems.of(e, lines);
    } catch (StreamReadException e) {
      int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
      throw ConfigException.atLine(line, null, "not valid YAML: " + e.getOriginalMessage(), e);
    } catch (IOException e) {
      throw new ConfigException("cannot be read: " + e.getMessage(), e);
    }
  }

  private static AgentConfig merge(AgentConfig base, Path folder, Document doc) {
    AgentConfig config = base;
    if (doc.listen != null) {
      config = config.withListen(keyed("listen", () -> ListenAddress.parse(doc.listen)));
    }
    if (doc.stateDir != null) {
      config = config.withStateDir(folder.resolve(doc.stateDir));
    }
    HardwareMode mode = config.hardwareMode();
    Optional<Path> board = config.board();
    if (doc.hardware != null) {
      if (doc.hardware.mode != null) {
        mode = keyed("hardware.mode", () -> parseMode(doc.hardware.mode));
      }
      if (doc.hardware.board != null && doc.hardware.topology != null) {
        throw ConfigException.at(
            "hardware.topology",
            "hardware.board and hardware.topology (its old name) name the"
                + " same file; give only hardware.board");
      }
      String named = doc.hardware.board != null ? doc.hardware.board : doc.hardware.topology;
      if (named != null) {
        board = Optional.of(folder.resolve(named));
      }
    }
    Optional<Path> certificate = config.tlsCertificate();
    Optional<Path> key = config.tlsPrivateKey();
    if (doc.tls != null) {
      certificate = Optional.ofNullable(doc.tls.certificate).map(folder::resolve);
      key = Optional.ofNullable(doc.tls.privateKey).map(folder::resolve);
    }
    Duration pollInterval = config.switchPollInterval();
    if (doc.switches != null && doc.switches.pollInterval != null) {
      pollInterval = Durations.parse("switches.pollInterval", doc.switches.pollInterval);
    }
    SimulationSettings simulation = config.simulation();
    if (doc.simulation != null && doc.simulation.speed != null) {
      simulation =
          simulation.withSpeed(keyed("simulation.speed", () -> parseSpeed(doc.simulation.speed)));
    }
    if (doc.simulation != null && doc.simulation.switchSimulator != null) {
      simulation =
          simulation.withSwitchSimulator(
              keyed(
                  "simulation.switchSimulator",
                  () -> ListenAddress.parse(doc.simulation.switchSimulator)));
    }
    SensorSettings sensors = config.sensors();
    if (doc.sensors != null && doc.sensors.stuckAfterSamples != null) {
      sensors = new SensorSettings(doc.sensors.stuckAfterSamples);
    }
    Optional<Path> trustedKeys = config.firmwareTrustedKeys();
    if (doc.firmware != null && doc.firmware.trustedKeys != null) {
      trustedKeys = Optional.of(folder.resolve(doc.firmware.trustedKeys));
    }
    Optional<FirmwareVersion> switchLowest = config.switchLowestSupportedVersion();
    if (doc.firmware != null && doc.firmware.switchLowestSupportedVersion != null) {
      String text = doc.firmware.switchLowestSupportedVersion;
      switchLowest =
          Optional.of(
              keyed("firmware.switchLowestSupportedVersion", () -> switchFirmwareVersion(text)));
    }
    SelfUpdateSettings selfUpdate = selfUpdate(doc.firmware, config.selfUpdate());
    HttpLimits http = doc.http != null ? doc.http : config.http();
    AuthenticationLimits authentication =
        doc.authentication != null ? doc.authentication : config.authentication();
    OutboundPolicy outbound = doc.outbound != null ? doc.outbound : config.outbound();
    ConsoleSettings console =
        doc.console != null ? doc.console.over(config.console()) : config.console();
    LogSettings logging =
        doc.logging != null
            ? LogSettings.fromFile(config.logging(), doc.logging.level, doc.logging.levels)
            : config.logging();
    return new AgentConfig(
        config.listen(),
        config.stateDir(),
        mode,
        board,
        certificate,
        key,
        pollInterval,
        simulation,
        sensors,
        trustedKeys,
        switchLowest,
        selfUpdate,
        http,
        authentication,
        outbound,
        console,
        logging,
        doc.syslog != null ? doc.syslog.over(config.syslog(), folder) : config.syslog(),
        doc.metrics != null && doc.metrics.tokenFile != null
            ? Optional.of(folder.resolve(doc.metrics.tokenFile))
            : config.metricsTokenFile(),
        doc.composition != null ? doc.composition : config.composition(),
        doc.sunfish != null ? doc.sunfish.over(folder) : config.sunfish(),
        dataPorts(doc.dataPorts, config.dataPorts()));
  }

  /** The data-path ports' settings: the file's over {@code base}. */
  private static DataPortSettings dataPorts(DataPorts doc, DataPortSettings base) {
    if (doc == null) {
      return base;
    }
    Duration sample =
        doc.sampleInterval != null
            ? Durations.parse("dataPorts.sampleInterval", doc.sampleInterval)
            : base.sampleInterval();
    Duration inventory =
        doc.inventoryInterval != null
            ? Durations.parse("dataPorts.inventoryInterval", doc.inventoryInterval)
            : base.inventoryInterval();
    RoceSettings roce = doc.roce != null ? roce(doc.roce, base.roce()) : base.roce();
    RoundTripSettings roundTrip =
        doc.roundTrip != null ? roundTrip(doc.roundTrip, base.roundTrip()) : base.roundTrip();
    return new DataPortSettings(sample, inventory, roce, roundTrip);
  }

  /** The round-trip probe: each key the file gives over {@code base}'s. */
  private static RoundTripSettings roundTrip(RoundTrip doc, RoundTripSettings base) {
    return new RoundTripSettings(
        doc.peers != null ? doc.peers : base.peers(),
        doc.interval != null
            ? Durations.parse("dataPorts.roundTrip.interval", doc.interval)
            : base.interval(),
        doc.count != null ? doc.count : base.count(),
        doc.warnAboveMicroseconds != null
            ? doc.warnAboveMicroseconds
            : base.warnAboveMicroseconds());
  }

  /** The RoCE profile: each key the file gives over {@code base}'s, checked as a whole. */
  private static RoceSettings roce(Roce doc, RoceSettings base) {
    RoceProfile b = base.profile();
    RoceMode mode =
        doc.mode != null
            ? keyed(
                "dataPorts.roce.mode",
                () -> {
                  try {
                    return RoceMode.parse(doc.mode);
                  } catch (IllegalArgumentException e) {
                    throw new ConfigException(e.getMessage());
                  }
                })
            : b.mode();
    Duration check =
        doc.checkInterval != null
            ? Durations.parse("dataPorts.roce.checkInterval", doc.checkInterval)
            : base.checkInterval();
    RoceProfile profile;
    try {
      profile =
          new RoceProfile(
              mode,
              doc.mtu != null ? doc.mtu : b.mtu(),
              doc.rocePriority != null ? doc.rocePriority : b.rocePriority(),
              doc.roceDscp != null ? doc.roceDscp : b.roceDscp(),
              doc.cnpPriority != null ? doc.cnpPriority : b.cnpPriority(),
              doc.cnpDscp != null ? doc.cnpDscp : b.cnpDscp(),
              doc.ecnMinKB != null ? kilobytes(doc.ecnMinKB) : b.ecnMinBytes(),
              doc.ecnMaxKB != null ? kilobytes(doc.ecnMaxKB) : b.ecnMaxBytes());
    } catch (IllegalArgumentException e) {
      // each problem begins with its key: located at the first one, every one named in full
      List<String> problems =
          java.util.Arrays.stream(e.getMessage().split("; "))
              .map(p -> "dataPorts.roce." + p)
              .toList();
      String first = problems.get(0);
      throw ConfigException.at(first.substring(0, first.indexOf(' ')), String.join("; ", problems));
    }
    return new RoceSettings(profile, check);
  }

  /** KB as switch vendors write ECN thresholds: 1000 bytes (150 KB is Cumulus's 150000). */
  private static int kilobytes(int kb) {
    return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, kb * 1000L));
  }

  /** The agent's own update settings: the file's over {@code base}. */
  private static SelfUpdateSettings selfUpdate(Firmware firmware, SelfUpdateSettings base) {
    if (firmware == null) {
      return base;
    }
    Optional<String> lowest =
        firmware.agentLowestSupportedVersion != null
            ? Optional.of(firmware.agentLowestSupportedVersion)
            : base.lowestSupportedVersion();
    Duration deadline =
        firmware.agentTrialDeadline != null
            ? Durations.parse("firmware.agentTrialDeadline", firmware.agentTrialDeadline)
            : base.trialDeadline();
    return keyed("firmware", () -> new SelfUpdateSettings(lowest, deadline));
  }

  private static FirmwareVersion switchFirmwareVersion(String text) {
    try {
      return FirmwareVersion.parse(text);
    } catch (IllegalArgumentException e) {
      throw new ConfigException(
          "'"
              + text
              + "' is not a switch firmware version as the chips print it, e.g. '9.20 B04A'");
    }
  }

  private static SimulationSpeed parseSpeed(String text) {
    try {
      return SimulationSpeed.valueOf(text.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new ConfigException("'" + text + "' is not one of: realistic, fast");
    }
  }

  private static HardwareMode parseMode(String text) {
    try {
      return HardwareMode.valueOf(text.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new ConfigException("'" + text + "' is not one of: simulated, real");
    }
  }

  /** {@code parse}'s value; a problem that names no key is given {@code key}. */
  private static <T> T keyed(String key, Supplier<T> parse) {
    try {
      return parse.get();
    } catch (ConfigException e) {
      if (e.key().isPresent()) {
        throw e;
      }
      throw ConfigException.at(key, key + ": " + e.getMessage(), e);
    }
  }

  /**
   * The file's shape; every key is optional. docs/CONFIGURATION.md documents each (a test holds
   * this).
   */
  record Document(
      @JsonProperty("listen") String listen,
      @JsonProperty("stateDir") String stateDir,
      @JsonProperty("hardware") Hardware hardware,
      @JsonProperty("tls") Tls tls,
      @JsonProperty("switches") Switches switches,
      @JsonProperty("simulation") Simulation simulation,
      @JsonProperty("sensors") Sensors sensors,
      @JsonProperty("firmware") Firmware firmware,
      @JsonProperty("http") HttpLimits http,
      @JsonProperty("authentication") AuthenticationLimits authentication,
      @JsonProperty("outbound") OutboundPolicy outbound,
      @JsonProperty("console") Console console,
      @JsonProperty("logging") Logging logging,
      @JsonProperty("syslog") Syslog syslog,
      @JsonProperty("metrics") Metrics metrics,
      @JsonProperty("composition") CompositionSettings composition,
      @JsonProperty("sunfish") Sunfish sunfish,
      @JsonProperty("dataPorts") DataPorts dataPorts) {
    static final Document EMPTY =
        new Document(
            null, null, null, null, null, null, null, null, null, null, null, null, null, null,
            null, null, null, null);

    @JsonCreator
    Document {}
  }

  record Console(
      @JsonProperty("devices") List<String> devices,
      @JsonProperty("baud") Integer baud,
      @JsonProperty("idleTimeout") String idleTimeout,
      @JsonProperty("loginTimeout") String loginTimeout) {
    @JsonCreator
    Console {}

    ConsoleSettings over(ConsoleSettings base) {
      return new ConsoleSettings(
          devices != null ? Optional.of(devices) : base.devices(),
          baud != null ? baud : base.baud(),
          idleTimeout != null
              ? Durations.parse("console.idleTimeout", idleTimeout)
              : base.idleTimeout(),
          loginTimeout != null
              ? Durations.parse("console.loginTimeout", loginTimeout)
              : base.loginTimeout());
    }
  }

  /** The {@code sunfish} section: the core to register with (required in it). */
  record Sunfish(
      @JsonProperty("core") String core,
      @JsonProperty("agentUrl") String agentUrl,
      @JsonProperty("coreAuthority") String coreAuthority) {
    @JsonCreator
    Sunfish {}

    SunfishSettings over(Path folder) {
      if (core == null) {
        throw ConfigException.at(
            "sunfish.core", "sunfish.core is missing: the URL of the core's EventListener");
      }
      return new SunfishSettings(
          Optional.of(SunfishSettings.url("sunfish.core", core)),
          Optional.ofNullable(agentUrl).map(u -> SunfishSettings.url("sunfish.agentUrl", u)),
          Optional.ofNullable(coreAuthority).map(folder::resolve));
    }
  }

  record Metrics(@JsonProperty("tokenFile") String tokenFile) {
    @JsonCreator
    Metrics {}
  }

  record Syslog(
      @JsonProperty("destination") String destination,
      @JsonProperty("protocol") String protocol,
      @JsonProperty("lowestSeverity") String lowestSeverity,
      @JsonProperty("facility") String facility,
      @JsonProperty("caFile") String caFile) {
    @JsonCreator
    Syslog {}

    SyslogSettings over(SyslogSettings base, Path folder) {
      java.util.Optional<java.net.URI> uri = base.destination();
      if (destination != null) {
        try {
          uri =
              destination.isBlank()
                  ? java.util.Optional.empty()
                  : java.util.Optional.of(new java.net.URI(destination));
        } catch (java.net.URISyntaxException e) {
          throw ConfigException.at(
              "syslog.destination", "syslog.destination is not a URI: " + e.getMessage());
        }
      }
      return new SyslogSettings(
          uri,
          protocol != null ? protocol : base.protocol(),
          lowestSeverity != null
              ? SyslogSettings.canonical(lowestSeverity, SyslogSettings.SEVERITIES)
              : base.lowestSeverity(),
          facility != null
              ? SyslogSettings.canonical(facility, SyslogSettings.FACILITIES)
              : base.facility(),
          caFile != null ? java.util.Optional.of(folder.resolve(caFile)) : base.caFile());
    }
  }

  record Logging(
      @JsonProperty("level") String level, @JsonProperty("levels") Map<String, String> levels) {
    @JsonCreator
    Logging {}
  }

  record Firmware(
      @JsonProperty("trustedKeys") String trustedKeys,
      @JsonProperty("switchLowestSupportedVersion") String switchLowestSupportedVersion,
      @JsonProperty("agentLowestSupportedVersion") String agentLowestSupportedVersion,
      @JsonProperty("agentTrialDeadline") String agentTrialDeadline) {
    @JsonCreator
    Firmware {}
  }

  record Sensors(@JsonProperty("stuckAfterSamples") Integer stuckAfterSamples) {
    @JsonCreator
    Sensors {}
  }

  record Simulation(
      @JsonProperty("speed") String speed,
      @JsonProperty("switchSimulator") String switchSimulator) {
    @JsonCreator
    Simulation {}
  }

  record DataPorts(
      @JsonProperty("sampleInterval") String sampleInterval,
      @JsonProperty("inventoryInterval") String inventoryInterval,
      @JsonProperty("roce") Roce roce,
      @JsonProperty("roundTrip") RoundTrip roundTrip) {
    @JsonCreator
    DataPorts {}
  }

  record RoundTrip(
      @JsonProperty("peers") java.util.LinkedHashMap<String, String> peers,
      @JsonProperty("interval") String interval,
      @JsonProperty("count") Integer count,
      @JsonProperty("warnAboveMicroseconds") Long warnAboveMicroseconds) {
    @JsonCreator
    RoundTrip {}
  }

  record Roce(
      @JsonProperty("mode") String mode,
      @JsonProperty("mtu") Integer mtu,
      @JsonProperty("rocePriority") Integer rocePriority,
      @JsonProperty("roceDscp") Integer roceDscp,
      @JsonProperty("cnpPriority") Integer cnpPriority,
      @JsonProperty("cnpDscp") Integer cnpDscp,
      @JsonProperty("ecnMinKB") Integer ecnMinKB,
      @JsonProperty("ecnMaxKB") Integer ecnMaxKB,
      @JsonProperty("checkInterval") String checkInterval) {
    @JsonCreator
    Roce {}
  }

  record Switches(@JsonProperty("pollInterval") String pollInterval) {
    @JsonCreator
    Switches {}
  }

  record Hardware(
      @JsonProperty("mode") String mode,
      @JsonProperty("board") String board,
      @JsonProperty("topology") String topology) {
    @JsonCreator
    Hardware {}
  }

  record Tls(
      @JsonProperty("certificate") String certificate,
      @JsonProperty("privateKey") String privateKey) {
    @JsonCreator
    Tls {}
  }
}

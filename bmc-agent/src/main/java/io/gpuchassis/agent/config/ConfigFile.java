package io.gpuchassis.agent.config;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Reads the YAML configuration file (format in README.md). Unknown keys and wrong types are errors that name the key,
 * so that a typo never silently falls back to a default. Relative paths are resolved against the file's folder.
 */
public final class ConfigFile {

  private static final ObjectMapper YAML =
      new ObjectMapper(new YAMLFactory())
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

  private ConfigFile() {}

  /** Applies the settings of {@code file} on top of {@code base}. */
  public static AgentConfig apply(AgentConfig base, Path file) {
    Document doc = read(file);
    Path folder = file.toAbsolutePath().getParent();
    AgentConfig config = base;
    if (doc.listen != null) {
      config = config.withListen(named(file, "listen", () -> ListenAddress.parse(doc.listen)));
    }
    if (doc.stateDir != null) {
      config = config.withStateDir(folder.resolve(doc.stateDir));
    }
    HardwareMode mode = config.hardwareMode();
    Optional<Path> board = config.board();
    if (doc.hardware != null) {
      if (doc.hardware.mode != null) {
        mode = named(file, "hardware.mode", () -> parseMode(doc.hardware.mode));
      }
      if (doc.hardware.board != null && doc.hardware.topology != null) {
        throw new ConfigException("configuration file " + file + ": hardware.board and hardware.topology (its old"
            + " name) name the same file; give only hardware.board");
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
    java.time.Duration pollInterval = config.switchPollInterval();
    if (doc.switches != null && doc.switches.pollInterval != null) {
      pollInterval = named(file, "switches.pollInterval", () -> Durations.parse(doc.switches.pollInterval));
    }
    java.time.Duration finalPollInterval = pollInterval;
    SimulationSettings simulation = config.simulation();
    if (doc.simulation != null && doc.simulation.speed != null) {
      SimulationSpeed speed = named(file, "simulation.speed", () -> parseSpeed(doc.simulation.speed));
      simulation = simulation.withSpeed(speed);
    }
    if (doc.simulation != null && doc.simulation.switchSimulator != null) {
      ListenAddress address =
          named(file, "simulation.switchSimulator", () -> ListenAddress.parse(doc.simulation.switchSimulator));
      simulation = simulation.withSwitchSimulator(address);
    }
    SimulationSettings finalSimulation = simulation;
    SensorSettings sensors = config.sensors();
    if (doc.sensors != null && doc.sensors.stuckAfterSamples != null) {
      sensors = named(file, "settings", () -> new SensorSettings(doc.sensors.stuckAfterSamples));
    }
    SensorSettings finalSensors = sensors;
    Optional<Path> trustedKeys = config.firmwareTrustedKeys();
    if (doc.firmware != null && doc.firmware.trustedKeys != null) {
      trustedKeys = Optional.of(folder.resolve(doc.firmware.trustedKeys));
    }
    Optional<Path> finalTrustedKeys = trustedKeys;
    HttpLimits http = doc.http != null ? doc.http : config.http();
    AuthenticationLimits authentication = doc.authentication != null ? doc.authentication : config.authentication();
    OutboundPolicy outbound = doc.outbound != null ? doc.outbound : config.outbound();
    ConsoleSettings baseConsole = config.console();
    ConsoleSettings console = doc.console != null ? named(file, "console", () -> doc.console.over(baseConsole))
        : baseConsole;
    Optional<Path> finalCertificate = certificate;
    Optional<Path> finalKey = key;
    HardwareMode finalMode = mode;
    Optional<Path> finalBoard = board;
    AgentConfig merged = config;
    return named(
        file,
        "settings",
        () ->
            new AgentConfig(
                merged.listen(),
                merged.stateDir(),
                finalMode,
                finalBoard,
                finalCertificate,
                finalKey,
                finalPollInterval,
                finalSimulation,
                finalSensors,
                finalTrustedKeys,
                http,
                authentication,
                outbound,
                console));
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

  private static Document read(Path file) {
    try {
      byte[] content = Files.readAllBytes(file);
      if (new String(content, java.nio.charset.StandardCharsets.UTF_8).isBlank()) {
        return new Document(null, null, null, null, null, null, null, null, null, null, null, null);
      }
      Document doc = YAML.readValue(content, Document.class);
      return doc == null ? new Document(null, null, null, null, null, null, null, null, null, null, null, null) : doc;
    } catch (NoSuchFileException e) {
      throw new ConfigException("configuration file " + file + " does not exist");
    } catch (JsonMappingException e) {
      throw new ConfigException("configuration file " + file + ": " + describe(e), e);
    } catch (JsonProcessingException e) {
      throw new ConfigException("configuration file " + file + " is not valid YAML: " + e.getOriginalMessage(), e);
    } catch (IOException e) {
      throw new ConfigException("configuration file " + file + " cannot be read: " + e.getMessage(), e);
    }
  }

  private static String describe(JsonMappingException e) {
    String path =
        e.getPath().stream()
            .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
            .collect(Collectors.joining("."));
    if (e instanceof com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException) {
      return "unknown setting '" + path + "'";
    }
    String where = e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")";
    return "bad value for '" + path + "'" + where + ": " + e.getOriginalMessage();
  }

  private static <T> T named(Path file, String key, java.util.function.Supplier<T> parse) {
    try {
      return parse.get();
    } catch (ConfigException e) {
      throw new ConfigException("configuration file " + file + ": " + key + ": " + e.getMessage(), e);
    }
  }

  /** The file's shape; every key is optional. */
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
      @JsonProperty("console") Console console) {
    @JsonCreator
    Document {}
  }

  record Console(
      @JsonProperty("devices") java.util.List<String> devices,
      @JsonProperty("baud") Integer baud,
      @JsonProperty("idleTimeout") String idleTimeout,
      @JsonProperty("loginTimeout") String loginTimeout) {
    @JsonCreator
    Console {}

    ConsoleSettings over(ConsoleSettings base) {
      return new ConsoleSettings(
          devices != null ? java.util.Optional.of(devices) : base.devices(),
          baud != null ? baud : base.baud(),
          idleTimeout != null ? Durations.parse(idleTimeout) : base.idleTimeout(),
          loginTimeout != null ? Durations.parse(loginTimeout) : base.loginTimeout());
    }
  }

  record Firmware(@JsonProperty("trustedKeys") String trustedKeys) {
    @JsonCreator
    Firmware {}
  }

  record Sensors(@JsonProperty("stuckAfterSamples") Integer stuckAfterSamples) {
    @JsonCreator
    Sensors {}
  }

  record Simulation(
      @JsonProperty("speed") String speed, @JsonProperty("switchSimulator") String switchSimulator) {
    @JsonCreator
    Simulation {}
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

  record Tls(@JsonProperty("certificate") String certificate, @JsonProperty("privateKey") String privateKey) {
    @JsonCreator
    Tls {}
  }
}

package io.gpuchassis.agent.sim.topology;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Reads a topology from a file or classpath resource: parse, build the model, validate. */
final class TopologyLoader {

  private TopologyLoader() {}

  static ChassisTopology fromFile(Path file) {
    String source = file.toString();
    String yaml;
    try {
      yaml = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException | UncheckedIOException e) {
      throw new TopologyException(source, 0, "cannot read the file: " + e.getMessage(), e);
    }
    return fromText(source, yaml);
  }

  static ChassisTopology fromResource(String resource) {
    try (InputStream in = TopologyLoader.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new TopologyException(resource, 0, "no such classpath resource", null);
      }
      return fromText(resource, new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new TopologyException(resource, 0, "cannot read the resource: " + e.getMessage(), e);
    }
  }

  /**
   * Parses and validates topology YAML.
   *
   * @param source file or resource name, used in error messages
   */
  static ChassisTopology fromText(String source, String yaml) {
    ChassisTopology topology = TopologyYamlReader.read(source, yaml).toModel();
    List<String> problems = TopologyValidator.check(topology);
    if (!problems.isEmpty()) {
      throw new TopologyException(source, problems);
    }
    return topology;
  }
}

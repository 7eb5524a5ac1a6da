package io.gpuchassis.agent.board;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalInt;

/** Reads a board description from a file or classpath resource: parse, validate, build. */
final class BoardLoader {

  private BoardLoader() {}

  static BoardDescription fromFile(Path file) {
    String source = file.toString();
    String yaml;
    try {
      yaml = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException | UncheckedIOException e) {
      throw new BoardException(source, fileProblem("cannot read the file: " + e.getMessage()), e);
    }
    return fromText(source, yaml);
  }

  static BoardDescription fromResource(String resource) {
    try (InputStream in = BoardLoader.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new BoardException(resource, fileProblem("no such classpath resource"), null);
      }
      return fromText(resource, new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new BoardException(
          resource, fileProblem("cannot read the resource: " + e.getMessage()), e);
    }
  }

  /**
   * Parses and validates board YAML.
   *
   * @param source file or resource name, used in error messages
   */
  static BoardDescription fromText(String source, String yaml) {
    BoardDocument.Root root = BoardYamlReader.read(source, yaml);
    Problems problems = BoardValidator.check(root);
    if (!problems.isEmpty()) {
      throw new BoardException(source, problems.locatedIn(yaml), null);
    }
    return BoardBuilder.build(source, root);
  }

  private static BoardProblem fileProblem(String detail) {
    return new BoardProblem(OptionalInt.empty(), "", detail);
  }
}

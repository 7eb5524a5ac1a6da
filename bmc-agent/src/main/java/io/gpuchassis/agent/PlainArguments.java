package io.gpuchassis.agent;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The agent's start with only its own options ({@code --listen}, {@code --state-dir}, {@code
 * --config}, {@code --board}/{@code --chassis}, {@code --console}), each once with a value ( {@code
 * --console} any number of times), read without picocli: building picocli's model of the command
 * line by reflection costs about 0.15 s of CPU on the main thread before anything else can start.
 * Anything else (help, version, a tool, an unknown or repeated option, a value that looks like an
 * option, an {@code @file}) is left to picocli, which reads and reports it.
 */
final class PlainArguments {

  /** The options read here, as {@link Main} names them. */
  static final Set<String> NAMES =
      Set.of("--listen", "--state-dir", "--config", "--board", "--chassis", "--console");

  private PlainArguments() {}

  /**
   * {@code main} with the options of {@code args} set, as picocli would set them; empty when {@code
   * args} hold anything not read here.
   */
  static Optional<Main> read(Main main, String... args) {
    String listen = null;
    Path stateDir = null;
    Path config = null;
    Path board = null;
    List<String> consoles = null;
    try {
      for (int i = 0; i < args.length; i++) {
        String arg = args[i];
        String name = arg;
        String value;
        int equals = arg.indexOf('=');
        if (arg.startsWith("--") && equals > 0) {
          name = arg.substring(0, equals);
          value = arg.substring(equals + 1);
        } else if (i + 1 < args.length) {
          value = args[++i];
        } else {
          return Optional.empty();
        }
        if (!NAMES.contains(name)
            || value.isEmpty()
            || value.startsWith("-")
            || value.startsWith("@")) {
          return Optional.empty();
        }
        switch (name) {
          case "--listen" -> {
            if (listen != null) {
              return Optional.empty();
            }
            listen = value;
          }
          case "--state-dir" -> {
            if (stateDir != null) {
              return Optional.empty();
            }
            stateDir = Path.of(value);
          }
          case "--config" -> {
            if (config != null) {
              return Optional.empty();
            }
            config = Path.of(value);
          }
          case "--board", "--chassis" -> {
            if (board != null) {
              return Optional.empty();
            }
            board = Path.of(value);
          }
          default -> {
            if (consoles == null) {
              consoles = new ArrayList<>();
            }
            consoles.add(value);
          }
        }
      }
    } catch (RuntimeException e) {
      // a path the platform refuses: picocli reports it
      return Optional.empty();
    }
    main.listen = listen;
    main.stateDir = stateDir;
    main.config = config;
    main.board = board;
    main.consoles = consoles;
    return Optional.of(main);
  }
}

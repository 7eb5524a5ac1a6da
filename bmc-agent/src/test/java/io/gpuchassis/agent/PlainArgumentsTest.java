package io.gpuchassis.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/**
 * The agent's own options read without picocli: the same result as picocli's, or picocli's turn.
 */
class PlainArgumentsTest {

  private final PrintWriter err = new PrintWriter(new StringWriter(), true);

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "--listen 127.0.0.1:8443",
        "--listen=127.0.0.1:0 --state-dir /var/lib/bmc-agent",
        "--state-dir=state --config /etc/bmc-agent/config.yaml --board board.yaml",
        "--chassis board.yaml --console /dev/ttyS1 --console=stdio",
        "--console none",
        "--listen a=b",
      })
  void reads_what_picocli_reads(String line) {
    String[] args = line.isEmpty() ? new String[0] : line.split(" ");
    Main picocli = new Main(err);
    new CommandLine(picocli).parseArgs(args);
    Optional<Main> plain = PlainArguments.read(new Main(err), args);
    assertTrue(plain.isPresent(), line);
    assertEquals(fields(picocli), fields(plain.get()), line);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "--help",
        "--version",
        "probe --board board.yaml",
        "--listen",
        "--listen 127.0.0.1:1 --listen 127.0.0.1:2",
        "--board a.yaml --chassis b.yaml",
        "--state-dir --config",
        "--listen=",
        "--lisen x",
        "@args.txt",
        "--config @args.txt",
        "-- --listen x",
        "positional",
      })
  void leaves_everything_else_to_picocli(String line) {
    assertEquals(Optional.empty(), PlainArguments.read(new Main(err), line.split(" ")), line);
  }

  @Test
  void knows_every_option_of_the_agent() {
    Set<String> names =
        Arrays.stream(Main.class.getDeclaredFields())
            .map(f -> f.getAnnotation(CommandLine.Option.class))
            .filter(o -> o != null)
            .flatMap(o -> Arrays.stream(o.names()))
            .collect(Collectors.toSet());
    assertEquals(names, PlainArguments.NAMES);
  }

  private static List<Object> fields(Main main) {
    return Arrays.stream(Main.class.getDeclaredFields())
        .filter(f -> f.isAnnotationPresent(CommandLine.Option.class))
        .map(f -> value(f, main))
        .toList();
  }

  private static Object value(Field field, Main main) {
    try {
      return field.get(main);
    } catch (IllegalAccessException e) {
      throw new AssertionError(e);
    }
  }
}

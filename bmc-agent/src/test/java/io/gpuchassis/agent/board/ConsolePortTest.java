package io.gpuchassis.agent.board;

import static io.gpuchassis.agent.board.BoardYaml.VALID;
import static io.gpuchassis.agent.board.BoardYaml.load;
import static io.gpuchassis.agent.board.BoardYaml.loadFails;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The board file's {@code console:} section: the serial port of the technician's console. */
class ConsolePortTest {

  @TempDir Path dir;

  @Test
  void a_board_without_a_console_section_has_no_console_port() {
    assertEquals(Optional.empty(), load(dir, VALID).console());
  }

  @Test
  void the_console_port_takes_115200_baud_unless_the_file_says_otherwise() {
    assertEquals(
        Optional.of(new ConsolePort("/dev/ttymxc1", 115_200)),
        load(dir, VALID + "console:\n  device: /dev/ttymxc1\n").console());
    assertEquals(
        Optional.of(new ConsolePort("/dev/ttyS1", 9600)),
        load(dir, VALID + "console:\n  device: /dev/ttyS1\n  baud: 9600\n").console());
  }

  @Test
  void a_console_section_without_its_device_is_named() {
    BoardException e = loadFails(dir, VALID + "console:\n  baud: 9600\n");
    assertTrue(e.getMessage().contains("console.device: missing required key"), e.getMessage());
  }
}

package io.gpuchassis.agent.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ConsoleLinesTest {

  @Test
  void stdio_names_the_agents_own_terminal_and_a_path_names_a_serial_device() {
    try (ConsoleLine stdio = ConsoleLines.open("stdio", 115200);
        ConsoleLine serial = ConsoleLines.open("/dev/ttymxc1", 115200)) {
      assertInstanceOf(StdioConsoleLine.class, stdio);
      assertEquals("stdio", stdio.address());
      assertInstanceOf(SerialConsoleLine.class, serial);
      assertEquals("serial:/dev/ttymxc1", serial.address());
    }
  }

  @Test
  void a_blank_name_is_refused() {
    assertThrows(IllegalArgumentException.class, () -> ConsoleLines.open(" ", 115200));
  }
}

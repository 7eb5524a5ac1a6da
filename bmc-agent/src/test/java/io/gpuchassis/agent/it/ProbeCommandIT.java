package io.gpuchassis.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bmc-agent probe} on a machine without the board's devices lists each one, with its path,
 * and exits 1.
 */
class ProbeCommandIT {

  @TempDir Path dir;

  @Test
  void probe_names_every_part_that_does_not_answer_and_exits_1() throws Exception {
    Path board = AbsentBoard.write(dir);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code =
        Main.run(
            new PrintWriter(out, true),
            new PrintWriter(err, true),
            "probe",
            "--board",
            board.toString(),
            "--timeout",
            "1");
    String text = out.toString();
    assertEquals(1, code, text + err);
    for (String missing :
        new String[] {
          "SW1 (" + AbsentBoard.UART + " at 230400 baud): DOES NOT ANSWER",
          "SW2 (/dev/i2c-93 address 0x59): DOES NOT ANSWER",
          "InletTemp (tmp75, /dev/i2c-91 address 0x48): DOES NOT ANSWER",
          "FanController (max31790, /dev/i2c-91 address 0x20): DOES NOT ANSWER",
          "PSU1 (pmbus-psu, /dev/i2c-92 address 0x58): DOES NOT ANSWER",
          "SlotIo1 (pca9555, /dev/i2c-94 address 0x20): DOES NOT ANSWER",
          "GPU sideband of slot 1 (/dev/i2c-96 address 0x4f): DOES NOT ANSWER",
          "GPU sideband of slot 2 (/dev/i2c-97 channel 3 of mux GpuMux1 (0x70), address 0x4f): DOES NOT ANSWER",
          "RearTemp (tmp75, /dev/i2c-103 address 0x4a): DOES NOT ANSWER",
          "(line 3 of gpiochip9): DOES NOT ANSWER",
          "ChassisFru (fru-eeprom, /dev/i2c-95 address 0x50): DOES NOT ANSWER"
        }) {
      assertTrue(text.contains(missing), "probe lists " + missing + ":\n" + text);
    }
    assertTrue(text.contains("part(s) did not answer"), text);
  }

  @Test
  void probe_of_a_board_file_that_does_not_exist_exits_2() {
    StringWriter err = new StringWriter();
    int code =
        Main.run(
            new PrintWriter(new StringWriter(), true),
            new PrintWriter(err, true),
            "probe",
            "--board",
            dir.resolve("none.yaml").toString());
    assertEquals(2, code, err.toString());
  }
}

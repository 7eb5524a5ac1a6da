package io.gpuchassis.switchdrv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.switchdrv.sim.PtyConsole;
import io.gpuchassis.switchdrv.sim.SimTiming;
import io.gpuchassis.switchdrv.sim.SimulatedSwitch;
import io.gpuchassis.switchdrv.sim.SimulatedSwitchConfig;
import io.gpuchassis.switchdrv.transport.uart.JSerialCommLink;
import io.gpuchassis.switchdrv.transport.uart.UartFraming;
import io.gpuchassis.switchdrv.transport.uart.UartSwitchTransport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A chip's UART console served on a real pty by {@link PtyConsole}, driven through jSerialComm. */
@Timeout(
    value = 60,
    unit = TimeUnit.SECONDS) // a hang guard only: every step has its own, much shorter bound
class PtyConsoleIT {

  private static final UartSwitchTransport.Options OPTIONS =
      new UartSwitchTransport.Options(Duration.ofMillis(500), 3);

  /** Far above the transport's own bound (3 attempts x 500 ms): only a hang would exceed it. */
  private static final Duration PROMPTLY = Duration.ofSeconds(10);

  @TempDir Path dir;

  private final ExecutorService reader =
      Executors.newSingleThreadExecutor(
          r -> {
            Thread t = new Thread(r, "pty-test-reader");
            t.setDaemon(true);
            return t;
          });

  @AfterEach
  void stopReader() {
    reader.shutdownNow();
  }

  static SimulatedSwitch chip(long serial) {
    return new SimulatedSwitch(SimulatedSwitchConfig.referenceChip(serial, 2, SimTiming.fast()));
  }

  private static SwitchtecDriver driverOn(Path path) {
    return SwitchtecDriver.open(
        new UartSwitchTransport(JSerialCommLink.open(path.toString(), 115200), OPTIONS),
        SimRig.FAST);
  }

  @Test
  void the_agent_reads_the_chip_reopens_after_a_hang_up_and_sees_the_server_go_away()
      throws Exception {
    Path link = dir.resolve("run/sw1-console");
    Files.createDirectories(link.getParent());
    Files.createSymbolicLink(link, Path.of("/dev/pts/a-killed-simulator")); // stale
    PtyConsole pty = PtyConsole.open(chip(0x6a1c0001L), link);
    try {
      assertEquals(pty.slavePath(), Files.readSymbolicLink(link), "the stale link was replaced");
      assertTrue(pty.slavePath().startsWith("/dev/pts"), pty.slavePath().toString());

      try (SwitchtecDriver first = driverOn(link)) {
        assertEquals(0x6a1c0001L, first.identity().serialNumber());
      } // the slave's last holder closes it: the master sees a hang-up

      SwitchtecDriver second = driverOn(link);
      try {
        assertEquals(
            0x6a1c0001L, second.identity().serialNumber(), "the server survived the hang-up");
        pty.close();
        assertFalse(Files.exists(link, LinkOption.NOFOLLOW_LINKS), "link removed on close");
        Await.Timed<SwitchException> t = Await.failure(second::identity);
        assertEquals(SwitchException.Kind.IO, t.value().kind(), t.value().getMessage());
        assertTrue(t.elapsed().compareTo(PROMPTLY) < 0, "took " + t.elapsed());
      } finally {
        second.close();
      }
    } finally {
      pty.close();
    }
  }

  @Test
  void a_transport_that_owns_the_path_finds_a_restarted_simulator_behind_the_same_link()
      throws Exception {
    Path link = dir.resolve("sw1-console");
    PtyConsole before = PtyConsole.open(chip(0x1111), link);
    try (SwitchtecDriver driver =
        SwitchtecDriver.open(
            UartSwitchTransport.open(link.toString(), 115200, OPTIONS), SimRig.FAST)) {
      assertEquals(0x1111, driver.identity().serialNumber());
      before.close(); // the simulator stops...
      assertEquals(
          SwitchException.Kind.IO, assertThrows(SwitchException.class, driver::identity).kind());
      PtyConsole after = PtyConsole.open(chip(0x2222), link); // ...and starts again on a new pty
      try {
        assertEquals(after.slavePath(), Files.readSymbolicLink(link));
        assertEquals(0x2222, Await.succeeds(PROMPTLY, driver::identity).serialNumber());
      } finally {
        after.close();
      }
    } finally {
      before.close();
    }
  }

  @Test
  void the_slave_is_raw_before_anyone_configures_it() throws Exception {
    try (PtyConsole pty = PtyConsole.open(chip(3));
        RandomAccessFile slave = new RandomAccessFile(pty.slavePath().toFile(), "rw")) {
      slave.write("echo 0\r".getBytes(StandardCharsets.US_ASCII)); // no termios call on this side
      Future<String> answer = reader.submit(() -> readUntilPrompt(slave));
      // a cooked slave would turn CR into NL, hold the prompt (no newline) back and echo the
      // console's own answer into its input
      assertEquals("echo 0\r\n" + UartFraming.prompt(1), answer.get(5, TimeUnit.SECONDS));
    }
  }

  @Test
  void the_serial_link_is_opened_at_the_requested_baud_rate() throws Exception {
    try (PtyConsole pty = PtyConsole.open(chip(4))) {
      JSerialCommLink agent = JSerialCommLink.open(pty.slavePath().toString(), 115200);
      try {
        assertEquals("115200", lineSpeed(pty.slavePath()));
      } finally {
        agent.close();
      }
      JSerialCommLink byDefault = JSerialCommLink.open(pty.slavePath().toString());
      try {
        assertEquals("230400", lineSpeed(pty.slavePath()));
      } finally {
        byDefault.close();
      }
    }
    assertThrows(IllegalArgumentException.class, () -> JSerialCommLink.open("/dev/null", 0));
    assertThrows(
        IllegalArgumentException.class,
        () -> UartSwitchTransport.open("/dev/null", -9600, OPTIONS));
  }

  // The line speed as the tty layer holds it (what a real UART would be programmed with).
  private static String lineSpeed(Path tty) throws Exception {
    Process p =
        new ProcessBuilder("stty", "-F", tty.toString(), "speed").redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
    assertTrue(p.waitFor(10, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), out);
    return out;
  }

  private static String readUntilPrompt(RandomAccessFile in) throws IOException {
    ByteArrayOutputStream got = new ByteArrayOutputStream();
    byte[] b = new byte[256];
    while (!UartFraming.endsWithPrompt(got.toString(StandardCharsets.ISO_8859_1))) {
      int n = in.read(b);
      if (n < 0) {
        break;
      }
      got.write(b, 0, n);
    }
    return got.toString(StandardCharsets.ISO_8859_1);
  }
}

package io.gpuchassis.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.sun.net.httpserver.HttpServer;
import io.gpuchassis.switchdrv.FirmwareVersion;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Standard Redfish clients from Debian against the running agent: DMTF redfishtool and OpenStack sushy each log in
 * with a Redfish session and read the tree, and sushy updates a switch's firmware with SimpleUpdate as Ironic does. The tools are installed by the test command's set-up (.ci/setup); where they are
 * missing the test is skipped, except under CI, where it fails.
 */
class StandardClientsIT {

  static final String SYSTEM_PYTHON = "/usr/bin/python3";

  @TempDir static Path stateDir;
  @TempDir static Path work;
  static TestAgent agent;

  @BeforeAll
  static void start() throws Exception {
    agent = TestAgent.start(stateDir, LoopbackReceivers::allowed);
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @Test
  void redfishtool_logs_in_with_a_session_and_reads_the_tree() throws Exception {
    require("/usr/bin/redfishtool", "redfishtool");
    String target = "127.0.0.1:" + agent.agent.port();
    List<String> base =
        List.of("redfishtool", "-r", target, "-u", "admin", "-p", TestAgent.ADMIN_PASSWORD, "-A", "Session", "-S",
            "Always");
    assertTrue(run(base, "root").contains("\"RedfishVersion\""));
    assertTrue(run(base, "Chassis", "list").contains("/redfish/v1/Chassis/GPUChassis"));
    assertTrue(run(base, "Managers", "-1").contains("EnclosureManager"));
    assertTrue(run(base, "SessionService").contains("SessionTimeout"));
    assertTrue(run(base, "raw", "GET", "/redfish/v1/Fabrics/PCIe/Switches/SW1/Ports").contains("Members@odata.count"));
    assertTrue(run(base, "AccountService", "Accounts").contains("/redfish/v1/AccountService/Accounts/"));
  }

  @Test
  void sushy_updates_switch_firmware_with_simple_update() throws Exception {
    require(SYSTEM_PYTHON, "python3 (Debian)");
    Path script = work.resolve("sushy_update.py");
    try (InputStream in = StandardClientsIT.class.getResourceAsStream("/clients/sushy_update.py")) {
      Files.write(script, in.readAllBytes());
    }
    Process probe = new ProcessBuilder(SYSTEM_PYTHON, "-c", "import sushy").redirectErrorStream(true).start();
    probe.waitFor(30, TimeUnit.SECONDS);
    requireThat(probe.exitValue() == 0, "python3-sushy");

    HealthIT.await("SW2's firmware read", () -> agent.agent.firmware().inventory().of("SW2").isPresent());
    byte[] bundle = SignedBundles.of(stateDir).image(FirmwareVersion.parse("9.50 B001"), new byte[20_000]);
    HttpServer images = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    images.createContext("/switch.fwb", exchange -> {
      exchange.sendResponseHeaders(200, bundle.length);
      exchange.getResponseBody().write(bundle);
      exchange.close();
    });
    images.start();
    try {
      String ca = stateDir.resolve("tls/https-cert.pem").toString();
      ProcessBuilder pb = new ProcessBuilder(SYSTEM_PYTHON, script.toString(),
          "https://127.0.0.1:" + agent.agent.port(), "admin", TestAgent.ADMIN_PASSWORD, ca,
          "http://127.0.0.1:" + images.getAddress().getPort() + "/switch.fwb",
          "/redfish/v1/UpdateService/FirmwareInventory/SW2");
      pb.environment().put("REQUESTS_CA_BUNDLE", ca);
      String out = run(pb);
      assertTrue(out.contains("service enabled True"), out);
      assertTrue(out.contains("before SW2 9.20 B04A"), out);
      assertTrue(out.contains("task Completed 100"), out);
      assertTrue(out.contains("message Update.1.3.0.AwaitToActivate"), out);
      assertTrue(out.contains("after SW2 9.20 B04A"), "written for the next reset, still running the old: " + out);
    } finally {
      images.stop(0);
    }
  }

  @Test
  void sushy_logs_in_with_a_session_and_walks_the_whole_tree() throws Exception {
    require(SYSTEM_PYTHON, "python3 (Debian)");
    Path script = work.resolve("sushy_walk.py");
    try (InputStream in = StandardClientsIT.class.getResourceAsStream("/clients/sushy_walk.py")) {
      Files.write(script, in.readAllBytes());
    }
    Process probe = new ProcessBuilder(SYSTEM_PYTHON, "-c", "import sushy").redirectErrorStream(true).start();
    probe.waitFor(30, TimeUnit.SECONDS);
    requireThat(probe.exitValue() == 0, "python3-sushy");

    String ca = stateDir.resolve("tls/https-cert.pem").toString();
    ProcessBuilder pb =
        new ProcessBuilder(
            SYSTEM_PYTHON, script.toString(), "https://127.0.0.1:" + agent.agent.port(), "admin",
            TestAgent.ADMIN_PASSWORD, ca);
    // requests lets REQUESTS_CA_BUNDLE override the client's own CA setting: point both at the agent's certificate.
    pb.environment().put("REQUESTS_CA_BUNDLE", ca);
    String out = run(pb);
    assertTrue(out.contains("chassis GPUChassis ChassisType.EXPANSION"), out);
    assertTrue(out.contains("manager BMC ManagerType.ENCLOSURE_MANAGER"), out);
    String walked = out.lines().filter(l -> l.startsWith("walked ")).findFirst().orElse("walked 0");
    int count = Integer.parseInt(walked.split(" ")[1]);
    assertTrue(count > 40, out);
  }

  private static String run(List<String> base, String... args) throws Exception {
    List<String> command = new ArrayList<>(base);
    command.addAll(List.of(args));
    return run(new ProcessBuilder(command));
  }

  private static String run(ProcessBuilder pb) throws Exception {
    Process p = pb.redirectErrorStream(true).start();
    byte[] output = p.getInputStream().readAllBytes();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      fail("timed out: " + pb.command());
    }
    String text = new String(output, StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), pb.command() + "\n" + text);
    return text;
  }

  private static void require(String file, String what) {
    requireThat(Files.isExecutable(Path.of(file)), what);
  }

  private static void requireThat(boolean present, String what) {
    if (!present && System.getenv("CI") != null) {
      fail(what + " is missing: the test command's set-up (.ci/setup) installs it");
    }
    Assumptions.assumeTrue(present, what + " is not installed: run .ci/setup, which installs it; skipped");
  }
}

package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.basic;
import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.board.BoardDescription;
import io.gpuchassis.agent.firmware.FirmwareTrust;
import io.gpuchassis.agent.sim.SimulatedFabric;
import io.gpuchassis.firmware.BundleLayout;
import io.gpuchassis.firmware.BundleManifest;
import io.gpuchassis.firmware.BundleSigner;
import io.gpuchassis.switchdrv.sim.FaultHandle;
import io.gpuchassis.switchdrv.sim.SimTiming;
import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.PrivateKey;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent updates itself A/B through the packaged launcher, as on a board: the launcher and the
 * built jar laid out as the package installs them, the test playing systemd (it starts the launcher
 * again after exit code 3, the restart code, and after a failure). A signed bundle of the agent's
 * own jar, pushed with {@code Immediate}, is written into slot A, the agent restarts into it,
 * passes its trial and marks A good. A bundle whose jar cannot start, pushed for the next reset,
 * goes into slot B; Manager.Reset starts B, which fails three starts; the launcher marks B bad and
 * falls back to A, whose agent reports the fallback as an event and in its log.
 */
@Tag("slow")
class AgentSelfUpdateIT {

  static final String PASSWORD = "self-update-admin-password";
  static final String ADMIN = basic("admin", PASSWORD);
  static final String PUSH = "/redfish/v1/UpdateService/update-multipart";
  static final String AGENT = "/redfish/v1/UpdateService/FirmwareInventory/Agent";
  static final String EVENT_LOG = "/redfish/v1/Managers/BMC/LogServices/EventLog/Entries?$expand=.";

  /**
   * The trial's deadline in these tests: long enough for a healthy agent on a busy machine, short
   * enough for three failed trials.
   */
  static final int TRIAL_SECONDS = 20;

  @TempDir Path dir;
  private final List<Process> processes = new ArrayList<>();
  private Path launcher;
  private Path config;
  private int port;

  private SimulatedFabric switches;

  @AfterEach
  void stopAll() {
    processes.forEach(Process::destroyForcibly);
    if (switches != null) {
      switches.close();
    }
  }

  @Test
  void a_new_agent_is_started_on_trial_marked_good_and_a_broken_one_falls_back() throws Exception {
    Process agent = launch();
    AgentClient client = AgentProcesses.awaitReady(dir, port, agent, log());
    JsonNode before = json(client.get(AGENT, ADMIN));
    assertTrue(before.get("Updateable").asBoolean(), before.toString());
    assertEquals("Package", runningSlot(before));

    // 1. the agent's own jar as version 9.9.9, at once: written into A, restarted into it
    byte[] jar = Files.readAllBytes(Path.of("target/bmc-agent.jar"));
    HttpResponse<String> accepted = push(client, agentBundle("9.9.9", jar), "Immediate");
    assertEquals(202, accepted.statusCode(), accepted.body());
    assertExits(agent, 3, "the restart into the new slot");
    assertEquals(
        "primary=A attempts=0 A.state=pending",
        bootState("primary", "attempts", "A.state"),
        "slot A waits on trial");

    agent = launch();
    client = AgentProcesses.awaitReady(dir, port, agent, log());
    awaitBootState("A.state", "good");
    JsonNode slotA = json(client.get(AGENT, ADMIN));
    assertEquals("A", runningSlot(slotA));
    assertEquals("Good", slot(slotA, "A").get("State").asText());
    assertEquals("9.9.9", slot(slotA, "A").get("Version").asText());
    String events = client.get(EVENT_LOG, ADMIN).body();
    assertTrue(
        events.contains("Update.1.3.0.UpdateSuccessful")
            && events.contains("agent 9.9.9 in slot A"),
        "the new agent's success is an event: " + events);

    // 2. a jar that cannot start, for the next reset: written into B, started by Manager.Reset
    accepted = push(client, agentBundle("9.9.10", brokenJar()), "OnReset");
    assertEquals(202, accepted.statusCode(), accepted.body());
    HttpResponse<String> done = client.awaitTask(accepted, ADMIN);
    assertEquals(200, done.statusCode(), done.body());
    assertEquals(
        "primary=B B.state=pending", bootState("primary", "B.state"), "slot B waits on trial");
    HttpResponse<String> reset =
        client.send(
            "POST",
            "/redfish/v1/Managers/BMC/Actions/Manager.Reset",
            ADMIN,
            "{\"ResetType\": \"GracefulRestart\"}");
    assertEquals(204, reset.statusCode(), reset.body());
    assertExits(agent, 3, "Manager.Reset");

    // systemd starts it again after each failure: three starts of B, each counted
    for (int attempt = 1; attempt <= 3; attempt++) {
      assertExits(launch(), 1, "start " + attempt + " of the broken slot B");
      assertEquals("attempts=" + attempt, bootState("attempts"));
    }
    agent = launch();
    client = AgentProcesses.awaitReady(dir, port, agent, log());
    assertTrue(
        Files.readString(log())
            .contains("slot B did not prove itself in 3 starts: marked bad, starting A"),
        "the launcher says why it falls back");
    AgentProcesses.awaitLine(
        log(), agent, "The launcher fell back from slot B (agent 9.9.10 in slot B)");
    JsonNode back = json(client.get(AGENT, ADMIN));
    assertEquals("A", runningSlot(back));
    assertEquals("Bad", slot(back, "B").get("State").asText());
    assertTrue(slot(back, "A").get("Primary").asBoolean());
    events = client.get(EVENT_LOG, ADMIN).body();
    assertTrue(
        events.contains("Update.1.3.0.ActivateFailed") && events.contains("agent 9.9.10 in slot B"),
        "the fallback is an event: " + events);
    assertEquals("", bootState("fallback").replace("fallback=", ""), "reported once");
  }

  @Test
  void an_agent_that_starts_but_never_proves_itself_falls_back_after_its_three_trials()
      throws Exception {
    Process agent = launch();
    AgentClient client = AgentProcesses.awaitReady(dir, port, agent, log());
    byte[] jar = Files.readAllBytes(Path.of("target/bmc-agent.jar"));
    HttpResponse<String> accepted = push(client, agentBundle("9.9.11", jar), "OnReset");
    assertEquals(202, accepted.statusCode(), accepted.body());
    assertEquals(200, client.awaitTask(accepted, ADMIN).statusCode());
    assertEquals("primary=A A.state=pending", bootState("primary", "A.state"));
    // From now on switch SW2 answers no command: a new agent cannot read every switch, while the
    // package's agent, not on trial, runs with SW2 unavailable.
    FaultHandle silent = switches.chip("SW2").faults().mrpcTimeout();
    try {
      resetAndAwaitExit(client);
      for (int attempt = 1; attempt <= 3; attempt++) {
        Process trial = launch();
        AgentProcesses.awaitReady(dir, port, trial, log());
        assertExits(trial, 3, "trial " + attempt + " of slot A, stopped at its deadline");
        assertEquals("attempts=" + attempt, bootState("attempts"));
      }
      String trials = Files.readString(log());
      assertTrue(
          trials.contains("failed its trial (every switch read: no answer from SW2"),
          "the agent says which check failed: "
              + trials.lines().filter(l -> l.contains("trial")).toList());
      agent = launch();
      client = AgentProcesses.awaitReady(dir, port, agent, log());
      AgentProcesses.awaitLine(log(), agent, "The launcher fell back from slot A");
      assertEquals(
          "primary=package A.state=bad", bootState("primary", "A.state"), "the package runs");
      JsonNode back = json(client.get(AGENT, ADMIN));
      assertEquals("Package", runningSlot(back));
      assertEquals("Bad", slot(back, "A").get("State").asText());
    } finally {
      silent.clear();
    }
  }

  @Test
  void an_agent_killed_while_it_writes_its_slot_starts_again_on_the_slot_it_ran() throws Exception {
    Process agent = launch();
    AgentClient client = AgentProcesses.awaitReady(dir, port, agent, log());
    String accountsBefore = client.get("/redfish/v1/AccountService/Accounts", ADMIN).body();
    // A disk that stops taking the jar part-way: the slot's file is a pipe this test reads from,
    // then stops reading, so the agent's write blocks mid-jar, and it is killed there.
    Path slotA = Files.createDirectories(dir.resolve("state/slots/A"));
    Path part = slotA.resolve("bmc-agent.jar.part");
    Process mkfifo = new ProcessBuilder("mkfifo", part.toString()).inheritIO().start();
    assertEquals(0, mkfifo.waitFor());
    byte[] jar = Files.readAllBytes(Path.of("target/bmc-agent.jar"));
    HttpResponse<String> accepted = push(client, agentBundle("9.9.12", jar), "OnReset");
    assertEquals(202, accepted.statusCode(), accepted.body());
    // opening a pipe waits for its writer: on a thread of its own, so that a test gone wrong
    // fails instead of hanging
    java.util.concurrent.CompletableFuture<java.io.InputStream> reader =
        java.util.concurrent.CompletableFuture.supplyAsync(
            () -> {
              try {
                return Files.newInputStream(part);
              } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            });
    try (java.io.InputStream written = reader.get(120, TimeUnit.SECONDS)) {
      byte[] first = written.readNBytes(1 << 20);
      assertEquals(1 << 20, first.length, "the agent writes the jar into its slot");
      assertEquals(
          "A.state= A.version=",
          bootState("A.state", "A.version"),
          "slot A is recorded empty before a byte is written");
      agent.destroyForcibly();
      assertTrue(agent.waitFor(60, TimeUnit.SECONDS), "killed");
    }

    agent = launch();
    client = AgentProcesses.awaitReady(dir, port, agent, log());
    JsonNode after = json(client.get(AGENT, ADMIN));
    assertEquals("Package", runningSlot(after), "started on what it ran");
    assertEquals("Empty", slot(after, "A").get("State").asText());
    assertEquals(
        accountsBefore,
        client.get("/redfish/v1/AccountService/Accounts", ADMIN).body(),
        "the state is as it was");
  }

  private void resetAndAwaitExit(AgentClient client) throws Exception {
    HttpResponse<String> reset =
        client.send(
            "POST",
            "/redfish/v1/Managers/BMC/Actions/Manager.Reset",
            ADMIN,
            "{\"ResetType\": \"GracefulRestart\"}");
    assertEquals(204, reset.statusCode(), reset.body());
    Process running = processes.get(processes.size() - 1);
    assertExits(running, 3, "Manager.Reset");
  }

  /** The launcher and the built jar where the package puts them, and a configuration. */
  @org.junit.jupiter.api.BeforeEach
  void layOutThePackage() throws Exception {
    Path share = Files.createDirectories(dir.resolve("usr/share/bmc-agent"));
    launcher = share.resolve("bmc-agent");
    Files.copy(Path.of("../packaging/src/deb/bin/bmc-agent"), launcher);
    Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.copy(
        Path.of("target/bmc-agent.jar"),
        share.resolve("bmc-agent.jar"),
        StandardCopyOption.COPY_ATTRIBUTES);
    // The switches in this process, as ManagerResetIT has them: their faults outlive the agent's
    // restarts.
    switches = SimulatedFabric.start(BoardDescription.reference(), SimTiming.fast(), 0);
    port = AgentProcesses.freePort();
    config = dir.resolve("agent.yaml");
    Files.writeString(
        config,
        "listen: 127.0.0.1:"
            + port
            + "\nstateDir: state\nsimulation:\n  speed: fast\n  switchSimulator: 127.0.0.1:"
            + switches.address().getPort()
            + "\nfirmware:\n  agentTrialDeadline: "
            + TRIAL_SECONDS
            + "s\n");
  }

  /** Starts the launcher as the unit does, its output appended to the log. */
  private Process launch() throws Exception {
    ProcessBuilder pb =
        new ProcessBuilder(launcher.toString(), "--config", config.toString(), "--console", "none")
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log().toFile()));
    pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
    pb.environment().put("XDG_CACHE_HOME", dir.resolve("cache").toString());
    pb.environment().put("BMC_AGENT_SLOTS", dir.resolve("state/slots").toString());
    pb.environment().put("BMC_AGENT_ADMIN_PASSWORD", PASSWORD);
    pb.environment().remove("NOTIFY_SOCKET");
    pb.environment().remove("CREDENTIALS_DIRECTORY");
    pb.environment().remove("STATE_DIRECTORY");
    Process p = pb.start();
    processes.add(p);
    return p;
  }

  private Path log() {
    return dir.resolve("agent.log");
  }

  private void assertExits(Process p, int code, String what) throws Exception {
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      fail(what + ": the agent did not exit: " + Files.readString(log()));
    }
    assertEquals(code, p.exitValue(), what + ": " + Files.readString(log()));
  }

  private HttpResponse<String> push(AgentClient client, byte[] bundle, String applyTime)
      throws Exception {
    Map<String, byte[]> parts = new LinkedHashMap<>();
    parts.put(
        "UpdateParameters",
        ("{\"Targets\": [\""
                + AGENT
                + "\"], \"@Redfish.OperationApplyTime\": \""
                + applyTime
                + "\"}")
            .getBytes(StandardCharsets.UTF_8));
    parts.put("UpdateFile;agent.fwb", bundle);
    return client.postMultipart(PUSH, ADMIN, parts);
  }

  /** The agent's jar as a manifest-signed bundle, signed with the simulation vendor key. */
  private byte[] agentBundle(String version, byte[] jar) throws Exception {
    PrivateKey key =
        BundleSigner.readPrivateKeyPem(
            Files.readString(FirmwareTrust.simulationSigningKey(dir.resolve("state"))));
    return BundleSigner.sign(
        new BundleManifest("agent", version, List.of("bmc-agent"), "test", null),
        jar,
        FirmwareTrust.SIMULATION_KEY_ID,
        key,
        BundleLayout.SIGNED_MANIFEST);
  }

  /** A jar that names a main class it does not hold: the JVM refuses to start it (exit 1). */
  private static byte[] brokenJar() throws Exception {
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "io.gpuchassis.agent.Missing");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JarOutputStream jar = new JarOutputStream(out, manifest)) {
      jar.putNextEntry(new java.util.zip.ZipEntry("README"));
      jar.write("no agent here".getBytes(StandardCharsets.US_ASCII));
    }
    return out.toByteArray();
  }

  /** The boot state's values of {@code keys} (the last line of a key wins), as "key=value ...". */
  private String bootState(String... keys) throws Exception {
    Map<String, String> values = new LinkedHashMap<>();
    for (String line : Files.readAllLines(dir.resolve("state/slots/state"))) {
      int eq = line.indexOf('=');
      if (eq > 0 && !line.startsWith("#")) {
        values.put(line.substring(0, eq), line.substring(eq + 1));
      }
    }
    List<String> shown = new ArrayList<>();
    for (String key : keys) {
      shown.add(key + "=" + values.getOrDefault(key, ""));
    }
    return String.join(" ", shown);
  }

  private void awaitBootState(String key, String value) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    while (!bootState(key).equals(key + "=" + value)) {
      if (System.nanoTime() > deadline) {
        fail(
            "the boot state's "
                + key
                + " did not become "
                + value
                + ": "
                + Files.readString(log()));
      }
      Thread.sleep(100);
    }
  }

  private static JsonNode slot(JsonNode agent, String name) {
    for (JsonNode s : agent.at("/Oem/GpuChassisAgent/Slots")) {
      if (s.get("Slot").asText().equals(name)) {
        return s;
      }
    }
    throw new AssertionError("no slot " + name + " in " + agent);
  }

  private static String runningSlot(JsonNode agent) {
    for (JsonNode s : agent.at("/Oem/GpuChassisAgent/Slots")) {
      if (s.get("Running").asBoolean()) {
        return s.get("Slot").asText();
      }
    }
    throw new AssertionError("no running slot in " + agent);
  }
}

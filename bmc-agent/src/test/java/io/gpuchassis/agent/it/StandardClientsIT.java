package io.gpuchassis.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.gpuchassis.switchdrv.FirmwareVersion;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Standard Redfish clients from Debian against the running agent: DMTF redfishtool and OpenStack
 * sushy each log in with a Redfish session and read the tree; sushy loads every resource it models
 * through its own classes and updates a switch's firmware with SimpleUpdate as Ironic does;
 * Ansible's redfish_info runs every command of every category. One agent serves them all, with a
 * GPU bound (a task, a system with a processor) and an event subscription, so that every kind of
 * resource the clients model exists. The tools are installed by the test command's set-up
 * (.ci/setup); where they are missing the test is skipped, except under CI, where it fails.
 */
class StandardClientsIT {

  static final String SYSTEM_PYTHON = "/usr/bin/python3";

  static final String GPU_BLOCK = "/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot1";

  @TempDir static Path stateDir;
  @TempDir static Path work;
  static TestAgent agent;

  /** The task monitor of the binding made at start. */
  static String monitor;

  @BeforeAll
  static void start() throws Exception {
    agent = TestAgent.start(stateDir, LoopbackReceivers::allowed);
    HttpResponse<String> bind =
        agent.client.send(
            "POST",
            "/redfish/v1/Systems/Host1/Actions/ComputerSystem.AddResourceBlock",
            TestAgent.ADMIN,
            "{\"ResourceBlock\": {\"@odata.id\": \"" + GPU_BLOCK + "\"}}",
            "Prefer",
            "respond-async");
    assertEquals(202, bind.statusCode(), bind.body());
    monitor = bind.headers().firstValue("Location").orElseThrow();
    // Bound before any client reads, so that each test sees the same tree (however long the
    // simulation takes).
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (agent.client.get(monitor, TestAgent.ADMIN).statusCode() == 202) {
      assertTrue(System.nanoTime() < deadline, "the binding of GPU-Slot1 to Host1 did not end");
      Thread.sleep(200);
    }
    HttpResponse<String> subscription =
        agent.client.send(
            "POST",
            "/redfish/v1/EventService/Subscriptions",
            TestAgent.ADMIN,
            "{\"Destination\": \"http://127.0.0.1:9/events\", \"Protocol\": \"Redfish\"}");
    assertEquals(201, subscription.statusCode(), subscription.body());
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
        List.of(
            "redfishtool",
            "-r",
            target,
            "-u",
            "admin",
            "-p",
            TestAgent.ADMIN_PASSWORD,
            "-A",
            "Session",
            "-S",
            "Always");
    assertTrue(run(base, "root").contains("\"RedfishVersion\""));
    assertTrue(run(base, "Chassis", "list").contains("/redfish/v1/Chassis/GPUChassis"));
    assertTrue(run(base, "Managers", "-1").contains("EnclosureManager"));
    assertTrue(run(base, "SessionService").contains("SessionTimeout"));
    assertTrue(
        run(base, "raw", "GET", "/redfish/v1/Fabrics/PCIe/Switches/SW1/Ports")
            .contains("Members@odata.count"));
    assertTrue(
        run(base, "AccountService", "Accounts").contains("/redfish/v1/AccountService/Accounts/"));
  }

  @Test
  void sushy_updates_switch_firmware_with_simple_update() throws Exception {
    require(SYSTEM_PYTHON, "python3 (Debian)");
    Path script = work.resolve("sushy_update.py");
    try (InputStream in = StandardClientsIT.class.getResourceAsStream("/clients/sushy_update.py")) {
      Files.write(script, in.readAllBytes());
    }
    Process probe =
        new ProcessBuilder(SYSTEM_PYTHON, "-c", "import sushy").redirectErrorStream(true).start();
    probe.waitFor(30, TimeUnit.SECONDS);
    requireThat(probe.exitValue() == 0, "python3-sushy");

    HealthIT.await(
        "SW2's firmware read", () -> agent.agent.firmware().inventory().of("SW2").isPresent());
    byte[] bundle =
        SignedBundles.of(stateDir).image(FirmwareVersion.parse("9.50 B001"), new byte[20_000]);
    HttpServer images = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    images.createContext(
        "/switch.fwb",
        exchange -> {
          exchange.sendResponseHeaders(200, bundle.length);
          exchange.getResponseBody().write(bundle);
          exchange.close();
        });
    images.start();
    try {
      String ca = stateDir.resolve("tls/https-cert.pem").toString();
      ProcessBuilder pb =
          new ProcessBuilder(
              SYSTEM_PYTHON,
              script.toString(),
              "https://127.0.0.1:" + agent.agent.port(),
              "admin",
              TestAgent.ADMIN_PASSWORD,
              ca,
              "http://127.0.0.1:" + images.getAddress().getPort() + "/switch.fwb",
              "/redfish/v1/UpdateService/FirmwareInventory/SW2");
      pb.environment().put("REQUESTS_CA_BUNDLE", ca);
      String out = run(pb);
      assertTrue(out.contains("service enabled True"), out);
      assertTrue(out.contains("before SW2 9.20 B04A"), out);
      assertTrue(out.contains("task Completed 100"), out);
      assertTrue(out.contains("message Update.1.3.0.AwaitToActivate"), out);
      assertTrue(
          out.contains("after SW2 9.20 B04A"),
          "written for the next reset, still running the old: " + out);
    } finally {
      images.stop(0);
    }
  }

  @Test
  void sushy_logs_in_with_a_session_and_walks_the_whole_tree() throws Exception {
    String out = runSushy("sushy_walk.py");
    assertTrue(out.contains("chassis GPUChassis ChassisType.EXPANSION"), out);
    assertTrue(out.contains("manager BMC ManagerType.ENCLOSURE_MANAGER"), out);
    String walked = out.lines().filter(l -> l.startsWith("walked ")).findFirst().orElse("walked 0");
    int count = Integer.parseInt(walked.split(" ")[1]);
    assertTrue(count > 40, out);
  }

  /**
   * Through sushy's own classes (System, Chassis, Manager, Fabric and Endpoint, CompositionService
   * with resource blocks and zones, UpdateService with its inventory, SessionService, EventService,
   * TaskService), every member loads and every field reads. Before Systems carried a Boot object,
   * sushy could not load any system.
   */
  @Test
  void sushy_loads_every_resource_it_models_through_its_own_classes() throws Exception {
    String out = runSushy("sushy_models.py");
    assertTrue(out.contains("failures 0"), out);
    for (String loaded :
        List.of(
            "System 8",
            "Chassis 1",
            "Manager 1",
            "Fabric 1",
            "Endpoint 24",
            "Processor 1",
            "CompositionService 1",
            "ResourceBlock 24",
            "ResourceZone 4",
            "UpdateService 1",
            // four switches, the agent, 16 GPUs, four supplies, two board parts, the data-path NIC
            "SoftwareInventory 28",
            "SessionService 1",
            "Session ",
            "EventService 1",
            "EventDestination 1",
            "TaskService 1",
            "Task ")) {
      assertTrue(out.contains("\ncount " + loaded), "sushy loaded no " + loaded + ":\n" + out);
    }
  }

  /**
   * Ansible's community.general.redfish_info runs every command of every category (Systems,
   * Chassis, Accounts, Sessions, Update, Manager) with a Redfish session. Each command succeeds,
   * except those reading a resource this service has nothing to put in, each named below with why;
   * and the facts are the agent's.
   */
  @Test
  void ansible_redfish_info_runs_every_command_of_every_category() throws Exception {
    require("/usr/bin/ansible-playbook", "ansible");
    requireThat(
        Files.isDirectory(
            Path.of("/usr/lib/python3/dist-packages/ansible_collections/community/general")),
        "ansible's community.general collection (Debian package ansible)");
    Path playbook = copy("ansible_redfish_info.yml");
    HttpResponse<String> login =
        agent.client.send(
            "POST",
            "/redfish/v1/SessionService/Sessions",
            null,
            "{\"UserName\": \"admin\", \"Password\": \"" + TestAgent.ADMIN_PASSWORD + "\"}");
    assertEquals(201, login.statusCode(), login.body());
    ObjectMapper mapper = new ObjectMapper();
    Path vars = work.resolve("ansible-vars.json");
    Files.writeString(
        vars,
        mapper.writeValueAsString(
            Map.of(
                "baseuri",
                "127.0.0.1:" + agent.agent.port(),
                "token",
                login.headers().firstValue("X-Auth-Token").orElseThrow(),
                "update_handle",
                monitor)));
    ProcessBuilder pb =
        new ProcessBuilder(
            "ansible-playbook", "-i", "localhost,", playbook.toString(), "-e", "@" + vars);
    Map<String, String> env = pb.environment();
    env.put("ANSIBLE_STDOUT_CALLBACK", "json");
    env.put("ANSIBLE_LOCALHOST_WARNING", "false");
    env.put("ANSIBLE_LOCAL_TEMP", work.resolve("ansible-tmp").toString());
    env.put("ANSIBLE_REMOTE_TEMP", work.resolve("ansible-tmp").toString());
    env.put("ANSIBLE_NOCOLOR", "true");
    // Under load one ansible run takes minutes: each command opens its own connections.
    String out = run(pb, 600);
    JsonNode tasks = mapper.readTree(out.substring(out.indexOf('{'))).at("/plays/0/tasks");

    Map<String, JsonNode> facts = new java.util.TreeMap<>();
    for (JsonNode task : tasks) {
      JsonNode result = task.at("/hosts/localhost");
      String category = task.at("/task/name").asText();
      assertFalse(result.path("failed").asBoolean(), category + ": " + result);
      result
          .path("redfish_facts")
          .fields()
          .forEachRemaining(f -> facts.put(category + "/" + f.getKey(), f.getValue()));
    }
    assertEquals(6, tasks.size(), out);
    List<String> failed = new ArrayList<>();
    facts.forEach(
        (command, fact) -> {
          if (!fact.path("ret").asBoolean() && !NOTHING_TO_READ.containsKey(command)) {
            failed.add(command + " " + fact);
          }
        });
    assertEquals(List.of(), failed, "redfish_info commands that failed");
    Set<String> expected =
        new HashSet<>(
            Set.of(
                "Systems/system",
                "Systems/cpu",
                "Chassis/chassis",
                "Accounts/user",
                "Sessions/session",
                "Update/firmware",
                "Update/update_status",
                "Manager/manager"));
    expected.removeAll(facts.keySet());
    assertEquals(Set.of(), expected, "commands the run left out");

    assertEquals(8, facts.get("Systems/system").path("entries").size());
    String cpus = facts.get("Systems/cpu").toString();
    assertTrue(
        cpus.contains("\"Id\":\"GPU-Slot1\""), "Host1's GPU is among its processors: " + cpus);
    JsonNode chassis = facts.get("Chassis/chassis").at("/entries/0");
    assertEquals("GPUChassis", chassis.path("Id").asText(), chassis.toString());
    assertEquals("Expansion", chassis.path("ChassisType").asText());
    assertTrue(facts.get("Chassis/fan").path("entries").size() > 0);
    assertTrue(facts.get("Accounts/user").toString().contains("\"UserName\":\"admin\""));
    assertTrue(facts.get("Sessions/session").toString().contains("\"UserName\":\"admin\""));
    String firmware = facts.get("Update/firmware").toString();
    for (String id : List.of("SW1", "SW2", "SW3", "SW4")) {
      assertTrue(firmware.contains("\"Id\":\"" + id + "\""), firmware);
    }
    assertEquals(
        "Completed",
        facts.get("Update/update_status").path("status").asText(),
        facts.get("Update/update_status").toString());
    assertTrue(
        facts.get("Manager/manager").toString().contains("\"ManagerType\":\"EnclosureManager\""));
  }

  /**
   * The redfish_info commands that find nothing here to read, and why: a ret of false says only
   * that.
   */
  static final Map<String, String> NOTHING_TO_READ =
      Map.ofEntries(
          // The systems are servers cabled to host ports: the chassis knows their port and the GPUs
          // it gave them, not
          // their memory, network cards, storage, BIOS, boot order or media.
          Map.entry("Systems/memory", "no Memory of a cabled server"),
          Map.entry("Systems/nic", "no EthernetInterfaces of a cabled server"),
          Map.entry("Systems/storage_controller", "no Storage of a cabled server"),
          Map.entry("Systems/disk", "no Storage of a cabled server"),
          Map.entry("Systems/volume", "no Storage of a cabled server"),
          Map.entry("Systems/bios_attribute", "no Bios of a cabled server"),
          Map.entry("Systems/boot_order", "no BootOrder known for a cabled server"),
          Map.entry("Systems/boot_override", "no boot override is enabled (none can be)"),
          Map.entry("Systems/virtual_media", "no VirtualMedia of a cabled server"),
          // The management processor has no in-band interface to a host and no virtual media.
          Map.entry("Manager/host_interfaces", "no HostInterfaces"),
          Map.entry("Manager/virtual_media", "no VirtualMedia"),
          // Everything the agent updates is firmware (the switch chips' and its own): no
          // SoftwareInventory.
          Map.entry("Update/software", "no SoftwareInventory"),
          // Not served yet: the Manager's NetworkProtocol (to come with the Manager's other
          // resources).
          Map.entry("Manager/network_protocols", "no NetworkProtocol yet"));

  private static String runSushy(String name) throws Exception {
    require(SYSTEM_PYTHON, "python3 (Debian)");
    Path script = copy(name);
    Process probe =
        new ProcessBuilder(SYSTEM_PYTHON, "-c", "import sushy").redirectErrorStream(true).start();
    probe.waitFor(30, TimeUnit.SECONDS);
    requireThat(probe.exitValue() == 0, "python3-sushy");
    String ca = stateDir.resolve("tls/https-cert.pem").toString();
    ProcessBuilder pb =
        new ProcessBuilder(
            SYSTEM_PYTHON,
            script.toString(),
            "https://127.0.0.1:" + agent.agent.port(),
            "admin",
            TestAgent.ADMIN_PASSWORD,
            ca);
    // requests lets REQUESTS_CA_BUNDLE override the client's own CA setting: point both at the
    // agent's certificate.
    pb.environment().put("REQUESTS_CA_BUNDLE", ca);
    return run(pb);
  }

  private static Path copy(String resource) throws Exception {
    Path file = work.resolve(resource);
    try (InputStream in = StandardClientsIT.class.getResourceAsStream("/clients/" + resource)) {
      Files.write(file, in.readAllBytes());
    }
    return file;
  }

  private static String run(List<String> base, String... args) throws Exception {
    List<String> command = new ArrayList<>(base);
    command.addAll(List.of(args));
    return run(new ProcessBuilder(command));
  }

  private static String run(ProcessBuilder pb) throws Exception {
    return run(pb, 120);
  }

  private static String run(ProcessBuilder pb, int seconds) throws Exception {
    Process p = pb.redirectErrorStream(true).start();
    byte[] output = p.getInputStream().readAllBytes();
    if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
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
    Assumptions.assumeTrue(
        present, what + " is not installed: run .ci/setup, which installs it; skipped");
  }
}

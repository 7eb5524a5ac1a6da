package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static io.gpuchassis.agent.it.TestAgent.ADMIN;
import static io.gpuchassis.agent.it.TestAgent.ADMIN_PASSWORD;
import static io.gpuchassis.agent.it.TestAgent.OPERATOR_PASSWORD;
import static io.gpuchassis.agent.it.TestAgent.READER_PASSWORD;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.config.ConsoleSettings;
import io.gpuchassis.agent.console.PtyPair;
import io.gpuchassis.agent.console.TechnicianTerminal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The technician's serial console end to end: the agent's console on one end of a pseudo-terminal
 * pair (socat), the test typing on the other end as a person at a terminal would, and Redfish
 * checking what the console changed.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ConsoleIT {

  static final String PROMPT = "GPUChassis admin> ";
  static final String ZONES = "/redfish/v1/Fabrics/PCIe/Zones/";

  @TempDir static Path stateDir;
  @TempDir static Path ptyDir;
  static PtyPair pty;
  static TestAgent agent;
  static TechnicianTerminal tech;

  @BeforeAll
  static void start() throws Exception {
    pty = PtyPair.open(ptyDir);
    agent =
        TestAgent.start(
            stateDir,
            c ->
                c.withConsole(
                    ConsoleSettings.DEFAULTS.withDevices(List.of(pty.consolePath().toString()))));
    tech = TechnicianTerminal.open(pty.techPath());
  }

  @AfterAll
  static void stop() {
    if (tech != null) {
      tech.close();
    }
    if (agent != null) {
      agent.close();
    }
    if (pty != null) {
      pty.close();
    }
  }

  static void logIn(String user, String password) {
    tech.sendLine("");
    tech.expect("login: ");
    tech.sendLine(user);
    tech.expect("Password: ");
    tech.sendLine(password);
    tech.expect(user + "> ");
    // long views would pause for --More--; the paging itself is tested with show slots
    run("terminal length 0", user);
  }

  /**
   * Each test ends at the login prompt: logging out ends the session, and the next one shows its
   * banner.
   */
  static void logOut() {
    tech.sendLine("logout");
    tech.expect("Logged out.");
    tech.expect("login: ");
  }

  static String run(String command, String user) {
    tech.sendLine(command);
    return tech.expect("GPUChassis " + user + "> ");
  }

  @Test
  @Order(1)
  void a_wrong_password_is_refused_and_logged_then_the_right_one_logs_in() throws Exception {
    tech.sendLine("");
    tech.expect("login: ");
    tech.sendLine("admin");
    tech.expect("Password: ");
    tech.sendLine("not-the-password");
    String refused = tech.expect("login: ");
    assertTrue(refused.contains("Login incorrect"), refused);
    assertFalse(tech.screen().contains("not-the-password"), "a password is never echoed");

    JsonNode entries =
        json(
            agent.client.get(
                "/redfish/v1/Managers/BMC/LogServices/SecurityLog/Entries?$expand=.", ADMIN));
    boolean logged = false;
    for (JsonNode e : entries.path("Members")) {
      String message = e.path("Message").asText();
      logged |=
          e.path("MessageId").asText().endsWith(".InvalidCredentials")
              && message.contains("Serial console");
    }
    assertTrue(logged, "the failed console login is in the security log: " + entries);

    tech.sendLine("admin");
    tech.expect("Password: ");
    tech.sendLine(ADMIN_PASSWORD);
    tech.expect(PROMPT);
    logOut();
  }

  @Test
  @Order(2)
  void show_slots_lists_all_twenty_slots_on_80_columns_a_screenful_at_a_time() {
    logIn("admin", ADMIN_PASSWORD);
    run("terminal length 12", "admin"); // 22 lines of table: one pause
    tech.sendLine("show slots");
    String first = tech.expect("--More--");
    tech.send(" ");
    String table = first + tech.expect(PROMPT);
    List<Integer> rows = new ArrayList<>();
    Matcher row =
        Pattern.compile("(?m)^\\s*(\\d{1,2})\\s").matcher(TechnicianTerminal.stripAnsi(table));
    while (row.find()) {
      rows.add(Integer.parseInt(row.group(1)));
    }
    List<Integer> expected = new ArrayList<>();
    for (int i = 1; i <= 20; i++) {
      expected.add(i);
    }
    assertEquals(expected, rows, table);
    for (String line : TechnicianTerminal.stripAnsi(table).split("\r?\n")) {
      // what a terminal shows of the line: the text after its last carriage return (--More-- is
      // erased that way)
      String shown = line.substring(line.lastIndexOf('\r') + 1);
      assertTrue(shown.length() <= 80 + PROMPT.length(), "wider than 80 columns: " + shown);
    }
    logOut();
  }

  @Test
  @Order(3)
  void a_bind_and_an_unbind_on_the_console_are_what_redfish_then_shows() throws Exception {
    logIn("admin", ADMIN_PASSWORD);
    tech.sendLine("bind slot 3 host Host1");
    tech.expect("[y/N] ");
    tech.sendLine("y");
    String bound = tech.expect(PROMPT);
    assertTrue(bound.contains("Slot 3 is bound to Host1"), bound);
    assertTrue(endpointsOf("Host1").contains("/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot3"));

    String refused = run("unbind slot 3", "admin");
    assertTrue(
        refused.contains("ReadyToRemove") && refused.contains("--force"),
        "the host has not let go: " + refused);
    assertTrue(endpointsOf("Host1").contains("/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot3"));

    tech.sendLine("unbind slot 3 --force");
    tech.expect("[y/N] ");
    tech.sendLine("y");
    String released = tech.expect(PROMPT);
    assertTrue(released.contains("Slot 3 is released from Host1"), released);
    assertFalse(endpointsOf("Host1").contains("/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot3"));
    logOut();
  }

  @Test
  @Order(4)
  void a_read_only_user_may_look_but_not_bind() throws Exception {
    logIn("reader", READER_PASSWORD);
    String slots = run("show slot 4", "reader");
    assertTrue(slots.contains("4"), slots);
    // Tab completes a command, then a sensor's name; the name shows that sensor alone
    tech.send("sho\t");
    tech.expect("show ");
    tech.send("sensors\r");
    String all = TechnicianTerminal.stripAnsi(tech.expect(PROMPT.replace("admin", "reader")));
    List<String> rows =
        all.lines()
            .dropWhile(l -> !l.startsWith("----"))
            .skip(1)
            .filter(l -> !l.isBlank() && !l.startsWith("GPUChassis"))
            .toList();
    assertTrue(rows.size() > 10, "every sensor: " + all);
    String name = rows.get(rows.size() - 1).split(" ")[0];
    tech.send("show sensors " + name.substring(0, name.length() - 1) + "\t");
    tech.expect(name);
    tech.send("\r");
    String one = TechnicianTerminal.stripAnsi(tech.expect(PROMPT.replace("admin", "reader")));
    assertTrue(
        one.lines().filter(l -> l.startsWith(name)).count() == 1
            && one.lines().count() < rows.size(),
        one);
    String refused = run("bind slot 4 host Host1", "reader");
    assertTrue(refused.contains("Not allowed"), refused);
    assertFalse(refused.contains("[y/N]"), "refused before any question");
    assertFalse(endpointsOf("Host1").contains("/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot4"));
    JsonNode entries =
        json(
            agent.client.get(
                "/redfish/v1/Managers/BMC/LogServices/SecurityLog/Entries?$expand=.", ADMIN));
    boolean audited = false;
    for (JsonNode e : entries.path("Members")) {
      String message = e.path("Message").asText();
      audited |= message.contains("bind slot 4 host Host1") && message.contains("refused");
    }
    assertTrue(audited, "the refused change is in the security log");
    tech.sendLine("logout");
    tech.expect("login: ");
  }

  @Test
  @Order(5)
  void garbage_a_break_and_a_very_long_line_leave_the_console_working() {
    logIn("admin", ADMIN_PASSWORD);
    // Line noise: every byte value but the control keys a person uses on purpose (those do what
    // they are for: ^D
    // logs out, ^R searches the history), and what a break looks like on the wire (NULs).
    Random random = new Random(13);
    byte[] garbage = new byte[4096];
    for (int i = 0; i < garbage.length; i++) {
      int b;
      do {
        b = random.nextInt(256);
      } while (b > 0 && b < 0x20 || b == 0x7f);
      garbage[i] = (byte) b;
    }
    tech.sendBytes(garbage);
    tech.sendBytes(new byte[] {0, 0, 0});
    tech.sendLine("");
    tech.expect(PROMPT);
    tech.send("x".repeat(100_000));
    tech.sendLine("");
    String longLine = tech.expect("Type 'help' for the commands.");
    assertTrue(
        longLine.contains("x".repeat(1000)) && !longLine.contains("x".repeat(1025)),
        "the line is cut at 1024 bytes");
    tech.expect(PROMPT);
    String chassis = run("show chassis", "admin");
    assertTrue(chassis.contains("GPUChassis"), chassis);
    logOut();
  }

  @Test
  @Order(6)
  void the_console_comes_back_when_the_serial_device_vanishes_and_returns() throws Exception {
    logIn("admin", ADMIN_PASSWORD);
    pty.stop(); // the USB-serial adapter is unplugged
    pty.start(); // and plugged in again: a new device behind the same name
    tech.reopen();
    tech.sendLine("");
    tech.expect("login: ");
    logIn("admin", ADMIN_PASSWORD);
    assertTrue(run("show hosts", "admin").contains("Host1"));
    logOut();
  }

  @Test
  @Order(7)
  void the_led_the_power_a_switch_reset_and_the_simulation_s_faults_go_through_the_engines()
      throws Exception {
    logIn("admin", ADMIN_PASSWORD);
    assertTrue(run("locate slot 2 on", "admin").contains("The attention LED of slot 2 is on."));
    assertTrue(
        json(agent.client.get("/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot2", ADMIN))
            .path("LocationIndicatorActive")
            .asBoolean(),
        "Redfish sees the LED the console lit");
    assertTrue(run("locate chassis on", "admin").contains("The chassis identify LED is on."));
    assertTrue(
        json(agent.client.get("/redfish/v1/Chassis/GPUChassis", ADMIN))
            .path("LocationIndicatorActive")
            .asBoolean(),
        "Redfish sees the chassis LED the console lit");
    assertTrue(
        run("show chassis", "admin").matches("(?s).*Identify LED\\s*: on.*"),
        "show chassis says so");
    run("locate chassis off", "admin");

    tech.sendLine("slot 2 power cycle");
    tech.expect("[y/N] ");
    tech.sendLine("y");
    assertTrue(tech.expect(PROMPT).contains("Slot 2 power-cycled."));

    tech.sendLine("switch SW3 reset");
    tech.expect("[y/N] ");
    tech.sendLine("y");
    String reset = tech.expect(PROMPT);
    assertTrue(reset.contains("Reset of switch SW3: done."), reset);
    JsonNode tasks = json(agent.client.get("/redfish/v1/TaskService/Tasks?$expand=.", ADMIN));
    assertTrue(
        tasks.toString().contains("Reset of switch SW3"),
        "the TaskService shows the console's reset");

    assertTrue(run("fault list", "admin").contains("link-down"));
    logOut();
  }

  @Test
  @Order(8)
  void a_locked_out_user_is_unlocked_by_an_administrator_and_changes_its_own_password() {
    tech.sendLine("");
    tech.expect("login: ");
    for (int i = 0; i < 5; i++) {
      tech.sendLine("operator");
      tech.expect("Password: ");
      tech.sendLine("wrong-" + i);
      tech.expect("login: ");
    }
    tech.sendLine("operator");
    tech.expect("Password: ");
    tech.sendLine(OPERATOR_PASSWORD);
    assertTrue(tech.expect("login: ").contains("Login incorrect"), "locked out on this console");

    logIn("admin", ADMIN_PASSWORD);
    assertTrue(run("account unlock operator", "admin").contains("Account operator is unlocked."));
    logOut();

    logIn("operator", OPERATOR_PASSWORD);
    tech.sendLine("password");
    tech.expect("New password: ");
    tech.sendLine("short");
    assertTrue(tech.expect("GPUChassis operator> ").contains("does not meet the policy"));
    tech.sendLine("password");
    tech.expect("New password: ");
    tech.sendLine("operator-password-2");
    tech.expect("Repeat the new password: ");
    tech.sendLine("operator-password-2");
    assertTrue(tech.expect("GPUChassis operator> ").contains("Password changed."));
    assertFalse(tech.screen().contains("operator-password-2"), "passwords are never echoed");
    tech.sendLine("logout");
    tech.expect("login: ");
    logIn("operator", "operator-password-2");
    logOut();
  }

  @Test
  @Order(9)
  void the_console_works_while_the_https_listener_is_stopped() throws Exception {
    agent.agent.stopListening();
    assertThrows(Exception.class, () -> agent.client.get("/redfish/v1/", null), "HTTPS is down");
    logIn("admin", ADMIN_PASSWORD);
    tech.sendLine("bind slot 4 host Host2");
    tech.expect("[y/N] ");
    tech.sendLine("y");
    String bound = tech.expect(PROMPT);
    assertTrue(bound.contains("Slot 4 is bound to Host2"), bound);
    assertEquals("Host2", agent.agent.model().current().binding(4).host().orElse(""));
  }

  static List<String> endpointsOf(String host) throws Exception {
    return json(agent.client.get(ZONES + host, ADMIN))
        .at("/Links/Endpoints")
        .findValuesAsText("@odata.id");
  }
}

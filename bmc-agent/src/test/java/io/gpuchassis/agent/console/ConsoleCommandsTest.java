package io.gpuchassis.agent.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.security.Role;
import io.gpuchassis.redfish.route.Caller;
import io.gpuchassis.redfish.route.PrivilegeTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The console's commands against the privilege table they share with Redfish, and against
 * docs/CONSOLE.md: every command's operation is in the table (none falls back to "anyone"), each
 * role may run exactly what the table gives it, and the document lists every command with the
 * privilege it needs.
 */
class ConsoleCommandsTest {

  /** Every leaf command, by synopsis. */
  static Map<String, ConsoleCommand> leaves() {
    Map<String, ConsoleCommand> leaves = new TreeMap<>();
    collect(new CommandTree(true).spec(), leaves);
    return leaves;
  }

  private static void collect(CommandSpec spec, Map<String, ConsoleCommand> leaves) {
    if (spec.userObject() instanceof ConsoleCommand command) {
      leaves.put(CommandTree.synopsis(spec), command);
    }
    for (CommandLine sub : new java.util.LinkedHashSet<>(spec.subcommands().values())) {
      collect(sub.getCommandSpec(), leaves);
    }
  }

  static Caller as(Role role) {
    return new Caller("someone", role.name(), role.privileges());
  }

  @Test
  void every_command_stands_for_an_operation_of_the_privilege_table() {
    for (Map.Entry<String, ConsoleCommand> e : leaves().entrySet()) {
      Access access = e.getValue().access();
      assertTrue(
          PrivilegeTable.of(access.entity(), access.method()).isPresent(),
          e.getKey()
              + ": "
              + access.entity()
              + " "
              + access.method()
              + " is not in the privilege table");
    }
  }

  @Test
  void
      a_read_only_user_may_run_no_command_that_changes_something_and_every_command_that_does_not() {
    for (Map.Entry<String, ConsoleCommand> e : leaves().entrySet()) {
      Access access = e.getValue().access();
      boolean simulation = e.getKey().startsWith("fault ");
      if (simulation) {
        assertFalse(
            access.allows(as(Role.ReadOnly)),
            e.getKey() + ": the simulation is for administrators");
      } else {
        assertEquals(
            !access.changes()
                || e.getKey().equals("password")
                || e.getKey().startsWith("logout")
                || e.getKey().startsWith("terminal"),
            access.allows(as(Role.ReadOnly)),
            e.getKey());
      }
    }
  }

  @Test
  void an_operator_binds_but_does_not_manage_accounts_or_the_simulation() {
    Map<String, ConsoleCommand> leaves = leaves();
    assertTrue(leaves.get("bind slot SLOT host HOST").access().allows(as(Role.Operator)));
    assertTrue(leaves.get("unbind slot SLOT [--force]").access().allows(as(Role.Operator)));
    assertFalse(leaves.get("account unlock USER").access().allows(as(Role.Operator)));
    assertTrue(leaves.get("account unlock USER").access().allows(as(Role.Administrator)));
    assertTrue(leaves.get("password").access().allows(as(Role.Operator)));
    assertFalse(leaves.get("fault inject KIND TARGET").access().allows(as(Role.Operator)));
    assertTrue(leaves.get("fault inject KIND TARGET").access().allows(as(Role.Administrator)));
  }

  @Test
  void an_operation_missing_from_the_table_is_refused_to_everyone() {
    Access unknown = Access.changing("NoSuchResource", io.vertx.core.http.HttpMethod.POST);
    for (Role role : Role.values()) {
      assertFalse(unknown.allows(as(role)), role.name());
    }
  }

  @Test
  void the_console_document_lists_every_command_with_its_privilege() throws Exception {
    Path doc = Path.of("..", "docs", "CONSOLE.md");
    String text = Files.readString(doc);
    List<String> missing = new ArrayList<>();
    for (Map.Entry<String, ConsoleCommand> e : leaves().entrySet()) {
      // a '|' in a Markdown table cell is written '\|'
      String row =
          "| `" + e.getKey().replace("|", "\\|") + "` | " + e.getValue().access().describe() + " |";
      if (!text.contains(row)) {
        missing.add(row);
      }
    }
    assertTrue(
        missing.isEmpty(), "docs/CONSOLE.md lacks these rows:\n" + String.join("\n", missing));
  }
}

package io.gpuchassis.agent.console.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.console.view.TextTable.Column;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The console's table: fitted columns, a separator, alignment, and never a line wider than the
 * terminal.
 */
class TextTableTest {

  @Test
  void columns_fit_their_content_with_a_dashed_separator_and_alignment() {
    List<String> lines =
        TextTable.of(Column.left("Name"), Column.right("Temp"))
            .row("Intake", 25)
            .row("GPU12", 71.5)
            .lines();
    assertEquals(List.of("Name    Temp", "------  ----", "Intake    25", "GPU12   71.5"), lines);
  }

  @Test
  void a_row_too_wide_is_cut_in_the_flexible_column_with_a_tilde_and_stays_within_80_columns() {
    String message =
        "The health of resource 'Slot3' has changed to Warning because its link trained at x8 Gen3 "
            + "instead of x16 Gen4.";
    List<String> lines =
        TextTable.of(Column.left("Time (UTC)"), Column.left("Severity"), Column.flexible("Message"))
            .row("2024-05-01 12:00:03Z", "Warning", message)
            .lines();
    for (String line : lines) {
      assertTrue(line.length() <= TextTable.WIDTH, line.length() + ": " + line);
    }
    String row = lines.get(2);
    assertEquals(TextTable.WIDTH, row.length(), "the message uses what room there is: " + row);
    assertTrue(row.startsWith("2024-05-01 12:00:03Z  Warning   The health of resource"), row);
    assertTrue(row.endsWith("~"), "a cut value says so: " + row);
  }

  @Test
  void without_a_flexible_column_the_widest_gives_way_and_the_others_stay_whole() {
    String wide = "x".repeat(120);
    List<String> lines =
        TextTable.of(Column.left("Id"), Column.left("Value"), Column.right("N"))
            .row("A1", wide, 42)
            .lines();
    String row = lines.get(2);
    assertEquals(TextTable.WIDTH, row.length(), row);
    assertTrue(row.startsWith("A1  xxx"), row);
    assertTrue(row.endsWith("~  42"), "the number column is kept whole: " + row);
  }

  @Test
  void control_characters_from_clients_never_reach_the_terminal_and_null_is_a_dash() {
    List<String> lines =
        TextTable.of(Column.left("User"), Column.left("Note")).row("eve\u001b[2J", null).lines();
    assertEquals("eve?[2J  -", lines.get(2));
  }

  @Test
  void very_many_columns_are_narrowed_to_their_minimum_and_the_line_is_still_cut_at_80() {
    Column[] columns = new Column[30];
    Object[] cells = new Object[30];
    for (int i = 0; i < columns.length; i++) {
      columns[i] = Column.left("Column" + i);
      cells[i] = "value" + i;
    }
    for (String line : TextTable.of(columns).row(cells).lines()) {
      assertTrue(line.length() <= TextTable.WIDTH, line.length() + ": " + line);
    }
  }
}

package io.gpuchassis.agent.console.view;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A plain-ASCII table for the serial console: a header, a separator of dashes, then one line per
 * row. Column widths fit their content, but a line never exceeds {@link #WIDTH} columns: the
 * flexible columns (else the widest) are narrowed and their cells cut with a trailing {@code ~}, so
 * a technician's 80-column terminal never wraps a row.
 */
public final class TextTable {

  /** The width of a serial terminal. */
  public static final int WIDTH = 80;

  /** Spaces between two columns. */
  static final String GAP = "  ";

  /** How a column's cells line up. */
  public enum Align {
    LEFT,
    RIGHT
  }

  /**
   * One column.
   *
   * @param flexible whether this column gives up width first when a row would not fit (free text:
   *     names, messages)
   */
  public record Column(String header, Align align, boolean flexible) {

    public static Column left(String header) {
      return new Column(header, Align.LEFT, false);
    }

    public static Column right(String header) {
      return new Column(header, Align.RIGHT, false);
    }

    /** A left-aligned column that is narrowed first. */
    public static Column flexible(String header) {
      return new Column(header, Align.LEFT, true);
    }
  }

  private final List<Column> columns;
  private final List<String[]> rows = new ArrayList<>();

  private TextTable(List<Column> columns) {
    if (columns.isEmpty()) {
      throw new IllegalArgumentException("a table needs a column");
    }
    this.columns = List.copyOf(columns);
  }

  public static TextTable of(Column... columns) {
    return new TextTable(Arrays.asList(columns));
  }

  /** Adds a row; a missing cell is blank, a null one is shown as {@code -}. */
  public TextTable row(Object... cells) {
    if (cells.length > columns.size()) {
      throw new IllegalArgumentException(
          cells.length + " cells for " + columns.size() + " columns");
    }
    String[] row = new String[columns.size()];
    for (int i = 0; i < row.length; i++) {
      row[i] = i < cells.length ? Ascii.clean(cells[i] == null ? "-" : cells[i].toString()) : "";
    }
    rows.add(row);
    return this;
  }

  public int size() {
    return rows.size();
  }

  /**
   * The header, the separator and the rows, each at most {@link #WIDTH} columns, without trailing
   * blanks.
   */
  public List<String> lines() {
    int[] widths = fittedWidths();
    List<String> lines = new ArrayList<>(rows.size() + 2);
    String[] headers = columns.stream().map(c -> Ascii.clean(c.header())).toArray(String[]::new);
    lines.add(line(headers, widths));
    String[] dashes = new String[widths.length];
    for (int i = 0; i < widths.length; i++) {
      dashes[i] = "-".repeat(widths[i]);
    }
    lines.add(line(dashes, widths));
    for (String[] row : rows) {
      lines.add(line(row, widths));
    }
    return lines;
  }

  /**
   * Natural widths, then narrowed until a line fits: flexible columns first, the widest of them
   * each time.
   */
  private int[] fittedWidths() {
    int n = columns.size();
    int[] widths = new int[n];
    int[] minimum = new int[n];
    for (int i = 0; i < n; i++) {
      widths[i] = columns.get(i).header().length();
      // Narrower than its header, or than "a~", a column says nothing.
      minimum[i] = Math.max(2, Math.min(widths[i], 6));
      for (String[] row : rows) {
        widths[i] = Math.max(widths[i], row[i].length());
      }
    }
    int excess = total(widths) - WIDTH;
    while (excess > 0) {
      int column = narrowable(widths, minimum, true);
      if (column < 0) {
        column = narrowable(widths, minimum, false);
      }
      if (column < 0) {
        break;
      }
      widths[column]--;
      excess--;
    }
    return widths;
  }

  private int narrowable(int[] widths, int[] minimum, boolean flexibleOnly) {
    int best = -1;
    for (int i = 0; i < widths.length; i++) {
      boolean candidate = widths[i] > minimum[i] && (!flexibleOnly || columns.get(i).flexible());
      if (candidate && (best < 0 || widths[i] > widths[best])) {
        best = i;
      }
    }
    return best;
  }

  private static int total(int[] widths) {
    return Arrays.stream(widths).sum() + GAP.length() * (widths.length - 1);
  }

  private String line(String[] cells, int[] widths) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < cells.length; i++) {
      if (i > 0) {
        b.append(GAP);
      }
      String cell = Ascii.cut(cells[i], widths[i]);
      String pad = " ".repeat(widths[i] - cell.length());
      b.append(columns.get(i).align() == Align.RIGHT ? pad + cell : cell + pad);
    }
    // Columns too many to narrow further still never wrap the terminal.
    return Ascii.cut(Ascii.stripTrailing(b.toString()), WIDTH);
  }
}

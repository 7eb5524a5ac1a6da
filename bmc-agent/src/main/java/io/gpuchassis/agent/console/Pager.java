package io.gpuchassis.agent.console;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import org.jline.terminal.Attributes;
import org.jline.terminal.Terminal;

/**
 * Prints long output a screenful at a time with a {@code --More--} prompt, as technicians know it
 * from network gear: space for the next page, Enter for one more line, q to stop. A serial line
 * cannot report its height, so the page is the terminal's length (24 unless {@code terminal length
 * N} says otherwise; 0 never pauses).
 */
final class Pager {

  static final int DEFAULT_LENGTH = 24;
  private static final String MORE = "--More-- (space: page, Enter: line, q: quit)";

  private final Terminal terminal;
  private int length = DEFAULT_LENGTH;

  Pager(Terminal terminal) {
    this.terminal = terminal;
  }

  int length() {
    return length;
  }

  void setLength(int lines) {
    this.length = lines;
  }

  void print(List<String> lines) {
    PrintWriter out = terminal.writer();
    int room = length <= 1 ? Integer.MAX_VALUE : length - 1;
    for (String line : lines) {
      if (room == 0) {
        int key = askMore();
        if (key == 'q' || key == 'Q' || key < 0 || key == 3) {
          break;
        }
        room = key == '\r' || key == '\n' ? 1 : length - 1;
      }
      out.println(line);
      room--;
    }
    terminal.flush();
  }

  /** Shows the prompt, reads one key, and erases the prompt again. */
  private int askMore() {
    PrintWriter out = terminal.writer();
    out.print(MORE);
    terminal.flush();
    Attributes before = terminal.enterRawMode();
    try {
      return terminal.reader().read();
    } catch (IOException e) {
      return -1;
    } finally {
      terminal.setAttributes(before);
      out.print("\r" + " ".repeat(MORE.length()) + "\r");
      terminal.flush();
    }
  }
}

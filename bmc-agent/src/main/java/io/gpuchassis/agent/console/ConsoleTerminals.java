package io.gpuchassis.agent.console;

import org.jline.keymap.KeyMap;
import org.jline.reader.Binding;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.Reference;
import org.jline.reader.impl.LineReaderImpl;
import org.jline.reader.impl.history.DefaultHistory;
import org.jline.terminal.Terminal;

/** The line editor of a console session, set up the way serial terminals need it. */
public final class ConsoleTerminals {

  /** Commands kept for the up arrow, per session (history is never written to disk). */
  static final int HISTORY_SIZE = 200;

  private ConsoleTerminals() {}

  /**
   * A LineReader on terminal with history, the given completer, Emacs editing, and BOTH arrow-key
   * forms bound (ESC [ A and ESC O A ...), plus Home/End/Delete CSI forms.
   *
   * <p>Both forms because JLine switches the terminal to application-cursor mode (keys send ESC O
   * A) but many serial tools ignore that request and keep sending ESC [ A. History expansion ("!")
   * is off, so a command or secret with "!" is taken as typed, and the edit-in-an-external-editor
   * key (Ctrl-X Ctrl-E) is unbound: a console must not start programs.
   */
  public static LineReader reader(Terminal terminal, Completer completer) {
    LineReader reader =
        LineReaderBuilder.builder()
            .terminal(terminal)
            .completer(completer)
            .history(new DefaultHistory())
            .variable(LineReader.HISTORY_SIZE, HISTORY_SIZE)
            .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
            .build();
    reader.setKeyMap(LineReader.EMACS);
    KeyMap<Binding> emacs = reader.getKeyMaps().get(LineReader.EMACS);
    bind(emacs, LineReader.UP_LINE_OR_HISTORY, "\033[A", "\033OA");
    bind(emacs, LineReader.DOWN_LINE_OR_HISTORY, "\033[B", "\033OB");
    bind(emacs, LineReader.FORWARD_CHAR, "\033[C", "\033OC");
    bind(emacs, LineReader.BACKWARD_CHAR, "\033[D", "\033OD");
    bind(emacs, LineReader.BEGINNING_OF_LINE, "\033[H", "\033OH", "\033[1~", "\033[7~");
    bind(emacs, LineReader.END_OF_LINE, "\033[F", "\033OF", "\033[4~", "\033[8~");
    bind(emacs, LineReader.DELETE_CHAR, "\033[3~");
    emacs.unbind(KeyMap.ctrl('X') + KeyMap.ctrl('E'));
    return reader;
  }

  /**
   * Reads a password without echoing anything: no characters, no mask, no completion listing; the
   * line is not kept in the history.
   *
   * @throws org.jline.reader.EndOfFileException when the line ends (or Ctrl-D on an empty line)
   * @throws org.jline.reader.UserInterruptException on Ctrl-C
   */
  public static String readSecret(LineReader reader, String prompt) {
    Object completion = reader.getVariable(LineReader.DISABLE_COMPLETION);
    reader.setVariable(LineReader.DISABLE_COMPLETION, true);
    try {
      // the NUL mask echoes nothing at all, and a masked line stays out of the history
      return reader.readLine(prompt, LineReaderImpl.NULL_MASK);
    } finally {
      if (completion == null) {
        reader.getVariables().remove(LineReader.DISABLE_COMPLETION);
      } else {
        reader.setVariable(LineReader.DISABLE_COMPLETION, completion);
      }
    }
  }

  private static void bind(KeyMap<Binding> map, String widget, String... sequences) {
    map.bind(new Reference(widget), sequences);
  }
}

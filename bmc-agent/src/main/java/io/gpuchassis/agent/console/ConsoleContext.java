package io.gpuchassis.agent.console;

import io.gpuchassis.agent.security.Account;
import io.gpuchassis.agent.security.AccountActions;
import io.gpuchassis.redfish.route.Caller;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import org.jline.reader.LineReader;
import org.jline.terminal.Terminal;

/**
 * One logged-in console session as its commands see it: who, where, the engines, and the
 * technician's terminal.
 */
final class ConsoleContext {

  private final ConsoleServices services;
  private final AccountActions accounts;
  private final String address;
  private final Terminal terminal;
  private final LineReader reader;
  private final Pager pager;
  private final IdleWatch idle;
  private final ConsoleSessions consoleSessions;
  private Account account;
  private boolean loggedOut;

  ConsoleContext(
      ConsoleServices services,
      AccountActions accounts,
      String address,
      Terminal terminal,
      LineReader reader,
      IdleWatch idle,
      ConsoleSessions consoleSessions,
      Account account) {
    this.services = services;
    this.consoleSessions = consoleSessions;
    this.idle = idle;
    this.accounts = accounts;
    this.address = address;
    this.terminal = terminal;
    this.reader = reader;
    this.pager = new Pager(terminal);
    this.account = account;
  }

  ConsoleServices services() {
    return services;
  }

  /** Who is logged in on the consoles. */
  ConsoleSessions consoleSessions() {
    return consoleSessions;
  }

  AccountActions accounts() {
    return accounts;
  }

  /** The console this session runs on: {@code serial:DEVICE} or {@code stdio}. */
  String address() {
    return address;
  }

  Account account() {
    return account;
  }

  void accountChanged(Account changed) {
    this.account = changed;
  }

  /** The logged-in user as the privilege table sees callers. */
  Caller caller() {
    return new Caller(account.userName(), account.role().name(), account.role().privileges());
  }

  PrintWriter out() {
    return terminal.writer();
  }

  void println(String line) {
    terminal.writer().println(line);
    terminal.flush();
  }

  /** Prints {@code lines}, a screenful at a time. */
  void page(List<String> lines) {
    pager.print(lines);
  }

  Pager pager() {
    return pager;
  }

  /** Asks a yes/no question; only an explicit yes agrees. */
  boolean confirm(String question) {
    String answer = readLine(question + " [y/N] ").trim().toLowerCase(Locale.ROOT);
    return answer.equals("y") || answer.equals("yes");
  }

  /** Reads a secret (a password) without echoing it. */
  String readSecret(String prompt) {
    idle.waiting();
    try {
      return ConsoleTerminals.readSecret(reader, prompt);
    } finally {
      idle.stopped();
    }
  }

  /** Reads a line at {@code prompt}, under the idle timeout. */
  String readLine(String prompt) {
    idle.waiting();
    try {
      return reader.readLine(prompt);
    } finally {
      idle.stopped();
    }
  }

  /** The commands typed in this session, numbered. */
  List<String> history() {
    List<String> lines = new java.util.ArrayList<>();
    reader.getHistory().forEach(e -> lines.add(String.format("%4d  %s", e.index() + 1, e.line())));
    return lines;
  }

  /** Something that may be abandoned with ^C. */
  interface Waiting<T> {
    T await() throws Exception;
  }

  /** Waits for {@code waiting}; ^C on the terminal interrupts the wait (and only the wait). */
  <T> T abandonable(Waiting<T> waiting) throws Exception {
    Thread waiter = Thread.currentThread();
    Terminal.SignalHandler before =
        terminal.handle(Terminal.Signal.INT, signal -> waiter.interrupt());
    try {
      return waiting.await();
    } finally {
      terminal.handle(Terminal.Signal.INT, before);
      Thread
          .interrupted(); // a ^C that came as the wait ended is spent, not left for the next prompt
    }
  }

  void logout() {
    loggedOut = true;
  }

  boolean loggedOut() {
    return loggedOut;
  }
}

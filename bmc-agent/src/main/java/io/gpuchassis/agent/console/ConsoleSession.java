package io.gpuchassis.agent.console;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.config.ConsoleSettings;
import io.gpuchassis.agent.config.Durations;
import io.gpuchassis.agent.security.Account;
import io.gpuchassis.agent.security.AccountActions;
import io.gpuchassis.redfish.route.Privilege;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Supplier;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.UserInterruptException;
import org.jline.reader.impl.completer.NullCompleter;
import org.jline.terminal.Terminal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One technician's session on a console line: the banner, the login (with the change of a password
 * that must be changed), then commands until {@code logout}, the idle timeout, ^D, or the line
 * dropping. Before each command the account is read again, so that a user disabled, deleted or
 * given another role meanwhile is treated accordingly.
 */
final class ConsoleSession implements ConsoleLine.Session {

  private static final Logger LOG = LoggerFactory.getLogger(ConsoleSession.class);
  static final int LOGIN_ATTEMPTS = 3;

  private final ConsoleServices services;
  private final ConsoleLogin login;
  private final AccountActions accounts;
  private final ConsoleSessions active;
  private final ScheduledExecutorService timer;
  private final ConsoleSettings settings;
  private final String address;

  ConsoleSession(
      ConsoleServices services,
      ConsoleLogin login,
      AccountActions accounts,
      ConsoleSessions active,
      ScheduledExecutorService timer,
      ConsoleSettings settings,
      String address) {
    this.services = services;
    this.login = login;
    this.accounts = accounts;
    this.active = active;
    this.timer = timer;
    this.settings = settings;
    this.address = address;
  }

  @Override
  public void run(Terminal terminal) throws InterruptedException {
    PrintWriter out = terminal.writer();
    banner(out);
    terminal.flush();
    IdleWatch loginWatch = new IdleWatch(timer, terminal, settings.loginTimeout());
    Optional<Account> account = logIn(terminal, loginWatch);
    if (account.isEmpty()) {
      return;
    }
    ConsoleSessions.Active session =
        active.opened(account.get().userName(), address, services.clock().instant());
    LOG.info("Console {}: {} logged in", address, account.get().userName());
    try {
      serve(terminal, account.get());
    } finally {
      active.closed(session);
      LOG.info("Console {}: {} logged out", address, account.get().userName());
    }
  }

  private void banner(PrintWriter out) {
    ChassisState state = services.model().current();
    var identity = state.identity();
    out.println();
    out.println(
        Columns.fit(
            services.identity().product()
                + " "
                + services.identity().version()
                + (services.identity().simulated() ? " (simulated chassis)" : "")));
    out.println(
        Columns.fit("Chassis " + identity.id() + ", serial number " + identity.serialNumber()));
    out.println();
  }

  private Optional<Account> logIn(Terminal terminal, IdleWatch watch) throws InterruptedException {
    LineReader reader = ConsoleTerminals.reader(terminal, NullCompleter.INSTANCE);
    PrintWriter out = terminal.writer();
    int failures = 0;
    while (failures < LOGIN_ATTEMPTS) {
      String user;
      String password;
      try {
        user = prompted(watch, () -> reader.readLine("login: ")).trim();
        if (user.isEmpty()) {
          continue;
        }
        password = prompted(watch, () -> ConsoleTerminals.readSecret(reader, "Password: "));
      } catch (UserInterruptException e) {
        if (watch.expired()) {
          return Optional.empty();
        }
        continue;
      } catch (EndOfFileException e) {
        return Optional.empty();
      }
      ConsoleLogin.Outcome outcome = login.attempt(user, password, address);
      if (outcome instanceof ConsoleLogin.Outcome.LoggedIn in) {
        return Optional.of(in.account());
      }
      failures++;
      if (outcome instanceof ConsoleLogin.Outcome.TooFast fast) {
        out.println("Too many logins on this console: wait " + fast.retryAfterSeconds() + " s.");
        terminal.flush();
        Thread.sleep(fast.retryAfterSeconds() * 1000);
      } else {
        out.println("Login incorrect.");
      }
      terminal.flush();
    }
    out.println("Too many failed logins.");
    terminal.flush();
    return Optional.empty();
  }

  private static String prompted(IdleWatch watch, Supplier<String> read) {
    watch.waiting();
    try {
      return read.get();
    } finally {
      watch.stopped();
    }
  }

  private void serve(Terminal terminal, Account account) {
    IdleWatch watch = new IdleWatch(timer, terminal, settings.idleTimeout());
    CommandTree tree = new CommandTree(services.faults().isPresent());
    Account[] current = {account};
    LineReader reader =
        ConsoleTerminals.reader(terminal, new CommandCompleter(tree, names(() -> current[0])));
    ConsoleContext console =
        new ConsoleContext(services, accounts, address, terminal, reader, watch, active, account);
    CommandRunner runner = new CommandRunner(tree, services.security().log());
    try {
      if (account.passwordChangeRequired() && !changeRequiredPassword(console)) {
        return;
      }
      console.println(
          Columns.fit(
              "Logged in as "
                  + account.userName()
                  + " ("
                  + account.role().name()
                  + "). 'help' lists the commands; Tab completes."));
      while (true) {
        Optional<Account> now =
            services.security().accounts().findById(account.id()).filter(Account::enabled);
        if (now.isEmpty()) {
          console.println(
              "The account " + account.userName() + " was disabled or deleted: logged out.");
          return;
        }
        current[0] = now.get();
        console.accountChanged(now.get());
        String prompt =
            services.model().current().identity().id() + " " + now.get().userName() + "> ";
        try {
          console.readLine(prompt);
          List<String> words =
              reader.getParsedLine().words().stream().filter(w -> !w.isEmpty()).toList();
          runner.run(words, console);
        } catch (UserInterruptException e) {
          if (watch.expired()) {
            console.println("");
            console.println("No input for " + Durations.text(watch.timeout()) + ": logged out.");
            return;
          }
          continue;
        }
        if (console.loggedOut()) {
          console.println("Logged out.");
          return;
        }
      }
    } catch (EndOfFileException e) {
      // ^D, or the line dropped: the session ends like a logout
    }
  }

  /** A password set by an administrator must be replaced by its owner before anything else. */
  private boolean changeRequiredPassword(ConsoleContext console) {
    console.println(
        "The password of "
            + console.account().userName()
            + " must be changed before anything else.");
    for (int attempt = 0; attempt < LOGIN_ATTEMPTS; attempt++) {
      try {
        PasswordChange.ask(console);
        return true;
      } catch (CommandRefused refused) {
        console.println(refused.getMessage());
      }
    }
    console.println("The password was not changed: logged out.");
    return false;
  }

  /**
   * What Tab offers for each kind of name, read afresh each time; account names only to account
   * administrators.
   */
  private Map<String, Supplier<List<String>>> names(Supplier<Account> account) {
    return Map.of(
        "SLOT",
            () ->
                services.model().current().slots().stream()
                    .map(s -> Integer.toString(s.number()))
                    .toList(),
        "HOST", () -> services.model().current().hosts().stream().map(h -> h.id()).toList(),
        "SWITCH", () -> services.model().current().switches().stream().map(s -> s.id()).toList(),
        "SENSOR",
            () ->
                services.verdicts().catalog().all().stream()
                    .map(s -> s.redfishId())
                    .sorted()
                    .toList(),
        "USER",
            () ->
                account.get().role().privileges().contains(Privilege.ConfigureUsers)
                    ? services.security().accounts().list().stream().map(Account::userName).toList()
                    : List.of(),
        "KIND",
            () ->
                services
                    .faults()
                    .map(f -> f.kinds().stream().map(k -> k.name()).toList())
                    .orElse(List.of()));
  }
}

package io.gpuchassis.agent.console;

import io.gpuchassis.agent.fault.ActiveFault;
import io.gpuchassis.agent.fault.FaultException;
import io.gpuchassis.agent.fault.FaultInjector;
import io.gpuchassis.agent.fault.FaultKind;
import io.gpuchassis.agent.fault.SimulationApi;
import io.vertx.core.http.HttpMethod;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code fault list | inject KIND TARGET | clear ID|--all}: the simulation's fault switchboard, as
 * {@code /sim/v1/faults} offers it and to the same people (administrators). Present only in a
 * simulated chassis.
 */
final class FaultCommands {

  private FaultCommands() {}

  @Command(
      name = "fault",
      description = "Simulated faults (simulated chassis only).",
      subcommands = {ListFaults.class, Inject.class, Clear.class})
  static final class Fault {}

  static Access simulation(HttpMethod method) {
    return new Access("Manager", method, java.util.Optional.of(SimulationApi.ADMINISTRATOR));
  }

  static FaultInjector faults(ConsoleContext console) {
    return console
        .services()
        .faults()
        .orElseThrow(
            () ->
                new CommandRefused(
                    "This chassis is real hardware: there are no simulated faults."));
  }

  @Command(name = "list", description = "The fault kinds and the faults now active.")
  static final class ListFaults extends ConsoleCommand {
    @Override
    Access access() {
      return simulation(HttpMethod.GET);
    }

    @Override
    void run(ConsoleContext console) {
      FaultInjector faults = faults(console);
      List<String> lines = new ArrayList<>();
      lines.add("Kinds:");
      for (FaultKind kind : faults.kinds()) {
        lines.add(Columns.fit("  " + kind.name() + "  " + kind.description()));
      }
      List<ActiveFault> active = faults.active();
      lines.add(active.isEmpty() ? "No fault is active." : "Active:");
      for (ActiveFault f : active) {
        lines.add(
            Columns.fit(
                "  " + f.id() + "  " + f.kind() + "  " + f.target() + "  since " + f.injected()));
      }
      console.page(lines);
    }
  }

  @Command(name = "inject", description = "Give the simulated hardware a fault.")
  static final class Inject extends ConsoleCommand {
    @Parameters(
        index = "0",
        paramLabel = "KIND",
        description = "The fault kind ('fault list' shows them).")
    String kind;

    @Parameters(
        index = "1",
        paramLabel = "TARGET",
        description = "The Redfish URI of the resource affected.")
    String target;

    @Override
    Access access() {
      return simulation(HttpMethod.POST);
    }

    @Override
    void run(ConsoleContext console) {
      try {
        ActiveFault fault = faults(console).inject(kind, target);
        console.println(
            "Fault " + fault.id() + " (" + fault.kind() + ") is active on " + fault.target() + ".");
      } catch (FaultException e) {
        throw new CommandRefused(TaskFollower.sentence(e.getMessage()));
      }
    }
  }

  @Command(name = "clear", description = "End the active fault ID, or all of them (--all).")
  static final class Clear extends ConsoleCommand {
    @Parameters(
        index = "0",
        arity = "0..1",
        paramLabel = "ID",
        description = "The fault's id ('fault list').")
    String id;

    @Option(names = "--all", description = "End every active fault.")
    boolean all;

    @Override
    Access access() {
      return simulation(HttpMethod.DELETE);
    }

    @Override
    void run(ConsoleContext console) {
      FaultInjector faults = faults(console);
      if ((id == null) == !all) {
        throw new CommandRefused("Name one fault's id, or --all.");
      }
      if (all) {
        faults.clearAll();
        console.println("No fault is active.");
        return;
      }
      try {
        ActiveFault fault = faults.clear(id);
        console.println("Fault " + fault.id() + " (" + fault.kind() + ") is cleared.");
      } catch (FaultException e) {
        throw new CommandRefused(TaskFollower.sentence(e.getMessage()));
      }
    }
  }
}

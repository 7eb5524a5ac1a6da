package io.gpuchassis.agent.console;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.console.view.ChassisView;
import io.gpuchassis.agent.console.view.ConsoleHealth;
import io.gpuchassis.agent.console.view.DataPortsView;
import io.gpuchassis.agent.console.view.EventsView;
import io.gpuchassis.agent.console.view.FansView;
import io.gpuchassis.agent.console.view.FirmwareView;
import io.gpuchassis.agent.console.view.HostView;
import io.gpuchassis.agent.console.view.HostsView;
import io.gpuchassis.agent.console.view.PortsView;
import io.gpuchassis.agent.console.view.PsusView;
import io.gpuchassis.agent.console.view.SecurityLogView;
import io.gpuchassis.agent.console.view.SensorsView;
import io.gpuchassis.agent.console.view.SessionsView;
import io.gpuchassis.agent.console.view.SlotView;
import io.gpuchassis.agent.console.view.SlotsView;
import io.gpuchassis.agent.console.view.SwitchesView;
import io.gpuchassis.agent.console.view.TasksView;
import io.gpuchassis.agent.security.Session;
import io.gpuchassis.redfish.route.Privilege;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code show ...}: what the chassis is and does, rendered from the same state and health verdicts
 * as the Redfish resources, each readable by whoever may read the matching Redfish resource.
 */
final class ShowCommands {

  private ShowCommands() {}

  @Command(
      name = "show",
      description = "Show the chassis, its slots, hosts, switches, sensors, logs and more.",
      subcommands = {
        ChassisShow.class,
        Slots.class,
        SlotShow.class,
        Hosts.class,
        HostShow.class,
        Switches.class,
        Ports.class,
        DataPorts.class,
        Sensors.class,
        Fans.class,
        Psus.class,
        Events.class,
        Log.class,
        Firmware.class,
        Network.class,
        Sessions.class,
        Tasks.class
      })
  static final class Show {}

  /** A show command: reads one kind of Redfish resource and prints a view. */
  abstract static class View extends ConsoleCommand {
    @Override
    final void run(ConsoleContext console) {
      console.page(
          lines(console, console.services().model().current(), console.services().verdicts()));
    }

    abstract List<String> lines(ConsoleContext console, ChassisState state, ConsoleHealth health);
  }

  @Command(
      name = "chassis",
      description = "The chassis: identity, health, fans, supplies, temperatures.")
  static final class ChassisShow extends View {
    @Override
    Access access() {
      return Access.reading("Chassis");
    }

    @Override
    List<String> lines(ConsoleContext console, ChassisState state, ConsoleHealth health) {
      return new ChassisView(health).render(state);
    }
  }

  @Command(
      name = "slots",
      description = "One row per slot: presence, GPU, health, host, link, temperature.")
  static final class Slots extends View {
    @Override
    Access access() {
      return Access.reading("PCIeDevice");
    }

    @Override
    List<String> lines(ConsoleContext console, ChassisState state, ConsoleHealth health) {
      return new SlotsView(health).render(state);
    }
  }

  @Command(
      name = "slot",
      description = "One slot in detail: power, GPU, binding, link, errors, sensors.")
  static final class SlotShow extends View {
    @Parameters(index = "0", paramLabel = "SLOT", description = "The slot number.")
    int slot;

    @Override
    Access access() {
      return Access.reading("PCIeDevice");
    }

    @Override
    List<String> lines(ConsoleContext console, ChassisState state, ConsoleHealth health) {
      BindCommands.slotOf(state, slot);
      return new SlotView(health).render(state, slot);
    }
  }

  @Command(name = "hosts", description = "The host ports: switch, partition, link, GPUs bound.")
  static final class Hosts extends View {
    @Override
    Access access() {
      return Access.reading("Zone");
    }

    @Override
    List<String> lines(ConsoleContext console, ChassisState state, ConsoleHealth health) {
      return new HostsView(health).render(state);
    }
  }

  @Command(name = "host", description = "One host port and its GPUs.")
  static final class HostShow extends View {
    @Parameters(index = "0", paramLabel = "HOST", description = "The host port, e.g. Host1.")
    String host;

    @Override
    Access access() {
      return Access.reading("Zone");
    }

    @Override
    List<String> lines(ConsoleContext console, ChassisState state, ConsoleHealth health) {
      if (state.hosts().stream().noneMatch(h -> h.id().equals(host))) {
        throw new CommandRefused("There is no host " + host + ".");
      }
      return new HostView(health).render(state, host);
    }
  }

  @Command(
      name = "switches",
      description = "The switch chips: model, firmware, health, temperature.")
  static final class Switches extends View {
    @Override
    Access access() {
      return Access.reading("Switch");
    }

    @Override
    List<String> lines(ConsoleContext console, ChassisState state, ConsoleHealth health) {
      return new SwitchesView(health, console.services().firmware()::updating).render(state);
    }
  }

  @Command(name = "ports", description = "Every switch port: role, link width and speed, errors.")
  static final class Ports extends View {
    @Override
    Access access() {
      return Access.reading("Port");
    }

    @Override
    List<String> lines(ConsoleContext console, ChassisState state, ConsoleHealth health) {
      return new PortsView(health).render(state);
    }
  }

  @Command(
      name = "data-ports",
      description =
          "The chassis's own Ethernet data ports: link, health, conditions, PFC and loss rates,"
              + " round trips.")
  static final class DataPorts extends View {
    @Override
    Access access() {
      return Access.reading("Port");
    }

    @Override
    List<String> lines(ConsoleContext console, ChassisState state, ConsoleHealth health) {
      return new DataPortsView()
          .render(console.services().dataPorts().statuses(), console.services().roundTrips().all());
    }
  }

  @Command(
      name = "sensors",
      description =
          "Every sensor with its reading, health and thresholds; a SENSOR name"
              + " (or its beginning) shows only those.")
  static final class Sensors extends View {
    @Parameters(
        index = "0",
        arity = "0..1",
        paramLabel = "SENSOR",
        description = "A sensor name or its beginning.")
    String name;

    @Override
    Access access() {
      return Access.reading("Sensor");
    }

    @Override
    List<String> lines(ConsoleContext console, ChassisState state, ConsoleHealth health) {
      List<String> all = new SensorsView(health).render();
      if (name == null || all.size() < 2) {
        return all;
      }
      // the header and its rule, then the rows of the sensors asked for
      List<String> some = new ArrayList<>(all.subList(0, 2));
      all.subList(2, all.size()).stream().filter(l -> l.startsWith(name)).forEach(some::add);
      if (some.size() == 2) {
        throw new CommandRefused("No sensor's name begins with " + name + ".");
      }
      return some;
    }
  }

  @Command(name = "fans", description = "The fans: speed, health, the fan loop's decision.")
  static final class Fans extends View {
    @Override
    Access access() {
      return Access.reading("Fan");
    }

    @Override
    List<String> lines(ConsoleContext console, ChassisState state, ConsoleHealth health) {
      return new FansView(health).render(state);
    }
  }

  @Command(name = "psus", description = "The power supplies: output, health, redundancy.")
  static final class Psus extends View {
    @Override
    Access access() {
      return Access.reading("PowerSupply");
    }

    @Override
    List<String> lines(ConsoleContext console, ChassisState state, ConsoleHealth health) {
      return new PsusView(health).render(state);
    }
  }

  @Command(name = "events", description = "The event log, newest last.")
  static final class Events extends View {
    @Option(names = "--last", paramLabel = "N", description = "How many entries (default 20).")
    int last = 20;

    @Override
    Access access() {
      return Access.reading("LogEntry");
    }

    @Override
    List<String> lines(ConsoleContext console, ChassisState state, ConsoleHealth health) {
      return EventsView.render(console.services().events().log(), Math.max(1, last));
    }
  }

  @Command(name = "log", description = "The security log (logins, changes, refusals), newest last.")
  static final class Log extends View {
    @Option(names = "--last", paramLabel = "N", description = "How many entries (default 20).")
    int last = 20;

    @Override
    Access access() {
      return Access.reading("LogEntry");
    }

    @Override
    List<String> lines(ConsoleContext console, ChassisState state, ConsoleHealth health) {
      return SecurityLogView.render(console.services().security().log(), Math.max(1, last));
    }
  }

  @Command(
      name = "firmware",
      description = "Each switch's running firmware, its flash copies, updates under way.")
  static final class Firmware extends View {
    @Override
    Access access() {
      return Access.reading("SoftwareInventory");
    }

    @Override
    List<String> lines(ConsoleContext console, ChassisState state, ConsoleHealth health) {
      return firmware(console, state);
    }
  }

  static List<String> firmware(ConsoleContext console, ChassisState state) {
    return new FirmwareView(
            console.services().firmware().inventory(), console.services().firmware()::updating)
        .render(state);
  }

  @Command(
      name = "network",
      description = "The management port: addresses, link, gateway, name servers.")
  static final class Network extends View {
    @Override
    Access access() {
      return Access.reading("Manager/EthernetInterfaceCollection/EthernetInterface");
    }

    @Override
    List<String> lines(ConsoleContext console, ChassisState state, ConsoleHealth health) {
      return NetworkLines.of(console.services());
    }
  }

  @Command(
      name = "sessions",
      description =
          "Redfish sessions (all of them for managers, else your own) and who is"
              + " logged in on the consoles.")
  static final class Sessions extends View {
    @Override
    Access access() {
      return Access.reading("SessionCollection");
    }

    @Override
    List<String> lines(ConsoleContext console, ChassisState state, ConsoleHealth health) {
      boolean manager = console.caller().has(Privilege.ConfigureManager);
      List<Session> visible =
          console.services().security().sessions().all().stream()
              .filter(s -> manager || s.userName().equals(console.account().userName()))
              .toList();
      List<String> lines = new ArrayList<>(SessionsView.render(visible));
      lines.add("");
      lines.add("Consoles:");
      for (ConsoleSessions.Active a : console.consoleSessions().all()) {
        if (manager || a.userName().equals(console.account().userName())) {
          lines.add(
              Columns.fit("  " + a.userName() + " on " + a.address() + " since " + a.since()));
        }
      }
      return lines;
    }
  }

  @Command(
      name = "tasks",
      description = "Tasks (binds, releases, updates, resets) and how they stand.")
  static final class Tasks extends View {
    @Override
    Access access() {
      return Access.reading("TaskCollection");
    }

    @Override
    List<String> lines(ConsoleContext console, ChassisState state, ConsoleHealth health) {
      return TasksView.render(console.services().tasks());
    }
  }
}

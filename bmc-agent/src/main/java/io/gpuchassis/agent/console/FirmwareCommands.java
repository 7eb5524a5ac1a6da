package io.gpuchassis.agent.console;

import io.gpuchassis.agent.firmware.FirmwareUpdates;
import io.gpuchassis.agent.firmware.UpdateProgress;
import io.gpuchassis.agent.redfish.ConsoleTasks;
import io.gpuchassis.agent.tasks.Task;
import io.gpuchassis.redfish.message.MessageInstance;
import io.vertx.core.http.HttpMethod;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code firmware status | activate SWITCH | rollback SWITCH} and {@code switch SWITCH reset}: the
 * switch chips' firmware and resets, through the same firmware updates (and binding-engine
 * reservations) as Redfish's UpdateService and Switch.Reset, each as a task Redfish's TaskService
 * shows.
 */
final class FirmwareCommands {

  private FirmwareCommands() {}

  @Command(
      name = "firmware",
      description = "The switch chips' firmware.",
      subcommands = {Status.class, Activate.class, Rollback.class})
  static final class Firmware {}

  @Command(
      name = "status",
      description = "Each switch's running firmware, its flash copies, and updates under way.")
  static final class Status extends ConsoleCommand {
    @Override
    Access access() {
      return Access.reading("SoftwareInventory");
    }

    @Override
    void run(ConsoleContext console) {
      console.page(ShowCommands.firmware(console, console.services().model().current()));
    }
  }

  @Command(
      name = "activate",
      description =
          "Reset switch SWITCH so it runs the firmware written to boot next (an"
              + " update applied OnReset); asks for confirmation.")
  static final class Activate extends ConsoleCommand {
    @Parameters(index = "0", paramLabel = "SWITCH", description = "The switch, e.g. SW1.")
    String switchId;

    @Override
    Access access() {
      return Access.changing("UpdateService", HttpMethod.POST);
    }

    @Override
    void run(ConsoleContext console) throws InterruptedException {
      switchWork(
          console,
          switchId,
          "Activation of the firmware waiting on switch " + switchId,
          "Activate the firmware waiting on "
              + switchId
              + "? The switch resets and its links retrain.",
          progress -> console.services().firmware().activate(switchId, progress));
    }
  }

  @Command(
      name = "rollback",
      description =
          "Make switch SWITCH boot the firmware copy it is not running, and reset"
              + " it (A/B fallback by hand); asks for confirmation.")
  static final class Rollback extends ConsoleCommand {
    @Parameters(index = "0", paramLabel = "SWITCH", description = "The switch, e.g. SW1.")
    String switchId;

    @Override
    Access access() {
      return Access.changing("UpdateService", HttpMethod.POST);
    }

    @Override
    void run(ConsoleContext console) throws InterruptedException {
      switchWork(
          console,
          switchId,
          "Rollback of the firmware of switch " + switchId,
          "Roll "
              + switchId
              + " back to its other firmware copy? The switch resets and its links retrain.",
          progress -> console.services().firmware().rollback(switchId, progress));
    }
  }

  @Command(name = "switch", description = "A switch chip.", subcommands = Reset.class)
  static final class SwitchGroup {
    @Parameters(index = "0", paramLabel = "SWITCH", description = "The switch, e.g. SW1.")
    String switchId;
  }

  @Command(
      name = "reset",
      description =
          "Hard-reset the switch chip (refused while a GPU is bound through it); asks"
              + " for confirmation.")
  static final class Reset extends ConsoleCommand {
    @ParentCommand SwitchGroup parent;

    @Override
    Access access() {
      return Access.changing("Switch", HttpMethod.POST);
    }

    @Override
    void run(ConsoleContext console) throws InterruptedException {
      String id = parent.switchId;
      FirmwareUpdates firmware = console.services().firmware();
      switchWork(
          console,
          id,
          "Reset of switch " + id,
          "Reset switch " + id + "? Its links drop and retrain.",
          progress -> firmware.reset(firmware.reserveReset(id), progress));
    }
  }

  private static void switchWork(
      ConsoleContext console,
      String switchId,
      String name,
      String question,
      Function<UpdateProgress, CompletableFuture<Void>> work)
      throws InterruptedException {
    if (console.services().model().current().switchChip(switchId).isEmpty()) {
      throw new CommandRefused("There is no switch " + switchId + ".");
    }
    if (!console.confirm(question)) {
      throw new CommandRefused("Cancelled; nothing changed.");
    }
    UpdateProgress shown =
        new UpdateProgress() {
          @Override
          public void step(MessageInstance message, String originUri) {
            console.println("");
            console.out().print("  " + message.text() + " ");
            console.out().flush();
          }

          @Override
          public void percent(int percentComplete) {
            // the task keeps the percentage; the console shows the steps
          }
        };
    CompletableFuture<Void> done = new CompletableFuture<>();
    Task task;
    try {
      task =
          new ConsoleTasks(console.services().tasks(), console.services().events().bus())
              .switchWork(
                  name,
                  switchId,
                  ConsoleTasks.switchResetUri(switchId),
                  shown,
                  progress -> {
                    CompletableFuture<Void> running = work.apply(progress);
                    running.whenComplete(
                        (ok, error) -> {
                          if (error == null) {
                            done.complete(null);
                          } else {
                            done.completeExceptionally(error);
                          }
                        });
                    return running;
                  });
    } catch (RuntimeException refused) {
      throw new CommandRefused(TaskFollower.reason(refused));
    }
    TaskFollower.follow(console, task, done, name + ": done.");
  }
}

package io.gpuchassis.agent.console;

import io.gpuchassis.agent.health.SlotPower;
import io.vertx.core.http.HttpMethod;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code slot N power on|off|cycle [--force]}, {@code slot N clear-latch}, {@code locate slot N
 * on|off} and {@code locate chassis on|off}: a slot's power and attention LED, the chassis's
 * identify LED, through the health monitor that owns the slot lines (and powers slots off for
 * over-temperature). A changed slot is the PCIeDevice's business on Redfish, so its PATCH privilege
 * applies.
 */
final class SlotCommands {

  private SlotCommands() {}

  static Access slotChange() {
    return Access.changing("PCIeDevice", HttpMethod.PATCH);
  }

  enum PowerAction {
    on,
    off,
    cycle
  }

  enum OnOff {
    on,
    off
  }

  @Command(
      name = "slot",
      description = "A slot's power and over-temperature latch.",
      subcommands = {Power.class, ClearLatch.class})
  static final class SlotGroup {
    @Parameters(index = "0", paramLabel = "SLOT", description = "The slot number.")
    int slot;
  }

  @Command(
      name = "power",
      description =
          "Switch the slot's power (off and cycle refuse a slot bound to a host unless"
              + " --force; asks for confirmation).")
  static final class Power extends ConsoleCommand {
    @ParentCommand SlotGroup parent;

    @Parameters(index = "0", paramLabel = "ACTION", description = "on, off or cycle.")
    PowerAction action;

    @Option(names = "--force", description = "Also when the slot's GPU is bound to a host.")
    boolean force;

    @Override
    Access access() {
      return slotChange();
    }

    @Override
    void run(ConsoleContext console) throws Exception {
      int slot = parent.slot;
      BindCommands.slotOf(console.services().model().current(), slot);
      if (action != PowerAction.on && !console.confirm("Power " + action + " slot " + slot + "?")) {
        throw new CommandRefused("Cancelled; nothing changed.");
      }
      SlotPower power = console.services().health().slotPower();
      String user = console.account().userName();
      await(
          console,
          switch (action) {
            case on -> power.powerOn(slot, user);
            case off -> power.powerOff(slot, user, force);
            case cycle -> power.powerCycle(slot, user, force);
          });
      console.println(
          "Slot "
              + slot
              + (action == PowerAction.cycle ? " power-cycled." : " powered " + action + "."));
    }
  }

  @Command(
      name = "clear-latch",
      description = "Clear the slot's over-temperature latch and power it on again.")
  static final class ClearLatch extends ConsoleCommand {
    @ParentCommand SlotGroup parent;

    @Override
    Access access() {
      return slotChange();
    }

    @Override
    void run(ConsoleContext console) throws Exception {
      int slot = parent.slot;
      BindCommands.slotOf(console.services().model().current(), slot);
      if (!await(
          console, console.services().health().clearLatch(slot, console.account().userName()))) {
        throw new CommandRefused("Slot " + slot + " is not latched off for over-temperature.");
      }
      console.println("Slot " + slot + "'s latch is cleared and the slot is powered on.");
    }
  }

  @Command(
      name = "locate",
      description = "Light a slot's attention LED or the chassis's identify LED, to find it.",
      subcommands = {LocateSlot.class, LocateChassis.class})
  static final class Locate {}

  @Command(name = "chassis", description = "Switch the chassis's identify LED on or off.")
  static final class LocateChassis extends ConsoleCommand {
    @Parameters(index = "0", paramLabel = "STATE", description = "on or off.")
    OnOff state;

    /** The chassis's LED is the Chassis resource's business on Redfish: its PATCH privilege. */
    @Override
    Access access() {
      return Access.changing("Chassis", HttpMethod.PATCH);
    }

    @Override
    void run(ConsoleContext console) throws Exception {
      await(
          console,
          console
              .services()
              .health()
              .identifyLed()
              .set(state == OnOff.on, console.account().userName()));
      console.println("The chassis identify LED is " + state + ".");
    }
  }

  @Command(name = "slot", description = "Switch the attention LED of slot SLOT on or off.")
  static final class LocateSlot extends ConsoleCommand {
    @Parameters(index = "0", paramLabel = "SLOT", description = "The slot number.")
    int slot;

    @Parameters(index = "1", paramLabel = "STATE", description = "on or off.")
    OnOff state;

    @Override
    Access access() {
      return slotChange();
    }

    @Override
    void run(ConsoleContext console) throws Exception {
      BindCommands.slotOf(console.services().model().current(), slot);
      await(console, console.services().health().slotPower().setLocate(slot, state == OnOff.on));
      console.println("The attention LED of slot " + slot + " is " + state + ".");
    }
  }

  /**
   * Waits for a slot operation; its refusal or failure becomes the sentence the technician reads.
   * ^C stops the wait, not the operation (the slot lines are in the middle of a sequence that must
   * complete).
   */
  static <T> T await(ConsoleContext console, CompletableFuture<T> operation) throws Exception {
    try {
      return console.abandonable(operation::get);
    } catch (InterruptedException e) {
      throw new CommandRefused(
          "Not waiting any more: the operation goes on ('show slot' tells how it ended).");
    } catch (ExecutionException e) {
      throw new CommandRefused(TaskFollower.reason(e.getCause()));
    }
  }
}

package io.gpuchassis.agent.console;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.compose.BindingException;
import io.gpuchassis.agent.redfish.ConsoleTasks;
import io.gpuchassis.agent.tasks.Task;
import io.vertx.core.http.HttpMethod;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bind slot N host H} and {@code unbind slot N [--force]}: the binding engine, as the Zone
 * actions use it.
 */
final class BindCommands {

  private BindCommands() {}

  /** The literal word between a slot and a host, so that the command reads as a sentence. */
  enum HostWord {
    host
  }

  @Command(
      name = "bind",
      description = "Bind a GPU slot into a host's partition.",
      subcommands = BindSlot.class)
  static final class Bind {}

  @Command(
      name = "slot",
      description = "Bind the GPU in slot SLOT to host HOST (asks for confirmation).")
  static final class BindSlot extends ConsoleCommand {
    @Parameters(index = "0", paramLabel = "SLOT", description = "The slot number.")
    int slot;

    @Parameters(index = "1", paramLabel = "host", description = "The word 'host'.")
    HostWord word;

    @Parameters(index = "2", paramLabel = "HOST", description = "The host port, e.g. Host1.")
    String host;

    @Override
    Access access() {
      return Access.changing("Zone", HttpMethod.POST);
    }

    @Override
    void run(ConsoleContext console) {
      ConsoleServices services = console.services();
      ChassisState state = services.model().current();
      Slot target = slotOf(state, slot);
      if (state.hosts().stream().noneMatch(h -> h.id().equals(host))) {
        throw new CommandRefused(
            "There is no host "
                + host
                + ". Hosts: "
                + String.join(", ", state.hosts().stream().map(h -> h.id()).toList())
                + ".");
      }
      services
          .reservations()
          .conflicting(console.account().userName(), Set.of(slot), Set.of(host))
          .ifPresent(
              r -> {
                throw new CommandRefused(
                    "Slot "
                        + slot
                        + " or "
                        + host
                        + " is reserved for another client (reservation "
                        + r.id()
                        + ") until "
                        + r.expires()
                        + ".");
              });
      String gpu = target.gpu().map(g -> " (" + g.displayName() + ")").orElse("");
      if (!console.confirm("Bind slot " + slot + gpu + " to " + host + "?")) {
        throw new CommandRefused("Cancelled; nothing changed.");
      }
      CompletableFuture<SlotBinding> change = engine(() -> services.bindings().bind(slot, host));
      Task task =
          new ConsoleTasks(services.tasks(), services.events().bus())
              .bind(slot, host, overEthernet(services, host), change);
      TaskFollower.follow(console, task, change, "Slot " + slot + " is bound to " + host + ".");
    }
  }

  @Command(
      name = "unbind",
      description = "Release a GPU slot from its host.",
      subcommands = UnbindSlot.class)
  static final class Unbind {}

  @Command(
      name = "slot",
      description =
          "Release the GPU in slot SLOT from its host. The host must have released it"
              + " (ReadyToRemove) unless --force (asks for confirmation).")
  static final class UnbindSlot extends ConsoleCommand {
    @Parameters(index = "0", paramLabel = "SLOT", description = "The slot number.")
    int slot;

    @Option(
        names = "--force",
        description = "Release even though the host has not let go of the GPU.")
    boolean force;

    @Override
    Access access() {
      return Access.changing("Zone", HttpMethod.POST);
    }

    @Override
    void run(ConsoleContext console) {
      ConsoleServices services = console.services();
      ChassisState state = services.model().current();
      slotOf(state, slot);
      SlotBinding binding = state.binding(slot);
      Optional<String> host = binding.host();
      if (host.isEmpty()) {
        throw new CommandRefused("Slot " + slot + " is not bound to a host.");
      }
      // A slot that is not bound, or moving, is the engine's to refuse below.
      Optional<String> held =
          binding.state() == SlotBinding.State.BOUND
              ? services.bindings().releaseRule().holds(state, slot, binding)
              : Optional.empty();
      if (!force && held.isPresent()) {
        throw new CommandRefused(
            TaskFollower.sentence(held.get())
                + " Ask its orchestrator to release it, or use --force.");
      }
      String question =
          force && held.isPresent()
              ? "The host "
                  + host.get()
                  + " has not released the GPU. Force the release of slot "
                  + slot
                  + "?"
              : "Release slot " + slot + " from " + host.get() + "?";
      if (!console.confirm(question)) {
        throw new CommandRefused("Cancelled; nothing changed.");
      }
      CompletableFuture<SlotBinding> change = engine(() -> services.bindings().unbind(slot, force));
      Task task =
          new ConsoleTasks(services.tasks(), services.events().bus())
              .release(slot, host.get(), overEthernet(services, host.get()), change);
      TaskFollower.follow(
          console, task, change, "Slot " + slot + " is released from " + host.get() + ".");
    }
  }

  static Slot slotOf(ChassisState state, int slot) {
    return state
        .slot(slot)
        .orElseThrow(
            () ->
                new CommandRefused(
                    "There is no slot " + slot + " (slots 1 to " + state.slots().size() + ")."));
  }

  /**
   * The engine's refusals (known before any hardware work) as the sentence the technician reads.
   */
  private static <T> CompletableFuture<T> engine(
      java.util.function.Supplier<CompletableFuture<T>> call) {
    try {
      return call.get();
    } catch (BindingException e) {
      throw new CommandRefused(TaskFollower.sentence(e.getMessage()) + hint(e));
    }
  }

  private static String hint(BindingException e) {
    return e.reason() == BindingException.Reason.HOST_STILL_USING
        ? " Ask the host's orchestrator to release it (ReadyToRemove), or use --force."
        : "";
  }

  /** Whether {@code host} is an Ethernet host, whose zone is on the RoCE fabric. */
  static boolean overEthernet(ConsoleServices services, String host) {
    return services.model().current().hosts().stream()
        .anyMatch(h -> h.id().equals(host) && h.overEthernet());
  }
}

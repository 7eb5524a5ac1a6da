package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.compose.BindingException.Reason;
import io.gpuchassis.agent.compose.BindingException.Shortfall;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The admission check of each host's hot-plug memory window ({@link HotPlugWindow}: the host's own
 * report over the board description's) against the BARs ({@link MemoryWindow}) of the GPUs it holds
 * and those requested for it. A GPU that does not report its memory size counts as the whole
 * window: its BARs may be as large as anything that still works there, so it is attached only to a
 * host with no other GPU, and no other GPU joins it (as a GPU of unknown power counts at its slot's
 * ceiling). Pure.
 */
final class WindowCheck {

  private final ReportedWindows reported;

  WindowCheck(ReportedWindows reported) {
    this.reported = reported;
  }

  /** The first host whose window {@code binds} overflow, if any. */
  Optional<BindingException> refusal(ChassisState state, List<Change.Bind> binds) {
    Map<String, List<Integer>> byHost = new LinkedHashMap<>();
    binds.forEach(b -> byHost.computeIfAbsent(b.hostId(), h -> new ArrayList<>()).add(b.slot()));
    for (var entry : byHost.entrySet()) {
      Optional<HostPort> host =
          state.hosts().stream().filter(h -> h.id().equals(entry.getKey())).findFirst();
      Optional<HotPlugWindow> window = host.flatMap(h -> HotPlugWindow.of(h, reported));
      if (window.isEmpty()) {
        continue;
      }
      long size = window.get().mib();
      long used = mib(state, HostGpus.held(state, entry.getKey()), size);
      long needed = mib(state, entry.getValue(), size);
      long left = Math.max(0, size - used);
      if (needed > left) {
        return Optional.of(
            new BindingException(
                Reason.BAR_WINDOW,
                "the GPUs requested for "
                    + entry.getKey()
                    + " need "
                    + needed
                    + " MiB of memory windows, but "
                    + left
                    + " MiB are left of the host port's "
                    + window.get().mib()
                    + " MiB hot-plug window, "
                    + window.get().origin(entry.getKey())
                    + unknown(state, entry.getValue(), size),
                new Shortfall(entry.getKey(), needed, left)));
      }
    }
    return Optional.empty();
  }

  /** The MiB the GPUs in {@code slots} need; a GPU of unknown memory counts the whole window. */
  private static long mib(ChassisState state, List<Integer> slots, long window) {
    long total = 0;
    for (int slot : slots) {
      total +=
          state
              .slot(slot)
              .flatMap(s -> s.gpu())
              .map(g -> MemoryWindow.mibOf(g).orElse(MemoryWindow.unknownMib(window)))
              .orElse(0L);
    }
    return total;
  }

  /** Says which GPUs were counted as the whole window, and why. */
  private static String unknown(ChassisState state, List<Integer> slots, long window) {
    List<Integer> unknown =
        slots.stream()
            .filter(
                n ->
                    state
                        .slot(n)
                        .flatMap(s -> s.gpu())
                        .filter(g -> MemoryWindow.mibOf(g).isEmpty())
                        .isPresent())
            .toList();
    if (unknown.isEmpty()) {
      return "";
    }
    String named = String.join(", ", unknown.stream().map(String::valueOf).toList());
    long each = MemoryWindow.unknownMib(window);
    return unknown.size() == 1
        ? "; the GPU in slot "
            + named
            + " does not report a memory size and counts "
            + each
            + " MiB, the whole window"
        : "; the GPUs in slots "
            + named
            + " do not report a memory size and count "
            + each
            + " MiB each, the whole window";
  }
}

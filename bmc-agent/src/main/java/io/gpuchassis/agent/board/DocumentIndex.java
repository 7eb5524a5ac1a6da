package io.gpuchassis.agent.board;

import io.gpuchassis.agent.board.BoardDocument.DeviceEntry;
import io.gpuchassis.agent.board.BoardDocument.MuxEntry;
import io.gpuchassis.agent.board.BoardDocument.Root;
import io.gpuchassis.agent.board.BoardDocument.SlotEntry;
import io.gpuchassis.agent.board.BoardDocument.SwitchEntry;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The entries of a parsed board file by id, for the rules that follow references. For an id that is
 * used twice the first entry counts; the duplicate is reported by the id rules.
 */
final class DocumentIndex {

  private final Map<String, SwitchEntry> switches = new LinkedHashMap<>();
  private final Map<Integer, SlotEntry> slots = new LinkedHashMap<>();
  private final Map<String, MuxEntry> muxes = new LinkedHashMap<>();
  private final Map<String, DeviceEntry> devices = new LinkedHashMap<>();

  DocumentIndex(Root root) {
    root.switches().forEach(entry -> switches.putIfAbsent(entry.id(), entry));
    root.slots().forEach(entry -> slots.putIfAbsent(entry.id(), entry));
    root.muxes().forEach(entry -> muxes.putIfAbsent(entry.id(), entry));
    root.devices().forEach(entry -> devices.putIfAbsent(entry.id(), entry));
  }

  boolean hasSwitch(String id) {
    return switches.containsKey(id);
  }

  Optional<SwitchEntry> switchEntry(String id) {
    return Optional.ofNullable(switches.get(id));
  }

  /** {@code "SW1, SW2"}, for messages. */
  String switchIds() {
    return String.join(", ", switches.keySet());
  }

  boolean hasSlot(int number) {
    return slots.containsKey(number);
  }

  Optional<MuxEntry> mux(String id) {
    return Optional.ofNullable(muxes.get(id));
  }

  String muxIds() {
    return String.join(", ", muxes.keySet());
  }

  /**
   * What is wrong with naming device {@code id} where a {@code part} is expected, e.g. an expander
   * pin or the chassis FRU; empty if it is such a device.
   *
   * @param kind what the reference calls the device, e.g. {@code "expander"}
   */
  Optional<String> deviceReferenceProblem(String id, I2cPart part, String kind) {
    DeviceEntry device = devices.get(id);
    if (device != null && device.part().equals(part.fileName())) {
      return Optional.empty();
    }
    if (device != null) {
      return Optional.of("'" + id + "' is a " + device.part() + ", not a " + part.fileName());
    }
    if (muxes.containsKey(id)) {
      return Optional.of("'" + id + "' is a mux, not a " + part.fileName());
    }
    String candidates =
        devices.values().stream()
            .filter(entry -> entry.part().equals(part.fileName()))
            .map(DeviceEntry::id)
            .collect(Collectors.joining(", "));
    return Optional.of(
        "unknown "
            + kind
            + " '"
            + id
            + "'; "
            + (candidates.isEmpty()
                ? "there are no " + part.fileName() + " devices under i2c.devices"
                : kind + "s are: " + candidates));
  }
}

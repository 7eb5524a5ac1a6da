package io.gpuchassis.agent.console.view;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Gpu;
import io.gpuchassis.agent.chassis.PortErrorCounters;
import io.gpuchassis.agent.chassis.PortLink;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.chassis.WiredPort;
import io.gpuchassis.agent.health.ChassisSensor;
import io.gpuchassis.sensor.chassis.SensorIds;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code show slot N}: one slot in detail: its lines (presence, power, reset, attention LED), the
 * over-temperature latch, the GPU's identity, its binding, switch port and link with the port's
 * error counters, and the GPU's sensors. A slot line the board does not wire to the agent is left
 * out rather than guessed.
 */
public final class SlotView {

  private final ConsoleHealth health;

  public SlotView(ConsoleHealth health) {
    this.health = health;
  }

  public List<String> render(ChassisState state, int number) {
    Optional<Slot> found = state.slot(number);
    if (found.isEmpty()) {
      return List.of("No slot " + number + " (slots are 1 to " + state.slots().size() + ")");
    }
    Slot slot = found.get();
    WiredPort port = WiredPort.find(state, slot.switchId(), slot.port()).orElseThrow();
    Optional<PortLink> link = health.link(state, port);
    SlotBinding binding = state.binding(number);

    Fields fields = new Fields().add("Slot", number).add("Present", slot.occupied() ? "yes" : "no");
    signal(fields, "Power", SensorIds.slotPowerEnabled(number), "on", "off");
    signal(fields, "Reset (PERST#)", SensorIds.slotInReset(number), "asserted", "released");
    signal(fields, "Attention LED", SensorIds.slotAttention(number), "lit", "off");
    fields.add(
        "Over-temp latch",
        health.monitor().latched(number) ? "LATCHED (powered off until cleared)" : "no");
    slot.gpu().ifPresent(gpu -> gpu(fields, state, slot, gpu));
    fields
        .add(
            "Binding",
            binding.state().name().toLowerCase(java.util.Locale.ROOT)
                + binding.host().map(h -> " " + h).orElse("")
                + " since "
                + Cells.time(binding.since()))
        .add("Ready to remove", binding.readyToRemove() ? "yes" : "no");
    binding.lastFailure().ifPresent(f -> fields.add("Last failure", f));
    fields
        .add(
            "Switch port",
            slot.switchId()
                + " port "
                + slot.port()
                + link.flatMap(
                        l ->
                            l.partition().isPresent()
                                ? Optional.of(" (partition " + l.partition().getAsInt() + ")")
                                : Optional.empty())
                    .orElse(""))
        .add("Link", Cells.link(link) + link.map(l -> " (" + l.ltssm() + ")").orElse(""))
        .add("Link capability", Cells.capability(port) + expected(port))
        .add("Port health", Cells.health(health.port(state, port)));

    List<String> lines = new ArrayList<>(fields.lines());
    link.ifPresent(
        l -> {
          lines.add("");
          lines.addAll(counters(l.counters()));
        });
    List<String> sensors = sensors(number);
    if (!sensors.isEmpty()) {
      lines.add("");
      lines.addAll(sensors);
    }
    return lines;
  }

  private void gpu(Fields fields, ChassisState state, Slot slot, Gpu gpu) {
    fields
        .add("GPU", gpu.displayName())
        .add("GPU health", Cells.status(health.gpu(state, slot)))
        .add("Manufacturer", gpu.manufacturer().orElse("-"))
        .add("Serial number", Cells.known(gpu.serialNumber()))
        .add("Firmware (VBIOS)", Cells.known(gpu.firmwareVersion()));
    if (gpu.identified()) {
      fields
          .add(
              "PCI IDs",
              String.format(
                  java.util.Locale.ROOT,
                  "%04x:%04x sub %04x:%04x",
                  gpu.vendorId(),
                  gpu.deviceId(),
                  gpu.subsystemVendorId(),
                  gpu.subsystemId()))
          .add("Memory / TDP", gpu.memoryGiB() + " GiB / " + gpu.tdpWatts() + " W");
    }
  }

  /**
   * A slot line as the poller last read it; left out when the agent has no such line for this slot.
   */
  private void signal(
      Fields fields, String label, String sensorId, String asserted, String deasserted) {
    health
        .monitor()
        .reading(sensorId)
        .ifPresent(
            r ->
                fields.add(
                    label,
                    r.value().isPresent()
                        ? (r.value().getAsDouble() != 0 ? asserted : deasserted)
                        : "unreadable"));
  }

  private static String expected(WiredPort port) {
    return port.linkExpected()
        ? ", trains to x" + port.expectedWidth() + " Gen" + port.expectedGeneration()
        : "";
  }

  private static List<String> counters(PortErrorCounters c) {
    TextTable table =
        TextTable.of(
            TextTable.Column.right("Correctable"),
            TextTable.Column.right("Uncorrectable"),
            TextTable.Column.right("Receiver"),
            TextTable.Column.right("Bad TLP"),
            TextTable.Column.right("Bad DLLP"),
            TextTable.Column.right("Surprise down"));
    table.row(
        c.correctable(),
        c.uncorrectable(),
        c.receiverErrors(),
        c.badTlp(),
        c.badDllp(),
        c.surpriseDown());
    return table.lines();
  }

  /** The GPU's sensors, as the Sensors collection names them. */
  private List<String> sensors(int number) {
    TextTable table = SensorsView.table();
    for (ChassisSensor s : health.catalog().all()) {
      if (s.physicalContext().equals("GPU") && s.device().equals("GPU" + number)) {
        SensorsView.row(table, s, health);
      }
    }
    return table.size() == 0 ? List.of() : table.lines();
  }
}

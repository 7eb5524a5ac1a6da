package io.gpuchassis.agent.redfish.composition;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.PowerSupply;
import io.gpuchassis.agent.compose.HostGpus;
import io.gpuchassis.agent.compose.PowerBudget;
import io.gpuchassis.agent.events.EventBus;
import io.gpuchassis.agent.redfish.core.CompositionCheckMessages;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.sensor.threshold.Health;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The compositions a lost power supply puts at risk, as an event: when a supply fails and the ones
 * still working no longer leave one to spare for what the chassis and its composed GPUs may draw
 * ({@link PowerBudget}), CompositionsAtRisk names each host with GPUs, its slots and their watts.
 * Told of supplies by the health monitor's poller.
 */
public final class PowerRiskEvents {

  private final EventBus bus;
  private final ChassisModel model;
  private final PowerBudget budget;
  private final Map<String, Health> supplies = new ConcurrentHashMap<>();

  public PowerRiskEvents(EventBus bus, ChassisModel model, PowerBudget budget) {
    this.bus = bus;
    this.model = model;
    this.budget = budget;
  }

  /** A supply's health moved to {@code health}. */
  public void supplyHealthChanged(String psuId, Health health) {
    Health before = supplies.put(psuId, health);
    if (health != Health.CRITICAL || before == Health.CRITICAL || !budget.enforced()) {
      return;
    }
    ChassisState state = model.current();
    List<PowerSupply> working =
        state.powerSupplies().stream()
            .filter(p -> supplies.getOrDefault(p.id(), Health.OK) != Health.CRITICAL)
            .toList();
    int carried = working.stream().mapToInt(PowerSupply::ratedWatts).sum();
    int largest = working.stream().mapToInt(PowerSupply::ratedWatts).max().orElse(0);
    int load = budget.loadWatts(state);
    String compositions = compositions(state);
    if (load > carried - largest && !compositions.isEmpty()) {
      String uri = Uris.powerSubsystem(state.identity().id()) + "/PowerSupplies/" + psuId;
      bus.publish(
          CompositionCheckMessages.COMPOSITIONS_AT_RISK.with(psuId, carried, load, compositions),
          uri);
    }
  }

  /** Each host with GPUs: {@code Host1 (slots 1, 2: 700 W)}, in host order. */
  private String compositions(ChassisState state) {
    Map<String, List<Integer>> byHost = new TreeMap<>();
    for (var host : state.hosts()) {
      List<Integer> slots = HostGpus.held(state, host.id());
      if (!slots.isEmpty()) {
        byHost.put(host.id(), slots);
      }
    }
    List<String> parts = new ArrayList<>();
    byHost.forEach(
        (host, slots) -> {
          parts.add(
              host
                  + " (slot"
                  + (slots.size() > 1 ? "s " : " ")
                  + String.join(", ", slots.stream().map(String::valueOf).toList())
                  + ": "
                  + budget.wattsOf(state, slots)
                  + " W)");
        });
    return String.join("; ", parts);
  }
}

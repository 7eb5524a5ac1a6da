package io.gpuchassis.agent.sim;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.fault.FaultException;
import io.gpuchassis.agent.fault.FaultInjector;
import io.gpuchassis.agent.fault.FaultKind;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.sensor.sim.SimulatedGpu;
import io.gpuchassis.sensor.sim.SimulatedSensorBoard;
import io.gpuchassis.switchdrv.sim.FaultHandle;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A technician's hands at the simulated chassis, addressed by the GPU's PCIe device ({@code
 * /redfish/v1/Chassis/{id}/PCIeDevices/Slot3}). A card pulled out releases the slot's PRSNT#, its
 * sideband answers nothing and its switch port sees the device vanish (surprise down); a card
 * pushed in grounds PRSNT#, answers on the sideband with its own identity and trains a link once
 * its port is bound. {@code gpu-removed} pulls the card until cleared, when the same card goes back
 * in; {@code gpu-swapped} pulls it and, after a technician's pause, pushes in another card of the
 * same model with another serial number ({@link SimulatedGpu#another}); clearing it pulls that card
 * and, after the same pause, puts the original back. One card fault at a time per slot; a slot's
 * steps happen in the order they were asked for.
 */
final class CardFaultKinds {

  private static final Logger LOG = LoggerFactory.getLogger(CardFaultKinds.class);

  private final SimulatedSensorBoard board;
  private final SimulatedFabric fabric;
  private final ChassisState wiring;
  private final Duration pause;
  private final Pattern target;

  /** The slots with a card fault in effect (guarded by this). */
  private final Set<Integer> busy = new HashSet<>();

  /** Each slot's last step: the next one runs after it (guarded by this). */
  private final Map<Integer, CompletableFuture<Void>> hands = new HashMap<>();

  /** The surprise-down of each pulled card's switch port, cleared when a card is seated again. */
  private final Map<Integer, FaultHandle> vanished = new HashMap<>();

  /**
   * @param pause how long a technician takes between pulling a card and pushing another in
   */
  CardFaultKinds(
      SimulatedSensorBoard board, SimulatedFabric fabric, ChassisState wiring, Duration pause) {
    this.board = board;
    this.fabric = fabric;
    this.wiring = wiring;
    this.pause = pause;
    this.target =
        Pattern.compile(
            Pattern.quote(Uris.chassis(wiring.identity().id())) + "/PCIeDevices/Slot(\\d{1,3})/?");
  }

  void registerWith(FaultInjector injector) {
    injector.register(
        kind(
            "gpu-removed",
            "The GPU's card is pulled out (PRSNT# released, its sideband silent, its switch port"
                + " surprise-down) until cleared, when the same card is pushed back in.",
            slot -> {
              SimulatedGpu[] card = new SimulatedGpu[1];
              step(slot, Duration.ZERO, () -> card[0] = pull(slot));
              return () -> step(slot, Duration.ZERO, () -> seat(slot, card[0]));
            }));
    injector.register(
        kind(
            "gpu-swapped",
            "The GPU's card is pulled out and, "
                + pause.toMillis()
                + " ms later, another card of the same model with another serial number is pushed in;"
                + " cleared, that card is pulled and the original put back after the same pause.",
            slot -> {
              SimulatedGpu[] card = new SimulatedGpu[1];
              step(slot, Duration.ZERO, () -> card[0] = pull(slot));
              step(slot, pause, () -> seat(slot, card[0].another()));
              return () -> {
                step(slot, Duration.ZERO, () -> pull(slot));
                step(slot, pause, () -> seat(slot, card[0]));
              };
            }));
  }

  private SimulatedGpu pull(Slot slot) {
    SimulatedGpu card = board.pullCard(slot.number());
    synchronized (this) {
      vanished.put(slot.number(), fabric.chip(slot.switchId()).faults().surpriseDown(slot.port()));
    }
    LOG.info("Simulation: the card {} was pulled out of slot {}", serial(card), slot.number());
    return card;
  }

  private void seat(Slot slot, SimulatedGpu card) {
    board.seatCard(card);
    FaultHandle link;
    synchronized (this) {
      link = vanished.remove(slot.number());
    }
    if (link != null) {
      link.clear();
    }
    LOG.info("Simulation: the card {} was pushed into slot {}", serial(card), slot.number());
  }

  private static String serial(SimulatedGpu card) {
    return card.identity().serialNumber();
  }

  /**
   * Queues {@code work} after the slot's previous step, {@code delay} later; a step that ends at
   * once with no delay runs before this returns.
   */
  private synchronized void step(Slot slot, Duration delay, Runnable work) {
    Executor when =
        delay.isZero()
            ? Runnable::run
            : CompletableFuture.delayedExecutor(delay.toMillis(), TimeUnit.MILLISECONDS);
    CompletableFuture<Void> last =
        hands.getOrDefault(slot.number(), CompletableFuture.completedFuture(null));
    hands.put(
        slot.number(),
        last.thenRunAsync(work, when)
            .exceptionally(
                e -> {
                  LOG.error("Simulation: slot {}: {}", slot.number(), e.getMessage(), e);
                  return null;
                }));
  }

  /** What a card fault does to its slot; returns what its clear does. */
  @FunctionalInterface
  private interface Hands {
    Runnable start(Slot slot);
  }

  private FaultKind kind(String name, String description, Hands hands) {
    return new FaultKind() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public String description() {
        return description;
      }

      @Override
      public ActiveEffect inject(String uri) {
        Slot slot = slot(name, uri);
        synchronized (CardFaultKinds.this) {
          if (!busy.add(slot.number())) {
            throw new FaultException(
                FaultException.Reason.BAD_TARGET,
                name + " cannot affect '" + uri + "': a card fault is in effect on that slot");
          }
        }
        Runnable clear = hands.start(slot);
        return () -> {
          synchronized (CardFaultKinds.this) {
            busy.remove(slot.number());
          }
          clear.run();
        };
      }
    };
  }

  private Slot slot(String name, String uri) {
    Matcher m = target.matcher(uri);
    if (!m.matches()) {
      throw new FaultException(
          FaultException.Reason.BAD_TARGET,
          name
              + " cannot affect '"
              + uri
              + "': the target must be like "
              + Uris.chassis(wiring.identity().id())
              + "/PCIeDevices/Slot1");
    }
    int number = Integer.parseInt(m.group(1));
    return wiring
        .slot(number)
        .filter(Slot::occupied)
        .orElseThrow(
            () ->
                new FaultException(
                    FaultException.Reason.BAD_TARGET, "slot " + number + " holds no GPU"));
  }
}

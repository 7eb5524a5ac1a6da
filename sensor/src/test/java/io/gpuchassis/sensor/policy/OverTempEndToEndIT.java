package io.gpuchassis.sensor.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.pi4j.context.Context;
import io.gpuchassis.sensor.chassis.ChassisPollPlan;
import io.gpuchassis.sensor.chassis.ChassisPolling;
import io.gpuchassis.sensor.chassis.ChassisSensors;
import io.gpuchassis.sensor.chassis.PollIntervals;
import io.gpuchassis.sensor.chassis.SensorIds;
import io.gpuchassis.sensor.device.gpu.PostBoxTiming;
import io.gpuchassis.sensor.layout.SlotSpec;
import io.gpuchassis.sensor.poll.PollerSettings;
import io.gpuchassis.sensor.poll.ReadingListener;
import io.gpuchassis.sensor.sim.SimulatedGpu;
import io.gpuchassis.sensor.sim.SimulatedSensorBoard;
import io.gpuchassis.sensor.sim.SimulatedSensorBoardConfig;
import io.gpuchassis.sensor.threshold.Debounce;
import io.gpuchassis.sensor.threshold.ThresholdEngine;
import io.gpuchassis.sensor.threshold.Thresholds;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A simulated GPU overheats; the pollers, the threshold engine and the policy react, and the slot
 * is powered off through the real expander driver on its bus's worker, after the announcement.
 */
class OverTempEndToEndIT {

  @Test
  void anOverheatingUnboundGpuIsAnnouncedThenPoweredOff() throws Exception {
    SimulatedSensorBoard board = new SimulatedSensorBoard(SimulatedSensorBoardConfig.reference());
    Context context = board.newContext();
    ChassisSensors sensors =
        new ChassisSensors(context, board.config().layout(), PostBoxTiming.immediate());
    sensors.initialize();
    Set<Integer> gpuSlots =
        board.config().gpus().stream().map(SimulatedGpu::slot).collect(Collectors.toSet());

    ThresholdEngine engine = new ThresholdEngine();
    Thresholds gpu =
        Thresholds.builder()
            .upperCaution(80)
            .upperCritical(90)
            .upperFatal(100)
            .hysteresis(2)
            .build();
    gpuSlots.forEach(
        s ->
            engine.watch(
                SensorIds.gpuTemperature(s), gpu, Debounce.samples(2), Debounce.samples(2)));
    OverTempPolicy policy = new OverTempPolicy(OverTempSettings.defaults(), slot -> false);
    List<PolicyAction> executed = Collections.synchronizedList(new ArrayList<>());

    ChassisPolling[] polling = new ChassisPolling[1];
    ReadingListener onReading =
        reading ->
            engine
                .accept(reading)
                .ifPresent(
                    event -> {
                      int slot =
                          Integer.parseInt(event.sensorId().replaceAll("\\D+(\\d+)\\..*", "$1"));
                      for (PolicyAction action :
                          policy.onSeverity(slot, event.to(), event.value(), event.at())) {
                        executed.add(action);
                        if (action instanceof PolicyAction.PowerOffSlot) {
                          SlotSpec spec = board.config().layout().slot(slot).orElseThrow();
                          polling[0]
                              .poller(ChassisPollPlan.slotCommandPoller(spec).orElseThrow())
                              .submit(
                                  () -> {
                                    sensors.slot(slot).setReset(true);
                                    sensors.slot(slot).setPowerEnabled(false);
                                    return null;
                                  });
                        }
                      }
                    });
    polling[0] =
        new ChassisPolling(
            ChassisPollPlan.build(sensors, PollIntervals.production().faster(20), gpuSlots),
            PollerSettings.defaults(),
            Clock.systemUTC(),
            onReading);
    try (ChassisPolling p = polling[0].start()) {
      board.gpuOverTemp(12, 95.0);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
      while (board.slotPowerEnabled(12) && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }
      assertFalse(board.slotPowerEnabled(12), "slot 12 powered off");
      assertTrue(board.slotInReset(12));
      assertTrue(board.slotPowerEnabled(11), "its neighbours keep running");
      List<Class<?>> kinds;
      synchronized (executed) {
        kinds = executed.stream().<Class<?>>map(Object::getClass).toList();
      }
      int off = kinds.indexOf(PolicyAction.PowerOffSlot.class);
      assertEquals(PolicyAction.Event.class, kinds.get(off - 1));
      assertEquals(PolicyAction.LogEntry.class, kinds.get(off - 2));
      assertTrue(policy.isLatched(12));
    } finally {
      context.shutdown();
    }
  }
}

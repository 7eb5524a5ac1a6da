package io.gpuchassis.agent.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.pi4j.context.Context;
import io.gpuchassis.agent.board.BoardDescription;
import io.gpuchassis.agent.board.ProgrammablePartDevice;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Gpu;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.sensor.chassis.ChassisSensors;
import io.gpuchassis.sensor.device.gpu.PostBoxTiming;
import io.gpuchassis.sensor.sim.SimulatedGpu;
import io.gpuchassis.sensor.sim.SimulatedSensorBoard;
import io.gpuchassis.sensor.sim.SimulatedSensorBoardConfig;
import io.gpuchassis.sensor.sim.ThermalParameters;
import io.gpuchassis.sensor.sim.device.SimVersionRegisters;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The reference board's chassis read from its simulated sensor buses, where the 16 GPUs answer at
 * one address behind three muxes on one bus: read side by side, each GPU is found with its own
 * identity (two connected channels would be bus contention, which the simulated bus refuses).
 */
class ChassisDiscoveryTest {

  private final BoardDescription board = BoardDescription.reference();
  private final SimulatedSensorBoard simulated = new SimulatedSensorBoard(config(board));
  private final Context context = simulated.newContext();

  @AfterEach
  void shutdown() {
    context.shutdown();
  }

  @Test
  void everySeatedGpuIsFoundWithItsOwnIdentity() {
    ChassisState found = discover();

    for (Slot slot : found.slots()) {
      assertEquals(board.simulatedGpu(slot.number()), slot.gpu(), "slot " + slot.number());
    }
    assertEquals(16, found.slots().stream().filter(Slot::occupied).count());
  }

  @Test
  void aSeatedGpuThatDoesNotAnswerIsThereUnidentifiedAndTheOthersAreRead() {
    simulated.gpuFellOffBus(7);

    ChassisState found = discover();

    Gpu silent = found.slots().get(6).gpu().orElseThrow();
    assertFalse(silent.identified(), "slot 7's presence line says a GPU is seated");
    for (Slot slot : found.slots()) {
      if (slot.number() != 7 && slot.occupied()) {
        assertTrue(slot.gpu().get().identified(), "slot " + slot.number());
      }
    }
  }

  @Test
  void eachProgrammablePartReportsItsVersionFromItsRegistersAndOneThatDoesNotAnswerHasNone() {
    ProgrammablePartDevice cpld =
        (ProgrammablePartDevice) board.device("SequencerCpld").orElseThrow();
    simulated
        .network()
        .bus(cpld.path().bus())
        .attach(
            cpld.path().address(),
            new SimVersionRegisters("cpld", cpld.versionRegister(), new int[] {3, 17}));
    // the retimer is not attached: nothing answers at its address

    ChassisState found = discover();

    assertEquals(java.util.Optional.of("3.17"), found.programmableParts().get(0).firmwareVersion());
    assertEquals("HostRetimer", found.programmableParts().get(1).id());
    assertEquals(java.util.Optional.empty(), found.programmableParts().get(1).firmwareVersion());
  }

  private ChassisState discover() {
    ChassisSensors sensors =
        new ChassisSensors(
            context,
            BoardSensorLayout.of(board),
            PostBoxTiming.production(),
            simulated::externalLine);
    sensors.initialize();
    return new ChassisDiscovery(board, sensors, context).discover(board.initialState());
  }

  private static SimulatedSensorBoardConfig config(BoardDescription board) {
    List<SimulatedGpu> gpus =
        board.simulatedPopulatedSlots().stream()
            .map(
                s -> {
                  Gpu gpu = board.simulatedGpu(s.number()).orElseThrow();
                  return new SimulatedGpu(s.number(), gpu.tdpWatts(), GpuIdentities.ofGpu(gpu));
                })
            .toList();
    return new SimulatedSensorBoardConfig(
        BoardSensorLayout.of(board), gpus, 25.0, 0.6, true, ThermalParameters.defaults());
  }
}

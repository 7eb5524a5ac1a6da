package io.gpuchassis.agent.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.pi4j.context.Context;
import io.gpuchassis.sensor.chassis.ChassisSensors;
import io.gpuchassis.sensor.device.gpu.PostBoxTiming;
import io.gpuchassis.sensor.sim.SimulatedSensorBoard;
import io.gpuchassis.sensor.sim.SimulatedSensorBoardConfig;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A slot's card read through the real drivers on the simulated reference sensor board: no card, a
 * card in an unpowered slot, a card and who it is, a card whose sideband is silent.
 */
class SlotCardReaderTest {

  private SimulatedSensorBoard board;
  private Context context;
  private SlotCardReader reader;
  private ChassisSensors sensors;

  @BeforeEach
  void open() {
    board = new SimulatedSensorBoard(SimulatedSensorBoardConfig.reference());
    context = board.newContext();
    sensors = new ChassisSensors(context, board.config().layout(), PostBoxTiming.immediate());
    sensors.initialize();
    reader = new SlotCardReader(sensors);
  }

  @AfterEach
  void close() {
    context.shutdown();
  }

  @Test
  void each_state_of_a_slot_reads_as_what_it_is() throws Exception {
    SlotCard seated = reader.read(3);
    assertTrue(seated.present() && seated.powered());
    assertEquals(board.card(3).orElseThrow().identity(), seated.identity().orElseThrow());

    assertEquals(SlotCard.absent(), reader.read(5), "slot 5 is empty");

    var card = board.pullCard(3);
    assertEquals(SlotCard.absent(), reader.read(3), "pulled out");
    sensors.slot(3).setPowerEnabled(false);
    board.seatCard(card.another());
    board.tick(Duration.ofMillis(100));
    assertEquals(SlotCard.unpowered(), reader.read(3), "an unpowered card cannot say who it is");

    sensors.slot(3).setPowerEnabled(true);
    board.tick(Duration.ofMillis(100));
    assertEquals(card.another().identity(), reader.read(3).identity().orElseThrow());

    try (var silent = board.gpuFellOffBus(3)) {
      SlotCard read = reader.read(3);
      assertTrue(read.present() && read.powered());
      assertFalse(read.identity().isPresent());
      assertTrue(read.problem().isPresent(), "why it did not say");
    }
  }
}

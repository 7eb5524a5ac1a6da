package io.gpuchassis.agent.platform;

import io.gpuchassis.agent.board.BoardDescription;
import io.gpuchassis.agent.board.ChassisInventory;
import io.gpuchassis.agent.chassis.ChassisState;
import java.util.Map;

/** The chassis model's first snapshot: the parts of a board, before anything has been read from the hardware. */
public final class BoardInventory {

  private BoardInventory() {}

  public static ChassisState initialState(BoardDescription board) {
    ChassisInventory parts = board.inventory();
    return new ChassisState(0, parts.identity(), parts.switches(), parts.interSwitchLinks(), parts.hosts(),
        parts.slots(), parts.fans(), parts.powerSupplies(), parts.temperatureSensors(), Map.of(), Map.of());
  }
}

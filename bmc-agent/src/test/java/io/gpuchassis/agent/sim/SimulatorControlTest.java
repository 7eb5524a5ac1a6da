package io.gpuchassis.agent.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.switchdrv.sim.SimTiming;
import io.gpuchassis.switchdrv.sim.SimulatedSwitch;
import io.gpuchassis.switchdrv.sim.SimulatedSwitchConfig;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The standalone simulator's fault commands act on the named chip and nowhere else. */
class SimulatorControlTest {

  private final SimulatedSwitch sw1 =
      new SimulatedSwitch(SimulatedSwitchConfig.referenceChip(1, 1, SimTiming.instant()));
  private final SimulatorControl control = new SimulatorControl(Map.of("SW1", sw1));

  @Test
  void a_fault_is_injected_listed_and_cleared() {
    assertEquals("FAULT 1 SW1 link-down {port=0}", control.execute("fault SW1 link-down port=0"));
    assertEquals(1, sw1.faults().active().size());
    assertEquals("ACTIVE 1 SW1 link-down {port=0}\nEND", control.execute("faults"));
    assertEquals("CLEARED 1", control.execute("clear 1"));
    assertTrue(sw1.faults().active().isEmpty());
  }

  @Test
  void bad_lines_answer_an_error_and_change_nothing() {
    assertTrue(control.execute("fault SW9 link-down port=0").startsWith("ERROR no chip 'SW9'"));
    assertTrue(control.execute("fault SW1 meltdown").startsWith("ERROR"));
    assertTrue(control.execute("fault SW1 link-down port").startsWith("ERROR"));
    assertTrue(control.execute("clear 7").startsWith("ERROR no active fault 7"));
    assertTrue(control.execute("reboot").startsWith("ERROR unknown command"));
    assertTrue(sw1.faults().active().isEmpty());
  }
}

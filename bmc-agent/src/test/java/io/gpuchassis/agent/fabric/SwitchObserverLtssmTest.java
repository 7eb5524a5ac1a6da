package io.gpuchassis.agent.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.chassis.PortErrorCounters;
import io.gpuchassis.agent.chassis.PortLink;
import io.gpuchassis.switchdrv.LtssmState;
import io.gpuchassis.switchdrv.PortStatus;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * Oem.LTSSMState and the training flag read the same on every generation: the state class ("L0",
 * "Recovery", ...) of a Gen3-5 LTSSM word and of a Gen6 flat code (reference §2.4).
 */
class SwitchObserverLtssmTest {

  private static PortLink link(boolean up, LtssmState s) {
    PortStatus p =
        new PortStatus(8, OptionalInt.of(0), 1, false, up, up ? 5 : 0, up ? 16 : 0, 5, 16, s, 0, 0);
    return SwitchObserver.link(p, PortErrorCounters.ZERO, PortLink.ErrorRates.NONE);
  }

  @Test
  void gen3_to_gen5_names_are_unchanged() {
    assertEquals("L0", link(true, LtssmState.ofGen4Word(0x0103)).ltssm());
    assertEquals("Detect", link(false, LtssmState.ofGen4Word(0x0000)).ltssm());
    assertTrue(link(false, LtssmState.ofGen4Word(0x0104)).training()); // Recovery (RCVR_LOCK)
    assertTrue(link(false, LtssmState.ofGen4Word(0x0002)).training()); // Config
  }

  @Test
  void gen6_flat_codes_read_as_the_same_classes() {
    assertEquals("L0", link(true, LtssmState.ofGen6Code(0x11)).ltssm());
    assertEquals("Detect", link(false, LtssmState.ofGen6Code(0x00)).ltssm());
    assertFalse(link(false, LtssmState.ofGen6Code(0x00)).training());
    assertTrue(link(false, LtssmState.ofGen6Code(0x0D)).training()); // Recovery (LOCK)
    assertTrue(link(false, LtssmState.ofGen6Code(0x07)).training()); // Configuration
    assertTrue(link(false, LtssmState.ofGen6Code(0x02)).training()); // Polling (ACTIVE)
    // a Gen6 record whose first byte says 0x11 but whose state byte says Detect is not up
    assertEquals("Detect", link(false, new LtssmState(0x11, 0x00, true)).ltssm());
  }
}

package io.gpuchassis.agent.logging;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.config.AgentConfig;
import io.gpuchassis.agent.config.ConsoleSettings;
import io.gpuchassis.agent.config.HardwareMode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** When the agent loads the serial library at start to keep SIGHUP for the logging reload. */
class HangupSignalTest {

  private static AgentConfig simulatedWithConsoles(String... devices) {
    return AgentConfig.defaults()
        .withHardwareMode(HardwareMode.SIMULATED)
        .withConsole(ConsoleSettings.DEFAULTS.withDevices(List.of(devices)));
  }

  @Test
  void an_agent_that_may_open_a_serial_line_loads_the_library_at_start() {
    assertTrue(HangupSignal.needed(AgentConfig.defaults().withHardwareMode(HardwareMode.REAL)));
    assertTrue(HangupSignal.needed(simulatedWithConsoles("stdio", "/dev/ttyS1")));
  }

  @Test
  void a_simulation_without_a_serial_console_does_not() {
    assertFalse(
        HangupSignal.needed(AgentConfig.defaults().withHardwareMode(HardwareMode.SIMULATED)));
    assertFalse(HangupSignal.needed(simulatedWithConsoles("stdio")));
    assertFalse(HangupSignal.needed(simulatedWithConsoles()));
  }
}

package io.gpuchassis.agent.ethernet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.config.RoceProfile;
import io.gpuchassis.agent.ethernet.RoceCheck.ProfileState;
import io.gpuchassis.redfish.message.MessageInstance;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The profile kept over checks: drift and failures raised once each, and put right. */
class RoceWatchTest {

  private static final DataPort PORT = new DataPort("NIC1", "1", "1", "eth0", "mlx5_0", 1, 100_000);

  private final FakeRoceTools tools = new FakeRoceTools();
  private final List<MessageInstance> raised = new ArrayList<>();
  private final RoceWatch watch =
      new RoceWatch(
          List.of(PORT),
          RoceProfile.DEFAULT,
          tools,
          (port, message) -> raised.add(message),
          Duration.ofMinutes(1),
          Clock.systemUTC());

  private List<String> events() {
    return raised.stream()
        .map(m -> m.definition().key() + " " + String.join(" ", m.args()))
        .toList();
  }

  private RoceStatus status() {
    return watch.status("NIC1", "1").orElseThrow();
  }

  @Test
  void the_first_apply_is_no_drift_and_raises_nothing() {
    assertTrue(status().last().isEmpty(), "unchecked before the first check");
    watch.checkAll();
    assertEquals(List.of(), events());
    assertEquals(ProfileState.APPLIED, status().last().orElseThrow().state());
    assertEquals(0, status().driftsCorrected());
  }

  @Test
  void pfc_reset_behind_the_agents_back_is_raised_reapplied_and_counted() {
    watch.checkAll();
    tools.pfc.clear(); // a NIC firmware reset
    watch.checkAll();
    assertEquals(
        List.of(
            "ResourceErrorsDetected Oem/GpuChassisAgent/RoCE/PFCEnabledPriorities RoCEProfileDrift",
            "ResourceErrorsCorrected Oem/GpuChassisAgent/RoCE/PFCEnabledPriorities RoCEProfileDrift"),
        events());
    assertEquals(Set.of(3), tools.pfc, "re-applied");
    assertEquals(1, status().driftsCorrected());
    assertTrue(status().lastDrift().isPresent());
    assertEquals(ProfileState.APPLIED, status().last().orElseThrow().state());
    raised.clear();
    watch.checkAll();
    assertEquals(List.of(), events(), "in sync again: nothing more");
  }

  @Test
  void a_failing_tool_is_raised_once_and_its_recovery_once() {
    tools.missing.add("tc");
    watch.checkAll();
    watch.checkAll();
    assertEquals(
        List.of("ResourceErrorsDetected Oem/GpuChassisAgent/RoCE/ECN RoCEProfileNotApplied"),
        events());
    assertEquals(ProfileState.FAILED, status().last().orElseThrow().state());
    raised.clear();
    tools.missing.clear();
    watch.checkAll();
    assertEquals(
        List.of("ResourceErrorsCorrected Oem/GpuChassisAgent/RoCE/ECN RoCEProfileNotApplied"),
        events());
    assertEquals(ProfileState.APPLIED, status().last().orElseThrow().state());
    assertEquals(0, status().driftsCorrected(), "a first apply after a failure is no drift");
  }

  @Test
  void a_drift_put_right_counts_even_while_another_item_fails() {
    tools.missing.add("tc");
    watch.checkAll();
    tools.mtu = 1500;
    raised.clear();
    watch.checkAll();
    assertEquals(
        List.of(
            "ResourceErrorsDetected Oem/GpuChassisAgent/RoCE/MTU RoCEProfileDrift",
            "ResourceErrorsCorrected Oem/GpuChassisAgent/RoCE/MTU RoCEProfileDrift"),
        events());
    assertEquals(1, status().driftsCorrected());
    assertEquals(ProfileState.FAILED, status().last().orElseThrow().state());
  }
}

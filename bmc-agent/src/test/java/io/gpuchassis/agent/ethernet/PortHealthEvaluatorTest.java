package io.gpuchassis.agent.ethernet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuchassis.redfish.message.MessageInstance;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The evaluator's levels on periods made by hand. */
class PortHealthEvaluatorTest {

  private static final DataPort PORT =
      new DataPort("NIC1", "1", "1", "enp1s0f0np0", "mlx5_0", 1, 100_000);
  private static final CounterKey TX_PAUSE =
      new CounterKey(CounterSource.ETHTOOL, "tx_prio3_pause");

  private final PortHealthEvaluator evaluator =
      new PortHealthEvaluator(PORT, PortThresholds.DEFAULTS);
  private Instant at = Instant.parse("2026-12-04T12:00:00Z");

  @Test
  void a_storm_clears_only_below_half_its_level_so_a_hovering_rate_does_not_chatter() {
    assertEquals(List.of("ResourceWarningThresholdExceeded"), keys(txPause(1_000)));
    assertEquals(List.of(), keys(txPause(999)));
    assertEquals(List.of(), keys(txPause(500)));
    assertEquals(Set.of(PortCondition.TX_PAUSE_STORM), evaluator.active());
    assertEquals(List.of("ResourceWarningThresholdCleared"), keys(txPause(499)));
    assertEquals(Set.of(), evaluator.active());
  }

  @Test
  void a_period_without_the_counters_leaves_the_condition_as_it_was() {
    txPause(5_000);
    assertEquals(List.of(), keys(evaluator.evaluate(period(Map.of()))));
    assertEquals(Set.of(PortCondition.TX_PAUSE_STORM), evaluator.active());
  }

  @Test
  void the_nics_own_stall_watch_is_a_sent_storm_whatever_the_frame_rate() {
    CounterKey stall = new CounterKey(CounterSource.ETHTOOL, "tx_pause_storm_error_events");
    assertEquals(
        List.of("ResourceWarningThresholdExceeded"),
        keys(evaluator.evaluate(period(Map.of(TX_PAUSE, 0L, stall, 1L)))));
    assertEquals(Set.of(PortCondition.TX_PAUSE_STORM), evaluator.active());
    assertEquals(
        List.of("ResourceWarningThresholdCleared"),
        keys(evaluator.evaluate(period(Map.of(TX_PAUSE, 0L, stall, 0L)))));
  }

  private List<MessageInstance> txPause(long perSecond) {
    return evaluator.evaluate(period(Map.of(TX_PAUSE, perSecond)));
  }

  /** One second of an up link at full speed that counted {@code increases}. */
  private PortRates period(Map<CounterKey, Long> increases) {
    at = at.plusSeconds(1);
    PortReading reading =
        new PortReading(
            at,
            Optional.of("up"),
            Optional.of(true),
            OptionalInt.of(100_000),
            OptionalLong.of(0),
            Map.of());
    return new PortRates(reading, Duration.ofSeconds(1), increases, 0);
  }

  private static List<String> keys(List<MessageInstance> messages) {
    return messages.stream().map(m -> m.definition().key()).toList();
  }
}

package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.config.CompositionSettings;
import io.gpuchassis.agent.config.CompositionSettings.Policy;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Whether a host still holds its GPU, by its host port's release policy: under {@code
 * require-release} until the host says it let go (ReadyToRemove); under {@code release-or-idle}
 * also not once the GPU's switch port has moved no data for the idle window, read from the switch's
 * own counters ({@link GpuActivity}). A forced release (an administrator's) is not asked.
 */
public final class ReleaseRule {

  /** Only the host's word releases a GPU: the rule before release policies existed. */
  public static final ReleaseRule REQUIRE_RELEASE =
      new ReleaseRule(
          new CompositionSettings(
              Policy.REQUIRE_RELEASE, Duration.ofSeconds(30), java.util.Map.of()),
          new GpuActivity(),
          Duration.ofSeconds(10),
          Clock.systemUTC());

  private final CompositionSettings settings;
  private final GpuActivity activity;
  private final Duration window;
  private final Clock clock;

  /**
   * @param trafficReadInterval how often the switches' byte counters are read: the idle window is
   *     at least two of those, since between two readings the counters stand still whatever moves
   */
  public ReleaseRule(
      CompositionSettings settings,
      GpuActivity activity,
      Duration trafficReadInterval,
      Clock clock) {
    this.settings = settings;
    this.activity = activity;
    Duration shortest = trafficReadInterval.multipliedBy(2);
    this.window = settings.idleWindow().compareTo(shortest) < 0 ? shortest : settings.idleWindow();
    this.clock = clock;
  }

  /** How long a GPU's port must stand still to count as idle. */
  public Duration idleWindow() {
    return window;
  }

  /**
   * Why the host of {@code binding} (the GPU in {@code slot}, bound) still holds it, or empty when
   * it may be released without force.
   */
  public Optional<String> holds(ChassisState state, int slot, SlotBinding binding) {
    if (binding.readyToRemove()) {
      return Optional.empty();
    }
    String host = binding.host().orElse("?");
    Policy policy = settings.policyOf(host);
    String notReleased = "host " + host + " has not released the GPU in slot " + slot;
    if (policy == Policy.REQUIRE_RELEASE) {
      return Optional.of(
          notReleased + " (ReadyToRemove is not set; its release policy is require-release)");
    }
    Instant now = clock.instant();
    Optional<GpuActivity.Quiet> quiet =
        state.slot(slot).flatMap(s -> activity.of(s.switchId(), s.port()));
    if (quiet.isEmpty() || quiet.get().lastRead().isBefore(now.minus(window))) {
      return Optional.of(
          notReleased
              + ", and no reading of its switch port's traffic in the last "
              + seconds(window)
              + " says it is idle (ReadyToRemove is not set; release-or-idle needs one or the"
              + " other)");
    }
    Duration quietFor = Duration.between(quiet.get().quietSince(), now);
    if (quietFor.compareTo(window) < 0) {
      return Optional.of(
          notReleased
              + ", and it is busy: its switch port moved data within the last "
              + seconds(quietFor.isNegative() ? Duration.ZERO : quietFor)
              + " (ReadyToRemove is not set; release-or-idle releases a GPU whose port has been"
              + " idle for "
              + seconds(window)
              + ")");
    }
    return Optional.empty();
  }

  /** The policy of {@code hostId}'s port. */
  public Policy policyOf(String hostId) {
    return settings.policyOf(hostId);
  }

  private static String seconds(Duration d) {
    return Math.max(1, (d.toMillis() + 999) / 1000) + " s";
  }
}

package io.gpuchassis.agent.config;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * When a host's GPU may be released without a forced release (configuration key {@code
 * composition}; docs/COMPOSITION.md, "Releasing a GPU"). Every key is optional.
 *
 * @param policy the policy of every host port the {@code hosts} map does not name
 * @param idleWindow how long a GPU's switch port must have moved no data for {@code
 *     release-or-idle} to count it idle
 * @param hosts a policy per host port id, over {@code policy}
 */
public record ReleaseSettings(Policy policy, Duration idleWindow, Map<String, Policy> hosts) {

  /** What a release needs besides the caller's privilege. */
  public enum Policy {
    /** The host said it let go (ReadyToRemove): the only way before this setting existed. */
    REQUIRE_RELEASE,
    /** The host let go, or the GPU's port moved no data for the idle window. */
    RELEASE_OR_IDLE;

    /** As the configuration file spells it: {@code require-release}, {@code release-or-idle}. */
    public String configName() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    static Policy parse(String key, String text) {
      for (Policy p : values()) {
        if (p.configName().equals(text)) {
          return p;
        }
      }
      throw ConfigException.at(
          key, key + " must be require-release or release-or-idle, not '" + text + "'");
    }
  }

  /** Lets a standard composer release an idle GPU; a busy one still needs ReadyToRemove. */
  public static final ReleaseSettings DEFAULT =
      new ReleaseSettings(Policy.RELEASE_OR_IDLE, Duration.ofSeconds(30), Map.of());

  public ReleaseSettings {
    hosts = Map.copyOf(hosts);
    Durations.requireWithin(
        "composition.idleWindow", idleWindow, Duration.ofSeconds(1), Duration.ofHours(24));
  }

  /** The policy of host port {@code hostId}. */
  public Policy policyOf(String hostId) {
    return hosts.getOrDefault(hostId, policy);
  }

  /** From the configuration file's mapping: absent keys take their defaults. */
  @JsonCreator
  static ReleaseSettings fromFile(
      @JsonProperty("releasePolicy") String releasePolicy,
      @JsonProperty("idleWindow") String idleWindow,
      @JsonProperty("hosts") Map<String, String> hosts) {
    Map<String, Policy> perHost = new LinkedHashMap<>();
    if (hosts != null) {
      hosts.forEach((host, p) -> perHost.put(host, Policy.parse("composition.hosts." + host, p)));
    }
    return new ReleaseSettings(
        releasePolicy == null
            ? DEFAULT.policy
            : Policy.parse("composition.releasePolicy", releasePolicy),
        idleWindow == null
            ? DEFAULT.idleWindow
            : Durations.parse("composition.idleWindow", idleWindow),
        perHost);
  }
}

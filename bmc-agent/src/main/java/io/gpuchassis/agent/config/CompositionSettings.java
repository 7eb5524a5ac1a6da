package io.gpuchassis.agent.config;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * How composition behaves (configuration key {@code composition}; docs/COMPOSITION.md): when a
 * host's GPU may be released without a forced release, and how long a composition request may wait
 * for the switches before it is answered with a task. Every key is optional.
 *
 * @param policy the policy of every host port the {@code hosts} map does not name
 * @param idleWindow how long a GPU's switch port must have moved no data for {@code
 *     release-or-idle} to count it idle
 * @param hosts a policy per host port id, over {@code policy}
 * @param answerWithin a change the switches finish within this is answered with its result (200,
 *     201, 204); a longer one, or a request with {@code Prefer: respond-async}, with 202 and a task
 */
public record CompositionSettings(
    Policy policy, Duration idleWindow, Map<String, Policy> hosts, Duration answerWithin) {

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
  public static final CompositionSettings DEFAULT =
      new CompositionSettings(
          Policy.RELEASE_OR_IDLE, Duration.ofSeconds(30), Map.of(), Duration.ofSeconds(10));

  /** Release settings, answering with the default bound. */
  public CompositionSettings(Policy policy, Duration idleWindow, Map<String, Policy> hosts) {
    this(policy, idleWindow, hosts, DEFAULT.answerWithin);
  }

  public CompositionSettings {
    hosts = Map.copyOf(hosts);
    Durations.requireWithin(
        "composition.idleWindow", idleWindow, Duration.ofSeconds(1), Duration.ofHours(24));
    // below http.requestTimeout's least value, so that the answer always comes before it
    Durations.requireWithin(
        "composition.answerWithin", answerWithin, Duration.ZERO, Duration.ofSeconds(20));
  }

  /** These settings, answering within {@code value}. */
  public CompositionSettings withAnswerWithin(Duration value) {
    return new CompositionSettings(policy, idleWindow, hosts, value);
  }

  /** The policy of host port {@code hostId}. */
  public Policy policyOf(String hostId) {
    return hosts.getOrDefault(hostId, policy);
  }

  /** From the configuration file's mapping: absent keys take their defaults. */
  @JsonCreator
  static CompositionSettings fromFile(
      @JsonProperty("releasePolicy") String releasePolicy,
      @JsonProperty("idleWindow") String idleWindow,
      @JsonProperty("hosts") Map<String, String> hosts,
      @JsonProperty("answerWithin") String answerWithin) {
    Map<String, Policy> perHost = new LinkedHashMap<>();
    if (hosts != null) {
      hosts.forEach((host, p) -> perHost.put(host, Policy.parse("composition.hosts." + host, p)));
    }
    return new CompositionSettings(
        releasePolicy == null
            ? DEFAULT.policy
            : Policy.parse("composition.releasePolicy", releasePolicy),
        idleWindow == null
            ? DEFAULT.idleWindow
            : Durations.parse("composition.idleWindow", idleWindow),
        perHost,
        answerWithin == null
            ? DEFAULT.answerWithin
            : Durations.parse("composition.answerWithin", answerWithin));
  }
}

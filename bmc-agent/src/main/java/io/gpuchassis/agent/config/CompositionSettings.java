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
 * @param reseat what becomes, at start, of a GPU bound before whose card was re-seated: the policy
 *     for the same card back in its slot ({@link Reseat}); a different card is never given to the
 *     old host
 * @param reseatSlots a re-seat policy per slot number, over {@code reseat}
 * @param hostConfirmWithin how long an attach to a host whose companion runs waits for the
 *     companion to report the GPU
 * @param slotPowerCeilingWatts what the power budget counts for a GPU that does not report its
 *     power limit: the most a slot feeds a card (the board description says nothing of it)
 * @param leaseCheckInterval how often the lease keeper looks for leases that expired or whose GPU
 *     has been idle for their idle time
 */
public record CompositionSettings(
    Policy policy,
    Duration idleWindow,
    Map<String, Policy> hosts,
    Duration answerWithin,
    Reseat reseat,
    Map<Integer, Reseat> reseatSlots,
    Duration hostConfirmWithin,
    int slotPowerCeilingWatts,
    Duration leaseCheckInterval) {

  /** How often the lease keeper looks at the leases by default. */
  public static final Duration LEASE_CHECK_INTERVAL = Duration.ofSeconds(5);

  /** These settings with the default look of the lease keeper. */
  public CompositionSettings(
      Policy policy,
      Duration idleWindow,
      Map<String, Policy> hosts,
      Duration answerWithin,
      Reseat reseat,
      Map<Integer, Reseat> reseatSlots,
      Duration hostConfirmWithin,
      int slotPowerCeilingWatts) {
    this(
        policy,
        idleWindow,
        hosts,
        answerWithin,
        reseat,
        reseatSlots,
        hostConfirmWithin,
        slotPowerCeilingWatts,
        LEASE_CHECK_INTERVAL);
  }

  /**
   * What the agent does at start with a slot its journal says is bound, by the card it finds there
   * (its serial number against the one bound).
   */
  public enum Reseat {
    /** The same card is bound to its host again; another card is held. */
    RESTORE,
    /** The slot is held for an operator: not bound, not free, until a forced release. */
    HOLD,
    /** The binding is given up: the slot's GPU is free. */
    RELEASE;

    public String configName() {
      return name().toLowerCase(Locale.ROOT);
    }

    static Reseat parse(String key, String text) {
      for (Reseat r : values()) {
        if (r.configName().equals(text)) {
          return r;
        }
      }
      throw ConfigException.at(key, key + " must be restore, hold or release, not '" + text + "'");
    }

    /** What becomes of a different card: never restored. */
    public Reseat forAnotherCard() {
      return this == RESTORE ? HOLD : this;
    }
  }

  /** What a companion's report of a GPU is waited for by default: a rescan and a driver's probe. */
  public static final Duration HOST_CONFIRM_WITHIN = Duration.ofSeconds(60);

  /**
   * A PCIe CEM slot's 75 W and one 12V-2x6 auxiliary connector's 600 W: the most a card of the
   * current specification can be fed, so a GPU of unknown power is never counted below what it may
   * draw.
   */
  public static final int SLOT_POWER_CEILING_WATTS = 675;

  /** These settings with the default power ceiling of a slot. */
  public CompositionSettings(
      Policy policy,
      Duration idleWindow,
      Map<String, Policy> hosts,
      Duration answerWithin,
      Reseat reseat,
      Map<Integer, Reseat> reseatSlots,
      Duration hostConfirmWithin) {
    this(
        policy,
        idleWindow,
        hosts,
        answerWithin,
        reseat,
        reseatSlots,
        hostConfirmWithin,
        SLOT_POWER_CEILING_WATTS);
  }

  /** These settings with the default re-seat policy. */
  public CompositionSettings(
      Policy policy, Duration idleWindow, Map<String, Policy> hosts, Duration answerWithin) {
    this(policy, idleWindow, hosts, answerWithin, Reseat.RESTORE, Map.of());
  }

  /** These settings with the default wait for a host companion. */
  public CompositionSettings(
      Policy policy,
      Duration idleWindow,
      Map<String, Policy> hosts,
      Duration answerWithin,
      Reseat reseat,
      Map<Integer, Reseat> reseatSlots) {
    this(policy, idleWindow, hosts, answerWithin, reseat, reseatSlots, HOST_CONFIRM_WITHIN);
  }

  /** These settings, waiting {@code value} for a host companion's report of an attached GPU. */
  public CompositionSettings withHostConfirmWithin(Duration value) {
    return new CompositionSettings(
        policy,
        idleWindow,
        hosts,
        answerWithin,
        reseat,
        reseatSlots,
        value,
        slotPowerCeilingWatts,
        leaseCheckInterval);
  }

  /** These settings, counting a GPU of unknown power at {@code watts}. */
  public CompositionSettings withSlotPowerCeilingWatts(int watts) {
    return new CompositionSettings(
        policy,
        idleWindow,
        hosts,
        answerWithin,
        reseat,
        reseatSlots,
        hostConfirmWithin,
        watts,
        leaseCheckInterval);
  }

  /** The re-seat policy of slot {@code slot}. */
  public Reseat reseatOf(int slot) {
    return reseatSlots.getOrDefault(slot, reseat);
  }

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
    reseatSlots = Map.copyOf(reseatSlots);
    Durations.requireWithin(
        "composition.idleWindow", idleWindow, Duration.ofSeconds(1), Duration.ofHours(24));
    // below http.requestTimeout's least value, so that the answer always comes before it
    Durations.requireWithin(
        "composition.answerWithin", answerWithin, Duration.ZERO, Duration.ofSeconds(20));
    Durations.requireWithin(
        "composition.hostConfirmWithin",
        hostConfirmWithin,
        Duration.ofSeconds(1),
        Duration.ofMinutes(10));
    Durations.requireWithin(
        "composition.leaseCheckInterval",
        leaseCheckInterval,
        Duration.ofMillis(100),
        Duration.ofMinutes(10));
    if (slotPowerCeilingWatts < 1 || slotPowerCeilingWatts > 5000) {
      throw ConfigException.at(
          "composition.slotPowerCeilingWatts",
          "composition.slotPowerCeilingWatts must be 1 to 5000 W, not " + slotPowerCeilingWatts);
    }
  }

  /** These settings, answering within {@code value}. */
  public CompositionSettings withAnswerWithin(Duration value) {
    return new CompositionSettings(
        policy,
        idleWindow,
        hosts,
        value,
        reseat,
        reseatSlots,
        hostConfirmWithin,
        slotPowerCeilingWatts,
        leaseCheckInterval);
  }

  /** These settings, the lease keeper looking every {@code value}. */
  public CompositionSettings withLeaseCheckInterval(Duration value) {
    return new CompositionSettings(
        policy,
        idleWindow,
        hosts,
        answerWithin,
        reseat,
        reseatSlots,
        hostConfirmWithin,
        slotPowerCeilingWatts,
        value);
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
      @JsonProperty("answerWithin") String answerWithin,
      @JsonProperty("reseat") String reseat,
      @JsonProperty("reseatSlots") Map<String, String> reseatSlots,
      @JsonProperty("hostConfirmWithin") String hostConfirmWithin,
      @JsonProperty("slotPowerCeilingWatts") Integer slotPowerCeilingWatts,
      @JsonProperty("leaseCheckInterval") String leaseCheckInterval) {
    Map<Integer, Reseat> perSlot = new LinkedHashMap<>();
    if (reseatSlots != null) {
      reseatSlots.forEach(
          (slot, r) -> {
            String key = "composition.reseatSlots." + slot;
            int number;
            try {
              number = Integer.parseInt(slot);
            } catch (NumberFormatException e) {
              throw ConfigException.at(
                  key, key + ": a slot is named by its number, not '" + slot + "'");
            }
            perSlot.put(number, Reseat.parse(key, r));
          });
    }
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
            : Durations.parse("composition.answerWithin", answerWithin),
        reseat == null ? DEFAULT.reseat : Reseat.parse("composition.reseat", reseat),
        perSlot,
        hostConfirmWithin == null
            ? DEFAULT.hostConfirmWithin
            : Durations.parse("composition.hostConfirmWithin", hostConfirmWithin),
        slotPowerCeilingWatts == null ? DEFAULT.slotPowerCeilingWatts : slotPowerCeilingWatts,
        leaseCheckInterval == null
            ? DEFAULT.leaseCheckInterval
            : Durations.parse("composition.leaseCheckInterval", leaseCheckInterval));
  }
}

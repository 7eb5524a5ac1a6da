package io.gpuchassis.agent.console.view;

import io.gpuchassis.agent.chassis.PortLink;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.chassis.WiredPort;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.sensor.threshold.Thresholds;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/** How the views write the values they share: health, links, numbers, times. */
final class Cells {

  /** UTC, as the event and security logs keep time; the console has no time zone of its own. */
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss'Z'", Locale.ROOT).withZone(ZoneOffset.UTC);

  private Cells() {}

  /**
   * A Redfish Status in a word or two, in Redfish's own words: {@code OK}, {@code
   * Critical/Disabled} for a state other than Enabled, {@code Starting} when there is no health yet
   * (unknown, never shown as OK).
   */
  static String status(Status status) {
    Health health = status.getHealth();
    State state = status.getState();
    if (health == null) {
      return state == null ? "Unknown" : state.getValue();
    }
    return state == null || state == State.ENABLED
        ? health.getValue()
        : health.getValue() + "/" + state.getValue();
  }

  static String health(Health health) {
    return health == null ? "Unknown" : health.getValue();
  }

  /**
   * A link as {@code x16 Gen4} when it is up, else what it is doing; {@code unknown} when its
   * switch has not answered recently (its last values are not to be trusted).
   */
  static String link(Optional<PortLink> link) {
    if (link.isEmpty()) {
      return "unknown";
    }
    PortLink l = link.get();
    if (l.up()) {
      return "x" + l.width() + " Gen" + l.generation();
    }
    return l.training() ? "training" : "-";
  }

  /** What a port can do at most, as the wiring expects it. */
  static String capability(WiredPort port) {
    return "x" + port.lanes() + " Gen" + port.maxGeneration();
  }

  static String role(WiredPort.Role role) {
    return switch (role) {
      case SLOT -> "slot";
      case HOST -> "host";
      case INTER_SWITCH -> "link";
    };
  }

  /** Where a slot's binding stands: its host when bound, the operation under way, or {@code -}. */
  static String binding(SlotBinding binding) {
    String host = binding.host().orElse("");
    return switch (binding.state()) {
      case BOUND -> host;
      case UNBOUND -> "-";
      case BINDING -> ("binding " + host).trim();
      case UNBINDING -> ("unbinding " + host).trim();
      case FAILED -> "FAILED";
    };
  }

  /** A number with {@code decimals} places; {@code -} when there is none. */
  static String number(Double value, int decimals) {
    return value == null ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", value);
  }

  static String number(OptionalDouble value, int decimals) {
    return number(value.isPresent() ? value.getAsDouble() : null, decimals);
  }

  static String time(Instant time) {
    return time == null ? "-" : TIME.format(time);
  }

  /** A blank string (an unidentified GPU's serial) as {@code -}. */
  static String known(String text) {
    return text == null || text.isBlank() ? "-" : text;
  }

  /**
   * Thresholds compactly, lower levels then upper: {@code <5 crit} … {@code >85 warn >88 crit >95
   * fatal}; {@code -} when the sensor is not watched.
   */
  static String thresholds(Optional<Thresholds> thresholds) {
    if (thresholds.isEmpty()) {
      return "-";
    }
    Thresholds t = thresholds.get();
    List<String> parts = new ArrayList<>();
    level(parts, "<", t.lowerFatal(), "fatal");
    level(parts, "<", t.lowerCritical(), "crit");
    level(parts, "<", t.lowerCaution(), "warn");
    level(parts, ">", t.upperCaution(), "warn");
    level(parts, ">", t.upperCritical(), "crit");
    level(parts, ">", t.upperFatal(), "fatal");
    return parts.isEmpty() ? "-" : String.join(" ", parts);
  }

  private static void level(List<String> parts, String side, OptionalDouble value, String name) {
    if (value.isPresent()) {
      parts.add(side + compact(value.getAsDouble()) + " " + name);
    }
  }

  /** A threshold without a useless {@code .0}. */
  static String compact(double value) {
    return value == Math.rint(value)
        ? Long.toString((long) value)
        : String.format(Locale.ROOT, "%.2f", value);
  }
}

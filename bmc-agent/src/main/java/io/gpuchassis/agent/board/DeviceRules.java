package io.gpuchassis.agent.board;

import io.gpuchassis.agent.board.BoardDocument.DeviceEntry;
import io.gpuchassis.agent.board.BoardDocument.FanControllerEntry;
import io.gpuchassis.agent.board.BoardDocument.FanEntry;
import io.gpuchassis.agent.board.BoardDocument.PowerSupplyEntry;
import io.gpuchassis.agent.board.BoardDocument.ProgrammableEntry;
import io.gpuchassis.agent.board.BoardDocument.RailEntry;
import io.gpuchassis.agent.board.BoardDocument.RedundancyEntry;
import io.gpuchassis.agent.board.BoardDocument.Root;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * What each device part needs beyond its I2C path: supply ratings, fans on real controller
 * channels, rail monitors that can be calibrated and feed existing slots, and a power-supply
 * redundancy policy exactly when there are supplies.
 */
final class DeviceRules {

  /** A MAX31790 has six PWM/tach channels. */
  static final int FAN_CHANNELS = 6;

  /** The most registers a part's version spans (major, minor, patch, build). */
  static final int MAX_VERSION_BYTES = 4;

  /** The INA226 shunt input is ±81.92 mV full scale. */
  private static final double INA226_MAX_SHUNT_VOLTS = 0.08192;

  /**
   * Below this the INA226 calibration value {@code 0.00512 / (maxAmps / 2^15 × shuntOhms)} no
   * longer fits its 15-bit register.
   */
  private static final double INA226_MIN_SHUNT_VOLTS = 0.00512;

  private final Root root;
  private final DocumentIndex index;
  private final Checks checks;
  private final Map<String, KeyPath> fanIds = new HashMap<>();

  private DeviceRules(Root root, DocumentIndex index, Checks checks) {
    this.root = root;
    this.index = index;
    this.checks = checks;
  }

  static void check(Root root, DocumentIndex index, Checks checks) {
    DeviceRules rules = new DeviceRules(root, index, checks);
    for (int i = 0; i < root.devices().size(); i++) {
      rules.checkDevice(root.devices().get(i), KeyPath.of("i2c").key("devices").index(i));
    }
    rules.checkRedundancy();
  }

  /**
   * Temperature sensors, expanders and FRU EEPROMs have nothing beyond their path and the keys
   * Jackson checks.
   */
  private void checkDevice(DeviceEntry device, KeyPath at) {
    if (device instanceof PowerSupplyEntry supply) {
      checks.requireText(supply.model(), at.key("model"));
      checks.requirePositive(supply.ratedWatts(), at.key("ratedWatts"));
    } else if (device instanceof FanControllerEntry controller) {
      checkFanController(controller, at);
    } else if (device instanceof RailEntry rail) {
      checkRail(rail, at);
    } else if (device instanceof ProgrammableEntry part) {
      checkProgrammable(part, at);
    }
  }

  /** Up to 4 version bytes, in the 256 registers of an SMBus target, read on the bus itself. */
  private void checkProgrammable(ProgrammableEntry part, KeyPath at) {
    checks.requireText(part.kind(), at.key("kind"));
    if (part.versionBytes() < 1 || part.versionBytes() > MAX_VERSION_BYTES) {
      checks.problem(
          at.key("versionBytes"),
          "a version is 1 to " + MAX_VERSION_BYTES + " registers, got " + part.versionBytes());
    }
    if (part.versionRegister() != null
        && part.versionRegister().value() + Math.max(1, part.versionBytes()) > 256) {
      checks.problem(
          at.key("versionRegister"),
          "the version's registers run past 0xff, the last register of an SMBus target");
    }
    if (part.mux() != null) {
      checks.problem(
          at.key("mux"),
          "a version-registers part is read once at start on its bus itself; behind a mux it is"
              + " not supported");
    }
  }

  private void checkFanController(FanControllerEntry controller, KeyPath at) {
    if (controller.pulsesPerRevolution() != null) {
      checks.requirePositive(controller.pulsesPerRevolution(), at.key("pulsesPerRevolution"));
    }
    List<FanEntry> fans = controller.fanList();
    if (fans.size() > FAN_CHANNELS) {
      checks.problem(
          at.key("fans"),
          "a max31790 drives at most " + FAN_CHANNELS + " fans, got " + fans.size());
    }
    Map<Integer, Integer> channelUser = new HashMap<>();
    for (int i = 0; i < fans.size(); i++) {
      FanEntry fan = fans.get(i);
      KeyPath fanAt = at.key("fans").index(i);
      if (checks.requireText(fan.id(), fanAt.key("id"))) {
        KeyPath first = fanIds.putIfAbsent(fan.id(), fanAt);
        if (first != null) {
          checks.problem(
              fanAt.key("id"), "duplicate fan id '" + fan.id() + "' (also " + first + ")");
        }
      }
      checks.requirePositive(fan.maxRpm(), fanAt.key("maxRpm"));
      if (fan.channel() < 0 || fan.channel() >= FAN_CHANNELS) {
        checks.problem(
            fanAt.key("channel"),
            "a max31790 has channels 0-" + (FAN_CHANNELS - 1) + ", got " + fan.channel());
      } else {
        Integer first = channelUser.putIfAbsent(fan.channel(), i);
        if (first != null) {
          checks.problem(
              fanAt.key("channel"),
              "channel " + fan.channel() + " already drives " + at.key("fans").index(first));
        }
      }
    }
  }

  private void checkRail(RailEntry rail, KeyPath at) {
    boolean shuntOk = requirePositive(rail.shuntOhms(), at.key("shuntOhms"));
    boolean ampsOk = requirePositive(rail.maxAmps(), at.key("maxAmps"));
    if (shuntOk && ampsOk) {
      double volts = rail.shuntOhms() * rail.maxAmps();
      if (volts > INA226_MAX_SHUNT_VOLTS) {
        checks.problem(
            at.key("maxAmps"),
            "at "
                + number(rail.maxAmps())
                + " A the shunt drops "
                + millivolts(volts)
                + ", more than the 81.92 mV an ina226 measures; lower maxAmps or use a smaller shunt");
      } else if (volts < INA226_MIN_SHUNT_VOLTS) {
        checks.problem(
            at.key("maxAmps"),
            "at "
                + number(rail.maxAmps())
                + " A the shunt drops only "
                + millivolts(volts)
                + "; below 5.12 mV the ina226 calibration register overflows; raise maxAmps");
      }
    }
    Set<Integer> fed = new HashSet<>();
    List<Integer> feeds = rail.feedList();
    for (int i = 0; i < feeds.size(); i++) {
      int slot = feeds.get(i);
      KeyPath feedAt = at.key("feeds").index(i);
      if (!index.hasSlot(slot)) {
        checks.problem(feedAt, "there is no slot " + slot);
      } else if (!fed.add(slot)) {
        checks.problem(feedAt, "slot " + slot + " is listed twice");
      }
    }
  }

  /** A redundancy policy describes the supplies the agent watches; without any it means nothing. */
  private void checkRedundancy() {
    List<Integer> supplies =
        IntStream.range(0, root.devices().size())
            .filter(i -> root.devices().get(i) instanceof PowerSupplyEntry)
            .boxed()
            .toList();
    RedundancyEntry redundancy = root.powerSupplyRedundancy();
    KeyPath at = KeyPath.of("powerSupplyRedundancy");
    if (redundancy == null) {
      if (!supplies.isEmpty()) {
        checks.problemAtMissingKey(
            at,
            KeyPath.of("i2c").key("devices").index(supplies.get(0)),
            "required when there are pmbus-psu devices; e.g. {type: NPlusM, minNeeded: 1} for N+1");
      }
      return;
    }
    int count = supplies.size();
    if (redundancy.chassisLoadWatts() != null && redundancy.chassisLoadWatts() < 0) {
      checks.problem(
          at.key("chassisLoadWatts"),
          "must be 0 or more watts, got " + redundancy.chassisLoadWatts());
    }
    if (count == 0) {
      checks.problem(
          at, "there are no pmbus-psu devices under i2c.devices; remove it or add the supplies");
    } else if (redundancy.minNeeded() < 1 || redundancy.minNeeded() > count) {
      checks.problem(
          at.key("minNeeded"),
          "must be between 1 and the number of power supplies ("
              + count
              + "), got "
              + redundancy.minNeeded());
    } else if (redundancy.type() != RedundancyType.NotRedundant
        && redundancy.minNeeded() == count) {
      checks.problem(
          at.key("minNeeded"),
          redundancy.type()
              + " needs a spare supply, but all "
              + count
              + " are needed; use NotRedundant or lower minNeeded");
    }
  }

  private boolean requirePositive(double value, KeyPath at) {
    if (!(value > 0) || Double.isInfinite(value)) {
      checks.problem(at, "must be more than 0, got " + number(value));
      return false;
    }
    return true;
  }

  private static String millivolts(double volts) {
    return number(volts * 1000) + " mV";
  }

  private static String number(double value) {
    String text = String.format(Locale.ROOT, "%.4f", value).replaceAll("0+$", "");
    return text.endsWith(".") ? text.substring(0, text.length() - 1) : text;
  }
}

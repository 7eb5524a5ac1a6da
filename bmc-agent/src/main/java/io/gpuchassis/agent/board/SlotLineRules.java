package io.gpuchassis.agent.board;

import io.gpuchassis.agent.board.BoardDocument.PinEntry;
import io.gpuchassis.agent.board.BoardDocument.PinsEntry;
import io.gpuchassis.agent.board.BoardDocument.Root;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The slots' connector signals and the chassis identify LED: each written in one of the three
 * forms, naming an expander, a processor GPIO line or a switch GPIO that exists, and no line
 * driving two signals.
 */
final class SlotLineRules {

  private static final String FORMS =
      "write one of {expander: ID, pin: N}, {gpio: {chip: gpiochipN, line: N}} or {switch: ID, gpio: N}";
  private static final Pattern GPIO_CHIP = Pattern.compile("gpiochip[0-9]+");

  private final DocumentIndex index;
  private final Checks checks;

  /** Every line in use, e.g. "pin 3 of expander SlotIo1", with the signal that uses it first. */
  private final Map<String, KeyPath> lineUsers = new HashMap<>();

  private SlotLineRules(DocumentIndex index, Checks checks) {
    this.index = index;
    this.checks = checks;
  }

  static void check(Root root, DocumentIndex index, Checks checks) {
    SlotLineRules rules = new SlotLineRules(index, checks);
    for (int i = 0; i < root.slots().size(); i++) {
      PinsEntry pins = root.slots().get(i).pins();
      if (pins != null) {
        rules.checkPins(pins, KeyPath.of("slots").index(i).key("pins"));
      }
    }
    if (root.chassis().identifyLed() != null) {
      rules.checkPin(root.chassis().identifyLed(), KeyPath.of("chassis").key("identifyLed"));
    }
  }

  private void checkPins(PinsEntry pins, KeyPath at) {
    Map<String, PinEntry> signals = new LinkedHashMap<>();
    signals.put("presence", pins.presence());
    signals.put("powerEnable", pins.powerEnable());
    signals.put("perst", pins.perst());
    signals.put("attentionLed", pins.attentionLed());
    signals.forEach(
        (signal, pin) -> {
          if (pin != null) {
            checkPin(pin, at.key(signal));
          }
        });
  }

  private void checkPin(PinEntry pin, KeyPath at) {
    if (pin.expander() != null) {
      checkExpanderPin(pin, at);
    } else if (pin.switchId() != null) {
      checkSwitchGpio(pin, at);
    } else if (pin.gpio() != null && pin.gpio().line() != null && pin.pin() == null) {
      checkProcessorLine(pin.gpio().line(), at.key("gpio"));
    } else if (pin.gpio() != null && pin.gpio().switchPin() != null) {
      checks.problem(
          at.key("gpio"),
          "a GPIO number belongs to a switch: {switch: ID, gpio: N}; a processor line is"
              + " {gpio: {chip: gpiochipN, line: N}}");
    } else {
      checks.problem(at, FORMS);
    }
  }

  private void checkExpanderPin(PinEntry pin, KeyPath at) {
    if (pin.gpio() != null || pin.switchId() != null || pin.pin() == null) {
      checks.problem(at, FORMS);
      return;
    }
    boolean ok = true;
    if (pin.pin() < 0 || pin.pin() >= ExpanderDevice.PINS) {
      checks.problem(
          at.key("pin"),
          "a pca9555 has pins 0-" + (ExpanderDevice.PINS - 1) + ", got " + pin.pin());
      ok = false;
    }
    var reference = index.deviceReferenceProblem(pin.expander(), I2cPart.PCA9555, "expander");
    if (reference.isPresent()) {
      checks.problem(at.key("expander"), reference.get());
      ok = false;
    }
    if (ok) {
      claim(new ExpanderPinRef(pin.expander(), pin.pin()).describe(), at, at.key("pin"));
    }
  }

  private void checkSwitchGpio(PinEntry pin, KeyPath at) {
    if (pin.expander() != null
        || pin.pin() != null
        || pin.gpio() == null
        || pin.gpio().switchPin() == null) {
      checks.problem(at, FORMS);
      return;
    }
    int gpio = pin.gpio().switchPin();
    boolean ok = checks.requireAtLeastZero(gpio, at.key("gpio"));
    if (!index.hasSwitch(pin.switchId())) {
      checks.problem(
          at.key("switch"),
          "unknown switch '" + pin.switchId() + "'; switches are: " + index.switchIds());
      ok = false;
    }
    if (ok) {
      claim(new SwitchGpioRef(pin.switchId(), gpio).describe(), at, at.key("gpio"));
    }
  }

  private void checkProcessorLine(BoardDocument.GpioLineEntry line, KeyPath at) {
    boolean ok = true;
    if (!GPIO_CHIP.matcher(line.chip()).matches()) {
      checks.problem(
          at.key("chip"),
          "'"
              + line.chip()
              + "' is not a GPIO chip name such as gpiochip0"
              + " (as in /dev/gpiochip0)");
      ok = false;
    }
    ok &= checks.requireAtLeastZero(line.line(), at.key("line"));
    if (ok) {
      claim(new GpioLineRef(line.chip(), line.line()).describe(), at.parent(), at.key("line"));
    }
  }

  /** One line driving or sensing two signals would couple two slots, or two signals of one. */
  private void claim(String line, KeyPath signal, KeyPath reportAt) {
    KeyPath first = lineUsers.putIfAbsent(line, signal);
    if (first != null) {
      checks.problem(reportAt, line + " is already used by " + first);
    }
  }
}

package io.gpuchassis.agent.ethernet;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads what {@code ethtool -m <if>} prints (the text of ethtool 6.1's {@code qsfp.c}, {@code
 * sfpid.c}/{@code sfpdiag.c} and {@code sff-common.c}): one {@code \t<label, 41 wide> : <value>}
 * line per field. The identity lines are the same for every module; the diagnostics come per
 * channel for a QSFP ({@code Laser tx bias current (Channel 1)}, {@code Transmit avg optical power
 * (Channel 1)}, {@code Rcvr signal avg optical power(Channel 1)}, without the space) and once for
 * an SFP ({@code Laser bias current}, {@code Laser output power}, {@code Receiver signal average
 * optical power}). A line it does not know is skipped.
 */
public final class EthtoolModule {

  private static final Pattern CHANNEL =
      Pattern.compile(
          "(Laser tx bias current|Transmit avg optical power|Rcvr signal avg optical power"
              + "|Receiver signal OMA) ?\\(Channel ([0-9]{1,2})\\)");
  private static final Pattern IDENTIFIER = Pattern.compile("0x([0-9a-f]{2}) \\((.*)\\)");
  private static final Pattern CODED = Pattern.compile("0x[0-9a-f]{2} \\((.*)\\)");
  private static final Pattern NUMBER =
      Pattern.compile("(-?[0-9]+(?:\\.[0-9]+)?) ?(mA|mW|V|degrees C)\\b.*");

  private EthtoolModule() {}

  /**
   * The module, or empty when ethtool says none is plugged (identifier 0x00) or printed no
   * identifier at all.
   */
  public static Optional<OpticalModule> parse(String output) {
    Map<String, String> fields = new LinkedHashMap<>();
    List<String> types = new ArrayList<>();
    Map<Integer, Double[]> channels = new TreeMap<>();
    Map<String, Double> thresholds = new LinkedHashMap<>();
    for (String line : output.split("\n")) {
      int colon = line.indexOf(" : ");
      if (colon <= 0) {
        continue;
      }
      String label = line.substring(0, colon).strip();
      String value = line.substring(colon + 3).strip();
      Matcher channel = CHANNEL.matcher(label);
      if (label.equals("Transceiver type")) {
        types.add(value);
      } else if (channel.matches()) {
        int n = Integer.parseInt(channel.group(2));
        int slot =
            switch (channel.group(1)) {
              case "Laser tx bias current" -> 0;
              case "Transmit avg optical power" -> 1;
              default -> 2;
            };
        number(value).ifPresent(v -> channels.computeIfAbsent(n, k -> new Double[3])[slot] = v);
      } else if (label.equals("Laser bias current")) {
        number(value).ifPresent(v -> channels.computeIfAbsent(1, k -> new Double[3])[0] = v);
      } else if (label.equals("Laser output power")) {
        number(value).ifPresent(v -> channels.computeIfAbsent(1, k -> new Double[3])[1] = v);
      } else if (label.equals("Receiver signal average optical power")) {
        number(value).ifPresent(v -> channels.computeIfAbsent(1, k -> new Double[3])[2] = v);
      } else if (label.endsWith(" threshold")) {
        number(value).ifPresent(v -> thresholds.put(label, v));
      } else {
        fields.putIfAbsent(label, value);
      }
    }
    Matcher id = IDENTIFIER.matcher(fields.getOrDefault("Identifier", ""));
    if (!id.matches() || Integer.parseInt(id.group(1), 16) == 0) {
      return Optional.empty();
    }
    OptionalDouble temperature = number(fields.getOrDefault("Module temperature", ""));
    OptionalDouble voltage = number(fields.getOrDefault("Module voltage", ""));
    if (temperature.isPresent() && temperature.getAsDouble() == 0 && channels.isEmpty()) {
      // qsfp.c's own test: a module without diagnostics (a passive copper cable) reads 0
      temperature = OptionalDouble.empty();
      voltage = OptionalDouble.empty();
    }
    List<OpticalModule.Lane> lanes = new ArrayList<>();
    channels.forEach(
        (n, v) ->
            lanes.add(new OpticalModule.Lane(n, optional(v[0]), optional(v[1]), optional(v[2]))));
    return Optional.of(
        new OpticalModule(
            Integer.parseInt(id.group(1), 16),
            id.group(2),
            coded(fields.get("Connector")),
            types,
            coded(fields.get("Transmitter technology")),
            text(fields.get("Vendor name")),
            text(fields.get("Vendor PN")),
            text(fields.get("Vendor SN")),
            text(fields.get("Vendor rev")),
            temperature,
            voltage,
            lanes,
            thresholds));
  }

  /** {@code 0x0c (MPO Parallel Optic)}: the name in brackets. */
  private static Optional<String> coded(String value) {
    if (value == null) {
      return Optional.empty();
    }
    Matcher m = CODED.matcher(value);
    return m.matches() ? Optional.of(m.group(1)) : Optional.empty();
  }

  /** ethtool prints an unprintable byte as {@code _} and strips trailing blanks. */
  private static Optional<String> text(String value) {
    return value == null || value.isBlank() ? Optional.empty() : Optional.of(value);
  }

  /**
   * {@code 0.7943 mW / -1.00 dBm}, {@code 6.750 mA}, {@code 3.2910 V}, {@code 35.50 degrees C ...}.
   */
  private static OptionalDouble number(String value) {
    Matcher m = NUMBER.matcher(value);
    if (!m.matches()) {
      return OptionalDouble.empty();
    }
    try {
      return OptionalDouble.of(Double.parseDouble(m.group(1)));
    } catch (NumberFormatException e) {
      return OptionalDouble.empty();
    }
  }

  private static OptionalDouble optional(Double value) {
    return value == null ? OptionalDouble.empty() : OptionalDouble.of(value);
  }
}

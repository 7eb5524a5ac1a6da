package io.gpuchassis.redfish.query;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** Percent-decoding of raw query strings and percent-encoding of the values put into next links. */
final class QueryStrings {

  /**
   * A decoded query string: each name with its values in order, and the names whose value was not
   * valid percent-encoded UTF-8 (kept there as written, so that a parameter nobody reads cannot
   * fail the request).
   */
  record Decoded(Map<String, List<String>> parameters, Set<String> badlyEncoded) {}

  private QueryStrings() {}

  /**
   * Splits {@code raw} (the part after {@code ?}, without it) on {@code &} and each piece on its
   * first {@code =}, and decodes names and values. {@code +} reads as a space, as Vert.x reads it,
   * so both ways of parsing a request agree.
   */
  static Decoded decode(String raw) {
    Map<String, List<String>> parameters = new LinkedHashMap<>();
    Set<String> badlyEncoded = new TreeSet<>();
    if (raw == null || raw.isEmpty()) {
      return new Decoded(parameters, badlyEncoded);
    }
    for (String piece : raw.split("&", -1)) {
      if (piece.isEmpty()) {
        continue;
      }
      int eq = piece.indexOf('=');
      String rawName = eq < 0 ? piece : piece.substring(0, eq);
      String rawValue = eq < 0 ? "" : piece.substring(eq + 1);
      String name = decodeComponent(rawName).orElse(rawName);
      if (name.isEmpty()) {
        continue;
      }
      Optional<String> value = decodeComponent(rawValue);
      if (value.isEmpty()) {
        badlyEncoded.add(name);
      }
      parameters.computeIfAbsent(name, n -> new ArrayList<>()).add(value.orElse(rawValue));
    }
    return new Decoded(parameters, badlyEncoded);
  }

  /**
   * {@code text} with {@code %XX} escapes and {@code +} decoded, or empty if an escape is broken or
   * not UTF-8.
   */
  static Optional<String> decodeComponent(String text) {
    if (text.indexOf('%') < 0) {
      return Optional.of(text.replace('+', ' '));
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '%') {
        if (i + 2 >= text.length()) {
          return Optional.empty();
        }
        int hi = Character.digit(text.charAt(i + 1), 16);
        int lo = Character.digit(text.charAt(i + 2), 16);
        if (hi < 0 || lo < 0) {
          return Optional.empty();
        }
        bytes.write(hi * 16 + lo);
        i += 2;
      } else {
        // A run of literal characters up to the next escape, encoded whole so surrogate pairs stay
        // intact.
        int end = text.indexOf('%', i);
        if (end < 0) {
          end = text.length();
        }
        byte[] utf8 = text.substring(i, end).replace('+', ' ').getBytes(StandardCharsets.UTF_8);
        bytes.write(utf8, 0, utf8.length);
        i = end - 1;
      }
    }
    try {
      return Optional.of(
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes.toByteArray()))
              .toString());
    } catch (CharacterCodingException e) {
      return Optional.empty();
    }
  }

  /**
   * {@code text} percent-encoded for a query component: RFC 3986 unreserved characters and the few
   * that OData query values use ({@code $ ( ) * , / : @ ' ! =}) stay as they are; {@code & + # %},
   * spaces and all else are escaped. An {@code =} inside a value is safe: a parameter is split at
   * its first {@code =}.
   */
  static String encodeComponent(String text) {
    StringBuilder out = new StringBuilder(text.length() + 16);
    for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
      int c = b & 0xff;
      if (isKept(c)) {
        out.append((char) c);
      } else {
        out.append('%')
            .append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
            .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
      }
    }
    return out.toString();
  }

  private static boolean isKept(int c) {
    return (c >= 'A' && c <= 'Z')
        || (c >= 'a' && c <= 'z')
        || (c >= '0' && c <= '9')
        || "-._~$()*,/:@'!=".indexOf(c) >= 0;
  }
}

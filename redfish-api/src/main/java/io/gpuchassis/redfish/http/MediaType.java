package io.gpuchassis.redfish.http;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A {@code Content-Type} value read as RFC 9110 says: {@code type/subtype} and parameters, names
 * case-insensitive.
 */
record MediaType(String essence, Map<String, String> parameters) {

  /** The value as a media type, or empty when it is not one. */
  static Optional<MediaType> parse(String value) {
    if (value == null) {
      return Optional.empty();
    }
    String[] parts = value.split(";");
    String essence = parts[0].trim().toLowerCase(Locale.ROOT);
    if (!essence.matches("[a-z0-9!#$&^_.+-]+/[a-z0-9!#$&^_.+-]+")) {
      return Optional.empty();
    }
    Map<String, String> parameters = new LinkedHashMap<>();
    for (int i = 1; i < parts.length; i++) {
      String[] pair = parts[i].trim().split("=", 2);
      if (pair.length != 2 || pair[0].isBlank()) {
        return Optional.empty();
      }
      String v = pair[1].trim();
      if (v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"")) {
        v = v.substring(1, v.length() - 1);
      }
      parameters.put(pair[0].trim().toLowerCase(Locale.ROOT), v);
    }
    return Optional.of(new MediaType(essence, parameters));
  }

  /**
   * {@code application/json}, with no charset or UTF-8 (RFC 8259: JSON between systems is UTF-8).
   */
  boolean isJson() {
    String charset = parameters.get("charset");
    return essence.equals("application/json")
        && (charset == null || charset.equalsIgnoreCase("utf-8"));
  }

  boolean isMultipartForm() {
    return essence.equals("multipart/form-data");
  }

  /** Raw bytes: a browser sends it cross-site only after a CORS preflight, as with JSON. */
  boolean isOctetStream() {
    return essence.equals("application/octet-stream");
  }
}

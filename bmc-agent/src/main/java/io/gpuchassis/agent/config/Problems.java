package io.gpuchassis.agent.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.io.IOException;
import java.util.Collection;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Says in an operator's words what Jackson found wrong while binding the configuration file: the
 * key path, what was expected ("a whole number", "a list") and what was found, never a Java type
 * name.
 */
final class Problems {

  private Problems() {}

  /** {@code e} as a ConfigException naming the key and, when known, the line. */
  static ConfigException of(JsonMappingException e, KeyLines lines) {
    ConfigException own = ownCause(e);
    String key = key(e);
    if (own != null) {
      // A value the binding handed to a record's checks, which named its key themselves.
      String ownKey = own.key().orElse(key);
      return ConfigException.atLine(lines.lineOf(ownKey), ownKey, own.getMessage(), own);
    }
    int line = key.isEmpty() ? 0 : lines.lineOf(key);
    if (line == 0 && e.getLocation() != null) {
      line = e.getLocation().getLineNr();
    }
    if (e instanceof UnrecognizedPropertyException unknown) {
      return ConfigException.atLine(
          line,
          key,
          "unknown key '"
              + key
              + "'; "
              + where(key)
              + " takes: "
              + names(unknown.getKnownPropertyIds()),
          e);
    }
    String found =
        e instanceof InvalidFormatException bad
            ? quoted(bad.getValue())
            : lines
                .valueOf(key)
                .orElseGet(
                    () -> e.getProcessor() instanceof JsonParser p ? found(p) : "something else");
    String expected =
        e instanceof MismatchedInputException m && m.getTargetType() != null
            ? expected(m.getTargetType())
            : "another kind of value";
    return ConfigException.atLine(
        line,
        key,
        (key.isEmpty() ? "the file" : key) + ": expected " + expected + ", found " + found,
        e);
  }

  /** What the parser stands on, in words: {@code 'abc'}, {@code a list}, {@code a mapping}. */
  static String found(JsonParser p) {
    JsonToken t = p.currentToken();
    if (t == null) {
      return "nothing";
    }
    try {
      return switch (t) {
        case START_ARRAY, END_ARRAY -> "a list";
        case START_OBJECT, END_OBJECT, FIELD_NAME -> "a mapping of keys";
        case VALUE_NULL -> "nothing";
        default -> quoted(p.getText());
      };
    } catch (IOException e) {
      return "something else";
    }
  }

  private static String expected(Class<?> type) {
    if (type == Integer.class
        || type == int.class
        || type == Long.class
        || type == long.class
        || type == Short.class
        || type == short.class) {
      return "a whole number";
    }
    if (type == Boolean.class || type == boolean.class) {
      return "true or false";
    }
    if (type == String.class || Number.class.isAssignableFrom(type)) {
      return "a single value";
    }
    if (Collection.class.isAssignableFrom(type) || type.isArray()) {
      return "a list";
    }
    if (Map.class.isAssignableFrom(type) || type.isRecord()) {
      return "a mapping of keys (key: value lines)";
    }
    return "another kind of value";
  }

  private static String quoted(Object value) {
    return value == null ? "nothing" : "'" + value + "'";
  }

  private static String where(String key) {
    int dot = key.lastIndexOf('.');
    return dot < 0 ? "the file" : key.substring(0, dot);
  }

  private static String names(Collection<Object> known) {
    return known == null
        ? ""
        : known.stream().map(String::valueOf).sorted().collect(Collectors.joining(", "));
  }

  private static String key(JsonMappingException e) {
    StringBuilder key = new StringBuilder();
    for (JsonMappingException.Reference ref : e.getPath()) {
      if (ref.getFieldName() != null) {
        key.append(key.length() == 0 ? "" : ".").append(ref.getFieldName());
      } else if (ref.getIndex() >= 0) {
        key.append('[').append(ref.getIndex()).append(']');
      }
    }
    return key.toString();
  }

  private static ConfigException ownCause(Throwable e) {
    for (Throwable t = e.getCause(); t != null && t != t.getCause(); t = t.getCause()) {
      if (t instanceof ConfigException c) {
        return c;
      }
    }
    return null;
  }
}

package io.gpuchassis.agent.sim.topology;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Turns a Jackson exception into a message in the terms of the topology file: the path of the
 * key as written ({@code slots[3].gpu.vendorId}), what is wrong, and the key's line.
 */
record ParseProblem(int line, String message) {

  private static final int NO_LINE = 0;

  // Some facts Jackson only puts into its message text; these patterns read them back out.
  private static final Pattern MISSING_KEY =
      Pattern.compile("Missing required creator property '([^']+)'");
  private static final Pattern DUPLICATE_KEY = Pattern.compile("Duplicate field '([^']+)'");
  private static final Pattern FOUND_TOKEN = Pattern.compile("token `JsonToken\\.([A-Z_]+)`");

  private static final Map<String, String> TOKEN_WORDS = Map.of(
      "START_ARRAY", "a list",
      "START_OBJECT", "a mapping",
      "VALUE_STRING", "a string",
      "VALUE_NUMBER_INT", "an integer",
      "VALUE_NUMBER_FLOAT", "a decimal number",
      "VALUE_TRUE", "a boolean",
      "VALUE_FALSE", "a boolean");

  /**
   * @param yamlFactory factory to re-read {@code yaml} with when looking up the key's line
   * @param yaml the text that failed to parse
   */
  static ParseProblem of(JsonProcessingException e, JsonFactory yamlFactory, String yaml) {
    if (isEmptyDocument(e)) {
      return new ParseProblem(NO_LINE, "the file has no content");
    }
    List<Object> path = pathOf(e);
    int line = lineOf(e);
    if (!isStreamProblem(e)) {
      // Jackson places some mapping problems at the end of the enclosing mapping
      line = KeyLocator.line(yamlFactory, yaml, path).orElse(line);
    }
    return new ParseProblem(line, render(path) + ": " + detailOf(e));
  }

  /**
   * Whether the YAML text itself is broken (syntax, duplicate key). Jackson's location is exact
   * for those, and re-reading the text to find a key would hit the same error.
   */
  private static boolean isStreamProblem(JsonProcessingException e) {
    // databind wraps stream problems met inside an object to add the path
    return !(e instanceof JsonMappingException) || e.getCause() instanceof StreamReadException;
  }

  private static boolean isEmptyDocument(JsonProcessingException e) {
    return e instanceof MismatchedInputException mismatch
        && mismatch.getPath().isEmpty()
        && mismatch.getOriginalMessage().startsWith("No content to map");
  }

  private static String detailOf(JsonProcessingException e) {
    String text = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
    if (e instanceof UnrecognizedPropertyException unknown) {
      return "unknown key '" + unknown.getPropertyName() + "'; known keys: "
          + sorted(unknown.getKnownPropertyIds());
    }
    if (e instanceof InvalidNullException) {
      return "a value is required";
    }
    if (e instanceof InvalidFormatException format) {
      return invalidValue(format);
    }
    if (e instanceof MismatchedInputException mismatch) {
      if (MISSING_KEY.matcher(text).find()) {
        return "missing required key";
      }
      return "expected " + describe(mismatch.getTargetType()) + found(text);
    }
    if (DUPLICATE_KEY.matcher(text).find()) {
      return "duplicate key";
    }
    // YAML syntax errors: SnakeYAML's first line says what, the rest repeats the location
    return "invalid YAML: " + text.lines().findFirst().orElse("unreadable");
  }

  private static String invalidValue(InvalidFormatException e) {
    Class<?> target = e.getTargetType();
    if (target != null && target.isEnum()) {
      return "unknown value '" + e.getValue() + "'; expected one of: " + enumValues(target);
    }
    return "'" + e.getValue() + "' is not " + describe(target);
  }

  /** The path from the root as keys ({@link String}) and list indexes ({@link Integer}). */
  private static List<Object> pathOf(JsonProcessingException e) {
    List<Object> path = new ArrayList<>();
    String text = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
    if (e instanceof JsonMappingException mapping) {
      for (JsonMappingException.Reference ref : mapping.getPath()) {
        path.add(ref.getFieldName() != null ? ref.getFieldName() : Integer.valueOf(ref.getIndex()));
      }
      appendIfNotLast(path, MISSING_KEY.matcher(text));
      appendIfNotLast(path, DUPLICATE_KEY.matcher(text));
    } else if (e.getProcessor() instanceof JsonParser parser) {
      // stream-level problems (duplicate keys) carry no path; the parser knows where it stands
      for (JsonPointer step = parser.getParsingContext().pathAsPointer();
          step != null && !step.matches();
          step = step.tail()) {
        path.add(step.getMatchingIndex() >= 0 ? Integer.valueOf(step.getMatchingIndex())
            : step.getMatchingProperty());
      }
      appendIfNotLast(path, DUPLICATE_KEY.matcher(text));
    }
    return path;
  }

  /** Adds the key a message names unless the path already ends with it. */
  private static void appendIfNotLast(List<Object> path, Matcher keyInMessage) {
    if (keyInMessage.find()) {
      String key = keyInMessage.group(1);
      if (path.isEmpty() || !key.equals(path.get(path.size() - 1))) {
        path.add(key);
      }
    }
  }

  private static String render(List<Object> path) {
    if (path.isEmpty()) {
      return "(document)";
    }
    StringBuilder text = new StringBuilder();
    for (Object step : path) {
      if (step instanceof Integer index) {
        text.append('[').append(index).append(']');
      } else {
        text.append(text.length() == 0 ? "" : ".").append(step);
      }
    }
    return text.toString();
  }

  private static int lineOf(JsonProcessingException e) {
    JsonLocation location = e.getLocation();
    return location == null || location.getLineNr() < 1 ? NO_LINE : location.getLineNr();
  }

  private static String describe(Class<?> type) {
    if (type == null) {
      return "a different value";
    }
    if (type == HexNumber.class) {
      return HexNumber.EXPECTED;
    }
    if (type == int.class || type == Integer.class) {
      return "an integer";
    }
    if (type == String.class) {
      return "a string (put numbers and versions in quotes)";
    }
    if (Collection.class.isAssignableFrom(type)) {
      return "a list";
    }
    if (type.isEnum()) {
      return "one of: " + enumValues(type);
    }
    return "a mapping of keys";
  }

  private static String found(String message) {
    Matcher token = FOUND_TOKEN.matcher(message);
    return Optional.of(token)
        .filter(Matcher::find)
        .map(m -> TOKEN_WORDS.get(m.group(1)))
        .map(word -> ", found " + word)
        .orElse("");
  }

  private static String enumValues(Class<?> enumType) {
    return Arrays.stream(enumType.getEnumConstants()).map(Object::toString)
        .collect(Collectors.joining(", "));
  }

  private static String sorted(Collection<Object> keys) {
    return keys.stream().map(Object::toString).sorted().collect(Collectors.joining(", "));
  }
}

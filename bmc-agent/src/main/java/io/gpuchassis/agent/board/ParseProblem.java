package io.gpuchassis.agent.board;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Turns a Jackson exception into a {@link BoardProblem} in the terms of the board file: the path of
 * the key as written ({@code slots[3].sideband.address}), what is wrong, and the key's line.
 */
final class ParseProblem {

  // Some facts Jackson only puts into its message text; these patterns read them back out.
  private static final Pattern MISSING_KEY =
      Pattern.compile("Missing required creator property '([^']+)'");
  private static final Pattern DUPLICATE_KEY = Pattern.compile("Duplicate field '([^']+)'");
  private static final Pattern FOUND_TOKEN = Pattern.compile("token `JsonToken\\.([A-Z_]+)`");

  private static final Map<String, String> TOKEN_WORDS =
      Map.of(
          "START_ARRAY", "a list",
          "START_OBJECT", "a mapping",
          "VALUE_STRING", "a string",
          "VALUE_NUMBER_INT", "an integer",
          "VALUE_NUMBER_FLOAT", "a decimal number",
          "VALUE_TRUE", "a boolean",
          "VALUE_FALSE", "a boolean");

  /** Keys of the old topology files that a board file leaves to the hardware. */
  private static final Set<String> IDENTITY_KEYS = Set.of("serialNumber", "firmwareVersion");

  private static final String PART_KEY = "part";

  private ParseProblem() {}

  /**
   * @param yamlFactory factory to re-read {@code yaml} with when looking up the key's line
   * @param yaml the text that failed to parse
   */
  static BoardProblem of(JsonProcessingException e, JsonFactory yamlFactory, String yaml) {
    if (isEmptyDocument(e)) {
      return new BoardProblem(OptionalInt.empty(), "", "the file has no content");
    }
    KeyPath path = pathOf(e);
    int line = lineOf(e);
    if (!isStreamProblem(e)) {
      // Jackson places some mapping problems at the end of the enclosing mapping
      line = KeyLocator.line(yamlFactory, yaml, path.steps()).orElse(line);
    }
    return new BoardProblem(
        line > 0 ? OptionalInt.of(line) : OptionalInt.empty(), path.render(), detailOf(e));
  }

  /**
   * Whether the YAML text itself is broken (syntax, duplicate key). Jackson's location is exact for
   * those, and re-reading the text to find a key would hit the same error.
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
      return unknownKey(unknown);
    }
    if (e instanceof InvalidTypeIdException typeId) {
      return typeId.getTypeId() == null ? "missing required key" : unknownPart(typeId.getTypeId());
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

  private static String unknownKey(UnrecognizedPropertyException e) {
    String detail =
        "unknown key '" + e.getPropertyName() + "'; known keys: " + sorted(e.getKnownPropertyIds());
    if (IDENTITY_KEYS.contains(e.getPropertyName())) {
      detail +=
          " (the agent reads serial numbers and firmware versions from the hardware; what the"
              + " simulator reports goes under simulation:)";
    }
    return detail;
  }

  private static String unknownPart(String part) {
    String detail =
        "unknown part '"
            + part
            + "'; device parts are: "
            + Arrays.stream(I2cPart.values())
                .filter(p -> p != I2cPart.PCA9548)
                .map(I2cPart::fileName)
                .sorted()
                .collect(Collectors.joining(", "));
    if (part.equals(I2cPart.PCA9548.fileName())) {
      detail += "; a pca9548 is a mux: list it under i2c.muxes";
    }
    return detail;
  }

  private static String invalidValue(InvalidFormatException e) {
    Class<?> target = e.getTargetType();
    if (target != null && target.isEnum()) {
      return "unknown value '" + e.getValue() + "'; expected one of: " + enumValues(target);
    }
    return "'" + e.getValue() + "' is not " + describe(target);
  }

  private static KeyPath pathOf(JsonProcessingException e) {
    KeyPath path = KeyPath.ROOT;
    String text = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
    if (e instanceof JsonMappingException mapping) {
      for (JsonMappingException.Reference ref : mapping.getPath()) {
        path =
            ref.getFieldName() != null ? path.key(ref.getFieldName()) : path.index(ref.getIndex());
      }
      if (e instanceof InvalidTypeIdException) {
        // the device entry is the last step; the problem is its part key
        path = path.key(PART_KEY);
      }
      path = appendIfNotLast(path, MISSING_KEY.matcher(text));
      path = appendIfNotLast(path, DUPLICATE_KEY.matcher(text));
    } else if (e.getProcessor() instanceof JsonParser parser) {
      // stream-level problems (duplicate keys) carry no path; the parser knows where it stands
      for (JsonPointer step = parser.getParsingContext().pathAsPointer();
          step != null && !step.matches();
          step = step.tail()) {
        path =
            step.getMatchingIndex() >= 0
                ? path.index(step.getMatchingIndex())
                : path.key(step.getMatchingProperty());
      }
      path = appendIfNotLast(path, DUPLICATE_KEY.matcher(text));
    }
    return path;
  }

  /** Adds the key a message names unless the path already ends with it. */
  private static KeyPath appendIfNotLast(KeyPath path, Matcher keyInMessage) {
    if (keyInMessage.find()) {
      String key = keyInMessage.group(1);
      if (path.steps().isEmpty() || !key.equals(path.steps().get(path.steps().size() - 1))) {
        return path.key(key);
      }
    }
    return path;
  }

  private static int lineOf(JsonProcessingException e) {
    JsonLocation location = e.getLocation();
    return location == null || location.getLineNr() < 1 ? 0 : location.getLineNr();
  }

  private static String describe(Class<?> type) {
    if (type == null) {
      return "a different value";
    }
    if (type == HexNumber.class) {
      return HexNumber.EXPECTED;
    }
    if (type == GpioValue.class) {
      return GpioValue.EXPECTED;
    }
    if (type == int.class || type == Integer.class) {
      return "an integer";
    }
    if (type == double.class || type == Double.class) {
      return "a number";
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
    return Arrays.stream(enumType.getEnumConstants())
        .map(Object::toString)
        .collect(Collectors.joining(", "));
  }

  private static String sorted(Collection<Object> keys) {
    return keys.stream().map(Object::toString).sorted().collect(Collectors.joining(", "));
  }
}

package io.gpuchassis.agent.board;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.List;
import java.util.OptionalInt;

/**
 * Finds the line of a key in YAML text by walking its token stream along a path.
 *
 * <p>Needed because Jackson reports some problems (unknown keys of records, missing keys) at the
 * end of the enclosing mapping rather than at the key; a person wants the key's own line.
 */
final class KeyLocator {

  private KeyLocator() {}

  /**
   * The 1-based line where the last reachable step of {@code path} starts: the key itself if it
   * exists, else its enclosing mapping or list item (for a missing key).
   *
   * @param path steps from the document root: {@link String} keys and {@link Integer} list indexes
   */
  static OptionalInt line(JsonFactory yamlFactory, String yaml, List<Object> path) {
    try (JsonParser parser = yamlFactory.createParser(yaml)) {
      if (parser.nextToken() == null) {
        return OptionalInt.empty();
      }
      int line = parser.currentTokenLocation().getLineNr();
      for (Object step : path) {
        if (step instanceof String key) {
          if (!enterKey(parser, key)) {
            break;
          }
          line = parser.currentTokenLocation().getLineNr();
          parser.nextToken(); // onto the value, ready for the next step
        } else {
          if (!enterItem(parser, (Integer) step)) {
            break;
          }
          line = parser.currentTokenLocation().getLineNr();
        }
      }
      return line > 0 ? OptionalInt.of(line) : OptionalInt.empty();
    } catch (IOException | RuntimeException e) {
      // only a nicer line number is lost; the caller falls back to Jackson's location
      return OptionalInt.empty();
    }
  }

  /** With the parser on START_OBJECT, moves it onto the FIELD_NAME {@code key}. */
  private static boolean enterKey(JsonParser parser, String key) throws IOException {
    if (parser.currentToken() != JsonToken.START_OBJECT) {
      return false;
    }
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      if (parser.currentName().equals(key)) {
        return true;
      }
      parser.nextToken();
      parser.skipChildren();
    }
    return false;
  }

  /** With the parser on START_ARRAY, moves it onto the first token of item {@code index}. */
  private static boolean enterItem(JsonParser parser, int index) throws IOException {
    if (parser.currentToken() != JsonToken.START_ARRAY) {
      return false;
    }
    for (int i = 0; i <= index; i++) {
      JsonToken token = parser.nextToken();
      if (token == null || token == JsonToken.END_ARRAY) {
        return false;
      }
      if (i < index) {
        parser.skipChildren();
      }
    }
    return true;
  }
}

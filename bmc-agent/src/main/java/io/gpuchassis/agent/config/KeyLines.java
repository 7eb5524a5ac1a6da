package io.gpuchassis.agent.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The line of every key of a YAML configuration file, by dotted key path ({@code
 * http.maxConnections}), found in one pass over the file before it is bound: so that every error,
 * also one found after binding, can name its line. The pass also refuses what binding would
 * silently accept: a key given twice (the last would win), and a file that is not one mapping of
 * keys.
 */
final class KeyLines {

  private static final YAMLFactory YAML = new YAMLFactory();

  private final Map<String, Integer> lines;
  private final Map<String, String> values;
  private final boolean empty;

  private KeyLines(Map<String, Integer> lines, Map<String, String> values, boolean empty) {
    this.lines = lines;
    this.values = values;
    this.empty = empty;
  }

  /** Whether the file holds no setting at all (empty, or comments only). */
  boolean empty() {
    return empty;
  }

  /**
   * What the file gives {@code key} in words ({@code 'abc'}, {@code a list}), when the key is
   * written.
   */
  Optional<String> valueOf(String key) {
    return Optional.ofNullable(values.get(key));
  }

  /**
   * Scans {@code content}.
   *
   * @throws ConfigException for a duplicate key, a syntax error or a file that is not a mapping,
   *     with its line
   */
  static KeyLines scan(byte[] content) {
    Map<String, Integer> lines = new HashMap<>();
    Map<String, String> values = new HashMap<>();
    try (JsonParser p = YAML.createParser(content)) {
      JsonToken t = p.nextToken();
      if (t == null) {
        return new KeyLines(lines, values, true);
      }
      if (t != JsonToken.START_OBJECT) {
        throw located(
            p.currentTokenLocation().getLineNr(),
            "the file must be a mapping of keys (key: value lines)," + " not " + Problems.found(p));
      }
      while (t != null) {
        if (t == JsonToken.FIELD_NAME) {
          String key = dotted(p.getParsingContext().pathAsPointer());
          int line = p.currentTokenLocation().getLineNr();
          Integer earlier = lines.putIfAbsent(key, line);
          if (earlier != null) {
            throw ConfigException.atLine(
                line, key, key + " is given twice (first on line " + earlier + "); keep one", null);
          }
          t = p.nextToken();
          values.put(key, Problems.found(p));
          continue;
        }
        if (t == JsonToken.END_OBJECT && p.getParsingContext().inRoot()) {
          if (p.nextToken() != null) {
            throw located(
                p.currentTokenLocation().getLineNr(),
                "the file holds more than one YAML document; keep" + " one");
          }
          break;
        }
        t = p.nextToken();
      }
    } catch (StreamReadException e) {
      int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
      throw located(line, "not valid YAML: " + e.getOriginalMessage());
    } catch (IOException e) {
      throw new ConfigException("cannot be read: " + e.getMessage(), e);
    }
    return new KeyLines(lines, values, false);
  }

  /** The line of {@code key}, or of its nearest parent written in the file; 0 when none is. */
  int lineOf(String key) {
    for (String k = key;
        !k.isEmpty();
        k = k.contains(".") ? k.substring(0, k.lastIndexOf('.')) : "") {
      Integer line = lines.get(k);
      if (line != null) {
        return line;
      }
    }
    return 0;
  }

  /**
   * {@code /http/maxConnections} as {@code http.maxConnections}, {@code /console/devices/0} as
   * {@code console.devices[0]}.
   */
  static String dotted(JsonPointer pointer) {
    StringBuilder key = new StringBuilder();
    for (JsonPointer p = pointer; p != null && !p.matches(); p = p.tail()) {
      if (p.mayMatchElement()) {
        key.append('[').append(p.getMatchingIndex()).append(']');
      } else {
        key.append(key.length() == 0 ? "" : ".").append(p.getMatchingProperty());
      }
    }
    return key.toString();
  }

  private static ConfigException located(int line, String message) {
    return ConfigException.atLine(line, null, message, null);
  }
}

package io.gpuchassis.redfish.query;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * An RFC 7232 entity tag: {@code "opaque"} (strong) or {@code W/"opaque"} (weak). {@link
 * #toString()} writes it as it goes into an {@code ETag} header.
 */
public record EntityTag(boolean weak, String opaque) {

  public EntityTag {
    if (opaque.indexOf('"') >= 0) {
      throw new IllegalArgumentException("an entity tag cannot contain a double quote: " + opaque);
    }
  }

  /**
   * The tag {@code text} spells, or empty; a tag without quotes is read as if quoted (see {@link
   * #parseList}).
   */
  public static Optional<EntityTag> parse(String text) {
    if (text == null) {
      return Optional.empty();
    }
    List<EntityTag> tags = parseList(text);
    return tags.size() == 1 ? Optional.of(tags.get(0)) : Optional.empty();
  }

  /**
   * The tags of an {@code If-Match} or {@code If-None-Match} value: a comma-separated list of tags,
   * commas inside quotes included. Clients that strip the quotes (Ansible's {@code
   * strip_etag_quotes} exists for services that want them so) send bare tags; those are read as the
   * quoted tag, since refusing them would only force a blind retry. An unterminated quote ends the
   * list; anything but a comma after a quoted tag makes the whole header malformed (no tags), so
   * that a mangled If-Match can never pass for the current ETag.
   */
  public static List<EntityTag> parseList(String header) {
    List<EntityTag> tags = new ArrayList<>();
    int i = 0;
    int n = header.length();
    while (i < n) {
      char c = header.charAt(i);
      if (c == ',' || c == ' ' || c == '\t') {
        i++;
        continue;
      }
      boolean weak = header.startsWith("W/", i);
      if (weak) {
        i += 2;
      }
      if (i < n && header.charAt(i) == '"') {
        int close = header.indexOf('"', i + 1);
        if (close < 0) {
          break;
        }
        tags.add(new EntityTag(weak, header.substring(i + 1, close)));
        i = close + 1;
        while (i < n && (header.charAt(i) == ' ' || header.charAt(i) == '\t')) {
          i++;
        }
        if (i < n && header.charAt(i) != ',') {
          // something glued to a tag ("etag"xyz): the header is malformed and names no tag at all
          return List.of();
        }
      } else {
        int end = i;
        while (end < n && ",\t \"".indexOf(header.charAt(end)) < 0) {
          end++;
        }
        if (end > i) {
          tags.add(new EntityTag(weak, header.substring(i, end)));
        }
        i = Math.max(end, i + 1);
      }
    }
    return tags;
  }

  /** RFC 7232 §2.3.2 strong comparison: neither tag weak, same opaque part. */
  public boolean strongMatch(EntityTag other) {
    return !weak && !other.weak && opaque.equals(other.opaque);
  }

  /** RFC 7232 §2.3.2 weak comparison: same opaque part, weak or not. */
  public boolean weakMatch(EntityTag other) {
    return opaque.equals(other.opaque);
  }

  @Override
  public String toString() {
    return (weak ? "W/\"" : "\"") + opaque + "\"";
  }
}

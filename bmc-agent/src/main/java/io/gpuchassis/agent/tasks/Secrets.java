package io.gpuchassis.agent.tasks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.message.MessageInstance;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Masks the secrets a request carries wherever it is shown again (a Task's name, messages, payload
 * and final response; events about it): the user information of any URI ({@code
 * http://user:pw@host/} becomes {@code http://******@host/}) and every JSON property named like a
 * password or secret (its value becomes null, as Redfish shows passwords). The request itself keeps
 * them.
 */
public final class Secrets {

  static final String MASK = "******";

  /**
   * {@code scheme://userinfo@}: the user information ends before the first '/', '?', '#' or white
   * space.
   */
  private static final Pattern USER_INFO =
      Pattern.compile("(?i)\\b([a-z][a-z0-9+.-]*://)[^/?#@\\s\"]+@");

  private static final ObjectMapper JSON = new ObjectMapper();

  private Secrets() {}

  /** {@code text} with the user information of every URI in it masked. */
  public static String maskUris(String text) {
    return text == null ? null : USER_INFO.matcher(text).replaceAll("$1" + MASK + "@");
  }

  /**
   * Whether a property of this name holds a secret (Password, Passphrase, a token, a secret
   * key...).
   */
  public static boolean isSecretName(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    return n.contains("password")
        || n.contains("passphrase")
        || n.contains("secret")
        || n.contains("token")
        || n.equals("privatekey");
  }

  /**
   * A JSON body with secret properties nulled and URIs masked; text that is not JSON gets its URIs
   * masked.
   */
  public static String maskJson(String body) {
    if (body == null || body.isBlank()) {
      return body;
    }
    try {
      JsonNode tree = JSON.readTree(body);
      return tree == null ? maskUris(body) : JSON.writeValueAsString(mask(tree));
    } catch (JsonProcessingException e) {
      return maskUris(body);
    }
  }

  /** {@code message} with its arguments' URIs masked. */
  public static MessageInstance mask(MessageInstance message) {
    List<String> args = message.args().stream().map(Secrets::maskUris).toList();
    return args.equals(message.args())
        ? message
        : new MessageInstance(message.definition(), args, message.relatedProperties());
  }

  /** {@code error} with its messages and detail masked; its status and headers are kept. */
  public static RedfishException mask(RedfishException error) {
    List<MessageInstance> messages = error.messages().stream().map(Secrets::mask).toList();
    return new RedfishException(
        error.status(),
        messages,
        error.headers(),
        error.detail().map(Secrets::maskUris).orElse(null));
  }

  private static JsonNode mask(JsonNode node) {
    if (node instanceof ObjectNode object) {
      List<String> names = new ArrayList<>();
      object.fieldNames().forEachRemaining(names::add);
      for (String name : names) {
        if (isSecretName(name)) {
          object.putNull(name);
        } else {
          object.set(name, mask(object.get(name)));
        }
      }
      return object;
    }
    if (node instanceof ArrayNode array) {
      for (int i = 0; i < array.size(); i++) {
        array.set(i, mask(array.get(i)));
      }
      return array;
    }
    if (node.isTextual()) {
      return TextNode.valueOf(maskUris(node.asText()));
    }
    return node;
  }
}

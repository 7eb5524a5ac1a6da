package io.gpuchassis.redfish.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.MessageInstance;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * One PATCH body checked property by property, by DSP0266's partial-success rules: each writable
 * property with a valid value is accepted; a read-only property gets PropertyNotWritable, an
 * unknown one PropertyUnknown, a value of the wrong type PropertyValueTypeError, an invalid one the
 * message its check returns. If nothing could be accepted the whole request fails with 400 and
 * every message; otherwise the accepted changes are applied and the messages of the rejected
 * properties travel with the 200 response. Checks run before anything is applied.
 */
public final class PatchRequest {

  private final ObjectNode body;
  private final Set<String> readOnly;
  private final Map<String, Property> writable = new LinkedHashMap<>();

  private PatchRequest(ObjectNode body, Set<String> readOnly) {
    this.body = body;
    this.readOnly = readOnly;
  }

  /**
   * @param readOnly the resource's properties that exist but cannot be written (answered
   *     PropertyNotWritable)
   */
  public static PatchRequest of(ObjectNode body, Set<String> readOnly) {
    if (body.isEmpty()) {
      throw RedfishErrors.of(BaseMessages.EMPTY_JSON.with());
    }
    return new PatchRequest(body, readOnly);
  }

  /** A writable string property; {@code check} returns a rejection message or null. */
  public PatchRequest string(
      String name, Function<String, MessageInstance> check, Consumer<String> apply) {
    writable.put(
        name,
        new Property(
            JsonNode::isTextual, n -> check.apply(n.asText()), n -> apply.accept(n.asText())));
    return this;
  }

  /** A writable boolean property. */
  public PatchRequest bool(
      String name, Function<Boolean, MessageInstance> check, Consumer<Boolean> apply) {
    writable.put(
        name,
        new Property(
            JsonNode::isBoolean,
            n -> check.apply(n.asBoolean()),
            n -> apply.accept(n.asBoolean())));
    return this;
  }

  /**
   * A writable object property (a complex type); {@code check} looks at its members and returns a
   * rejection message or null.
   */
  public PatchRequest object(
      String name,
      Function<com.fasterxml.jackson.databind.node.ObjectNode, MessageInstance> check,
      Consumer<com.fasterxml.jackson.databind.node.ObjectNode> apply) {
    writable.put(
        name,
        new Property(
            JsonNode::isObject,
            n -> check.apply((com.fasterxml.jackson.databind.node.ObjectNode) n),
            n -> apply.accept((com.fasterxml.jackson.databind.node.ObjectNode) n)));
    return this;
  }

  /** A writable integer property within [min, max] (PropertyValueOutOfRange otherwise). */
  public PatchRequest integer(String name, long min, long max, Consumer<Long> apply) {
    writable.put(
        name,
        new Property(
            n -> n.isIntegralNumber() && n.canConvertToLong(),
            n ->
                n.asLong() < min || n.asLong() > max
                    ? BaseMessages.PROPERTY_VALUE_OUT_OF_RANGE
                        .with(n.asText(), name)
                        .about("/" + name)
                    : null,
            n -> apply.accept(n.asLong())));
    return this;
  }

  /**
   * Checks every property, then applies the accepted ones through their setters.
   *
   * @return the messages of the rejected properties (empty when all were accepted)
   * @throws RedfishException 400 with every message when no property was accepted
   */
  public List<MessageInstance> apply() {
    List<MessageInstance> rejected = new ArrayList<>();
    List<Runnable> accepted = new ArrayList<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = body.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      String name = field.getKey();
      JsonNode value = field.getValue();
      Property property = writable.get(name);
      if (name.startsWith("@odata.")) {
        continue; // annotations such as @odata.etag carry no change
      }
      if (property == null) {
        rejected.add(
            readOnly.contains(name)
                ? BaseMessages.PROPERTY_NOT_WRITABLE.with(name).about("/" + name)
                : BaseMessages.PROPERTY_UNKNOWN.with(name).about("/" + name));
      } else if (!property.type.apply(value)) {
        rejected.add(
            BaseMessages.PROPERTY_VALUE_TYPE_ERROR.with(value.toString(), name).about("/" + name));
      } else {
        MessageInstance problem = property.check.apply(value);
        if (problem != null) {
          rejected.add(problem);
        } else {
          accepted.add(() -> property.apply.accept(value));
        }
      }
    }
    if (accepted.isEmpty()) {
      throw RedfishErrors.of(
          rejected.isEmpty() ? List.of(BaseMessages.NO_OPERATION.with()) : rejected);
    }
    accepted.forEach(Runnable::run);
    return rejected;
  }

  private record Property(
      Function<JsonNode, Boolean> type,
      Function<JsonNode, MessageInstance> check,
      Consumer<JsonNode> apply) {}
}

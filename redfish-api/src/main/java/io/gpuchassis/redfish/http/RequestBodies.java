package io.gpuchassis.redfish.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.json.RedfishJson;
import io.gpuchassis.redfish.message.BaseMessages;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;

/**
 * The one reader of JSON request bodies: a JSON object, or a 400 with MalformedJSON. It reads with
 * {@link RedfishJson#mapper()}, so a member given twice or anything after the object is malformed
 * too.
 */
public final class RequestBodies {

  private RequestBodies() {}

  public static ObjectNode object(RoutingContext ctx) {
    Buffer body = ctx.body().buffer();
    if (body == null || body.length() == 0) {
      throw RedfishErrors.malformedJson().withDetail("The request needs a JSON object body.");
    }
    JsonNode node;
    try {
      node = RedfishJson.mapper().readTree(body.getBytes());
    } catch (IOException e) {
      throw RedfishErrors.malformedJson();
    }
    if (!(node instanceof ObjectNode object)) {
      throw RedfishErrors.malformedJson().withDetail("The request body must be a JSON object.");
    }
    return object;
  }

  /**
   * The string property {@code name} of {@code body}: 400 PropertyMissing or PropertyValueTypeError
   * otherwise.
   */
  public static String requiredString(ObjectNode body, String name) {
    JsonNode value = body.get(name);
    if (value == null || value.isNull()) {
      throw RedfishErrors.of(BaseMessages.PROPERTY_MISSING.with(name).about("/" + name));
    }
    if (!value.isTextual()) {
      throw RedfishErrors.of(
          BaseMessages.PROPERTY_VALUE_TYPE_ERROR.with(value.toString(), name).about("/" + name));
    }
    return value.asText();
  }
}

package io.gpuchassis.redfish.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.MessageInstance;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The parameters of one action request (DSP0266 "POST (action)"), read from its JSON body. Every
 * problem is a 400 with the Base registry's {@code ActionParameter*} message naming the action and
 * the parameter, so a client learns which parameter to fix; unknown, unsupported and missing
 * parameters are reported together.
 */
public final class ActionParameters {

  private final String action;
  private final ObjectNode body;

  /**
   * @param action the action's name as clients see it, e.g. {@code
   *     CertificateService.ReplaceCertificate}
   */
  public ActionParameters(String action, ObjectNode body) {
    this.action = action;
    this.body = body;
  }

  /**
   * Checks which parameters are present: each of {@code required} must be, others must be {@code
   * optional}; a name in {@code unsupported} is one the schema defines but this service does not
   * take. Annotations ({@code @odata.type}, {@code X@Redfish.Y}) are not parameters and are
   * ignored.
   */
  public ActionParameters expect(
      Collection<String> required, Collection<String> optional, Set<String> unsupported) {
    List<MessageInstance> problems = new ArrayList<>();
    for (Iterator<String> names = body.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (name.contains("@") || required.contains(name) || optional.contains(name)) {
        continue;
      }
      problems.add(
          unsupported.contains(name)
              ? BaseMessages.ACTION_PARAMETER_NOT_SUPPORTED.with(name, action).about("/" + name)
              : BaseMessages.ACTION_PARAMETER_UNKNOWN.with(action, name).about("/" + name));
    }
    for (String name : required) {
      JsonNode value = body.get(name);
      if (value == null || value.isNull()) {
        problems.add(BaseMessages.ACTION_PARAMETER_MISSING.with(action, name).about("/" + name));
      }
    }
    if (!problems.isEmpty()) {
      throw RedfishErrors.of(problems);
    }
    return this;
  }

  /** A string parameter; a value of another type is echoed in the error. */
  public String string(String name) {
    JsonNode value = present(name);
    if (!value.isTextual()) {
      throw typeError(name, value.toString());
    }
    return value.asText();
  }

  /** An optional string parameter: empty when absent or null. */
  public Optional<String> optionalString(String name) {
    JsonNode value = body.get(name);
    return value == null || value.isNull() ? Optional.empty() : Optional.of(string(name));
  }

  /** An optional integer parameter: empty when absent or null. */
  public OptionalLong optionalInteger(String name) {
    JsonNode value = body.get(name);
    if (value == null || value.isNull()) {
      return OptionalLong.empty();
    }
    if (!value.isIntegralNumber() || !value.canConvertToLong()) {
      throw typeError(name, value.toString());
    }
    return OptionalLong.of(value.asLong());
  }

  /** An optional array of strings: empty when absent or null. */
  public List<String> strings(String name) {
    JsonNode value = body.get(name);
    if (value == null || value.isNull()) {
      return List.of();
    }
    if (!value.isArray()) {
      throw typeError(name, value.toString());
    }
    List<String> strings = new ArrayList<>();
    for (JsonNode item : value) {
      if (!item.isTextual()) {
        throw typeError(name, value.toString());
      }
      strings.add(item.asText());
    }
    return strings;
  }

  /**
   * A string parameter that may hold a secret (a private key, a password): the error never repeats
   * the value.
   */
  public String secret(String name) {
    JsonNode value = present(name);
    if (!value.isTextual()) {
      throw invalid(name).withDetail("The parameter " + name + " must be a string.");
    }
    return value.asText();
  }

  /**
   * A string parameter that must be one of {@code allowed}: ActionParameterValueNotInList
   * otherwise.
   */
  public String oneOf(String name, List<String> allowed) {
    String value = string(name);
    if (!allowed.contains(value)) {
      throw RedfishErrors.of(
              BaseMessages.ACTION_PARAMETER_VALUE_NOT_IN_LIST
                  .with(value, name, action)
                  .about("/" + name))
          .withDetail(
              "The value '"
                  + value
                  + "' for the parameter "
                  + name
                  + " is not one of "
                  + String.join(", ", allowed)
                  + ".");
    }
    return value;
  }

  /** A link parameter, {@code {"@odata.id": "/redfish/v1/..."}}: the URI it names. */
  public String link(String name) {
    JsonNode value = present(name);
    if (!value.isObject()) {
      throw typeError(name, value.toString());
    }
    JsonNode id = value.get("@odata.id");
    if (id == null || !id.isTextual() || !id.asText().startsWith("/")) {
      throw RedfishErrors.of(
              BaseMessages.ACTION_PARAMETER_VALUE_FORMAT_ERROR
                  .with(value.toString(), name, action)
                  .about("/" + name))
          .withDetail(
              "The parameter " + name + " must be a link: {\"@odata.id\": \"/redfish/v1/...\"}.");
    }
    return id.asText();
  }

  /**
   * ActionParameterValueError for {@code name}; add a detail that says what is wrong with the
   * value.
   */
  public RedfishException invalid(String name) {
    return RedfishErrors.of(
        BaseMessages.ACTION_PARAMETER_VALUE_ERROR.with(name, action).about("/" + name));
  }

  private JsonNode present(String name) {
    JsonNode value = body.get(name);
    if (value == null || value.isNull()) {
      throw RedfishErrors.of(
          BaseMessages.ACTION_PARAMETER_MISSING.with(action, name).about("/" + name));
    }
    return value;
  }

  private RedfishException typeError(String name, String value) {
    return RedfishErrors.of(
        BaseMessages.ACTION_PARAMETER_VALUE_TYPE_ERROR.with(value, name, action).about("/" + name));
  }
}

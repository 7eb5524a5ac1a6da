package io.gpuchassis.redfish.query;

import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.message.MessageInstance;
import java.util.List;

/**
 * The errors query processing raises, each with the HTTP status and Base message DSP0266 §7.3
 * names. Public so that routes can raise the same errors for the cases the engine cannot see
 * (queries on a PATCH, on a document that takes no query at all).
 */
public final class QueryErrors {

  private QueryErrors() {}

  /**
   * 501: parameters starting with {@code $} that the service does not implement, one message per
   * parameter.
   */
  public static RedfishException unsupportedParameters(List<String> names) {
    List<MessageInstance> messages =
        names.stream().map(QueryMessages.QUERY_PARAMETER_UNSUPPORTED::with).toList();
    return RedfishErrors.of(messages);
  }

  /**
   * 400: {@code value} is not of the type {@code parameter} takes (text where a number is
   * expected).
   */
  public static RedfishException valueType(String value, String parameter) {
    return RedfishErrors.of(QueryMessages.QUERY_PARAMETER_VALUE_TYPE_ERROR.with(value, parameter));
  }

  /**
   * 400: {@code value} has the right type but a form {@code parameter} does not accept; {@code
   * detail} says why.
   */
  public static RedfishException valueFormat(String value, String parameter, String detail) {
    return RedfishErrors.of(QueryMessages.QUERY_PARAMETER_VALUE_FORMAT_ERROR.with(value, parameter))
        .withDetail(detail);
  }

  /**
   * 400: {@code value} of {@code parameter} lies outside {@code range} (written like {@code 1-6}).
   */
  public static RedfishException outOfRange(String value, String parameter, String range) {
    return RedfishErrors.of(
        QueryMessages.QUERY_PARAMETER_OUT_OF_RANGE.with(value, parameter, range));
  }

  /** 400: parameters that cannot be used together, such as {@code only} with anything else. */
  public static RedfishException combinationInvalid(String detail) {
    return RedfishErrors.of(QueryMessages.QUERY_COMBINATION_INVALID.with()).withDetail(detail);
  }

  /**
   * 400: a parameter the resource cannot take, such as {@code $top} on a resource that is not a
   * collection.
   */
  public static RedfishException notSupportedOnResource(String parameter) {
    return RedfishErrors.of(QueryMessages.QUERY_NOT_SUPPORTED_ON_RESOURCE.with())
        .withDetail(parameter + " applies to resource collections only.");
  }

  /**
   * 400: query parameters on an operation other than GET (DSP0266 §7.3: queries are for GET only).
   */
  public static RedfishException notSupportedOnOperation() {
    return RedfishErrors.of(QueryMessages.QUERY_NOT_SUPPORTED_ON_OPERATION.with());
  }

  /** 501: a resource that takes no query parameters at all (such as {@code $metadata}). */
  public static RedfishException queryNotSupported() {
    return RedfishErrors.of(QueryMessages.QUERY_NOT_SUPPORTED.with());
  }

  /**
   * 507: the expanded response would be larger than the service is willing to build (DSP0266
   * §7.3.1).
   */
  public static RedfishException responseTooLarge(int limit) {
    return RedfishErrors.of(QueryMessages.INSUFFICIENT_STORAGE.with())
        .withDetail(
            "$expand would inline more than "
                + limit
                + " resources; lower $levels or page with $top.");
  }
}

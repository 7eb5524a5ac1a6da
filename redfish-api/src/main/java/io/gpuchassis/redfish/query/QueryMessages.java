package io.gpuchassis.redfish.query;

import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.MessageDefinition;

/**
 * The Base registry messages (DMTF Base 1.22.1) that query processing emits, beside the general
 * ones in {@link BaseMessages}. Texts are the registry's own; {@code QueryMessagesTest} compares
 * them with the registry file.
 */
public final class QueryMessages {

  public static final MessageDefinition QUERY_NOT_SUPPORTED =
      define(
          "QueryNotSupported",
          "Querying is not supported by the implementation.",
          "Warning",
          0,
          "Remove the query parameters and resubmit the request if the operation failed.");
  public static final MessageDefinition QUERY_NOT_SUPPORTED_ON_RESOURCE =
      define(
          "QueryNotSupportedOnResource",
          "Querying is not supported on the requested resource.",
          "Warning",
          0,
          "Remove the query parameters and resubmit the request if the operation failed.");
  public static final MessageDefinition QUERY_NOT_SUPPORTED_ON_OPERATION =
      define(
          "QueryNotSupportedOnOperation",
          "Querying is not supported with the requested operation.",
          "Warning",
          0,
          "Remove the query parameters and resubmit the request if the operation failed.");
  public static final MessageDefinition QUERY_PARAMETER_VALUE_TYPE_ERROR =
      define(
          "QueryParameterValueTypeError",
          "The value '%1' for the query parameter %2 is not a type that the parameter can accept.",
          "Warning",
          2,
          "Correct the value for the query parameter in the request and resubmit the request if the operation failed.");
  public static final MessageDefinition QUERY_PARAMETER_VALUE_FORMAT_ERROR =
      define(
          "QueryParameterValueFormatError",
          "The value '%1' for the parameter %2 is not a format that the parameter can accept.",
          "Warning",
          2,
          "Correct the value for the query parameter in the request and resubmit the request if the operation failed.");
  public static final MessageDefinition QUERY_PARAMETER_OUT_OF_RANGE =
      define(
          "QueryParameterOutOfRange",
          "The value '%1' for the query parameter %2 is out of range %3.",
          "Warning",
          3,
          "Reduce the value for the query parameter to a value that is within range, such as a start or count value"
              + " that is within bounds of the number of resources in a collection or a page number that is within the"
              + " range of valid pages.");
  public static final MessageDefinition QUERY_COMBINATION_INVALID =
      define(
          "QueryCombinationInvalid",
          "Two or more query parameters in the request cannot be used together.",
          "Warning",
          0,
          "Remove one or more of the query parameters and resubmit the request if the operation failed.");
  public static final MessageDefinition QUERY_PARAMETER_UNSUPPORTED =
      define(
          "QueryParameterUnsupported",
          "Query parameter '%1' is not supported.",
          "Warning",
          1,
          "Correct or remove the query parameter and resubmit the request.");
  public static final MessageDefinition INSUFFICIENT_STORAGE =
      define(
          "InsufficientStorage",
          "Insufficient storage or memory available to complete the request.",
          "Critical",
          0,
          "Increase the free storage space available to the service and resubmit the request.");

  private QueryMessages() {}

  private static MessageDefinition define(
      String key, String template, String severity, int args, String resolution) {
    return new MessageDefinition(BaseMessages.REGISTRY, key, template, severity, args, resolution);
  }
}

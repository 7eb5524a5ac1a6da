package io.gpuchassis.redfish.message;

/** The Base registry messages the agent emits (DMTF Base 1.22.1). */
public final class BaseMessages {

  public static final String REGISTRY = "Base.1.22.1";

  /** The argument is the header's name. */
  public static final MessageDefinition HEADER_MISSING =
      define(
          "HeaderMissing",
          "Required header '%1' is missing in the request.",
          "Critical",
          1,
          "Resubmit the request with the required request header.");

  /** The argument is the full header, name and value ({@code Content-Type: text/plain}). */
  public static final MessageDefinition HEADER_INVALID =
      define(
          "HeaderInvalid",
          "Header '%1' is invalid.",
          "Critical",
          1,
          "Resubmit the request with a valid request header.");

  /** An event stream's reader fell behind and events were not sent to it. */
  public static final MessageDefinition EVENT_BUFFER_EXCEEDED =
      define(
          "EventBufferExceeded",
          "Undelivered events may have been lost due to exceeding the event buffer.",
          "Warning",
          0,
          "None.");

  /** The state file system has no room for an upload. */
  public static final MessageDefinition INSUFFICIENT_STORAGE =
      define(
          "InsufficientStorage",
          "Insufficient storage or memory available to complete the request.",
          "Critical",
          0,
          "Increase the free storage space available to the service and resubmit the request.");

  /** A multipart push whose parts are missing, broken, or never complete. */
  public static final MessageDefinition MISSING_OR_MALFORMED_PART =
      define(
          "MissingOrMalformedPart",
          "The multipart request contains malformed parts or is missing required parts.",
          "Critical",
          0,
          "Add any missing required parts or correct the malformed parts and resubmit the request.");

  /** A collection that holds as many members as it may. */
  public static final MessageDefinition CREATE_LIMIT_REACHED_FOR_RESOURCE =
      define(
          "CreateLimitReachedForResource",
          "The create operation failed because the resource has reached the limit of possible resources.",
          "Critical",
          0,
          "Either delete resources and resubmit the request if the operation failed or do not resubmit the request.");

  public static final MessageDefinition SERVICE_TEMPORARILY_UNAVAILABLE =
      define(
          "ServiceTemporarilyUnavailable",
          "The service is temporarily unavailable.  Retry in %1 seconds.",
          "Critical",
          1,
          "Wait for the indicated retry duration and retry the operation.");

  public static final MessageDefinition PASSWORD_CHANGE_REQUIRED =
      define(
          "PasswordChangeRequired",
          "The password provided for this account must be changed before access is granted.  PATCH the Password property for this account located at the target URI '%1' to complete this process.",
          "Critical",
          1,
          "Change the password for this account using a PATCH to the Password property at the URI provided.");
  public static final MessageDefinition PRECONDITION_FAILED =
      define(
          "PreconditionFailed",
          "The ETag supplied did not match the ETag required to change this resource.",
          "Critical",
          0,
          "Try the operation again using the appropriate ETag.");
  public static final MessageDefinition PROPERTY_NOT_WRITABLE =
      define(
          "PropertyNotWritable",
          "The property %1 is a read-only property and cannot be assigned a value.",
          "Warning",
          1,
          "Remove the property from the request body and resubmit the request if the operation failed.");
  public static final MessageDefinition PROPERTY_VALUE_OUT_OF_RANGE =
      define(
          "PropertyValueOutOfRange",
          "The value '%1' for the property %2 is not in the supported range of acceptable values.",
          "Warning",
          2,
          "Correct the value for the property in the request body and resubmit the request if the operation failed.");
  public static final MessageDefinition RESOURCE_ALREADY_EXISTS =
      define(
          "ResourceAlreadyExists",
          "The requested resource of type %1 with the property %2 with the value '%3' already exists.",
          "Critical",
          3,
          "Do not repeat the create operation as the resource was already created.");
  public static final MessageDefinition CREATE_FAILED_MISSING_REQ_PROPERTIES =
      define(
          "CreateFailedMissingReqProperties",
          "The create operation failed because the required property %1 was missing from the request.",
          "Critical",
          1,
          "Correct the body to include the required property with a valid value and resubmit the request if the operation failed.");
  public static final MessageDefinition PROPERTY_VALUE_CONFLICT =
      define(
          "PropertyValueConflict",
          "The property '%1' could not be written because its value would conflict with the value of the '%2' property.",
          "Warning",
          2,
          "None.");
  public static final MessageDefinition NO_OPERATION =
      define(
          "NoOperation",
          "The request body submitted contain no data to act upon and no changes to the resource took place.",
          "Warning",
          0,
          "Add properties in the JSON object and resubmit the request.");
  public static final MessageDefinition EMPTY_JSON =
      define(
          "EmptyJSON",
          "The request body submitted contained an empty JSON object and the service is unable to process it.",
          "Warning",
          0,
          "Add properties in the JSON object and resubmit the request.");
  public static final MessageDefinition PROPERTY_VALUE_ERROR =
      define(
          "PropertyValueError",
          "The value provided for the property %1 is not valid.",
          "Warning",
          1,
          "Correct the value for the property in the request body and resubmit the request if the operation failed.");
  public static final MessageDefinition SESSION_LIMIT_EXCEEDED =
      define(
          "SessionLimitExceeded",
          "The session establishment failed due to the number of simultaneous sessions exceeding the limit of the implementation.",
          "Critical",
          0,
          "Reduce the number of other sessions before trying to establish the session or increase the limit of simultaneous sessions, if supported.");

  /** 428: a change that must name the version it changes (If-Match) and does not. */
  public static final MessageDefinition PRECONDITION_REQUIRED =
      define(
          "PreconditionRequired",
          "A precondition header or annotation is required to change this resource.",
          "Critical",
          0,
          "Try the operation again using an If-Match or If-None-Match header and appropriate ETag.");

  public static final MessageDefinition RESOURCE_IN_USE =
      define(
          "ResourceInUse",
          "The change to the requested resource failed because the resource is in use or in transition.",
          "Warning",
          0,
          "Remove the condition and resubmit the request if the operation failed.");

  public static final MessageDefinition RESOURCE_NOT_FOUND =
      define(
          "ResourceNotFound",
          "The requested resource of type %1 named '%2' was not found.",
          "Critical",
          2,
          "Provide a valid resource identifier and resubmit the request.");
  public static final MessageDefinition INSUFFICIENT_PRIVILEGE =
      define(
          "InsufficientPrivilege",
          "There are insufficient privileges for the account or credentials associated with the current session to"
              + " perform the requested operation.",
          "Critical",
          0,
          "Either abandon the operation or change the associated access rights and resubmit the request if the"
              + " operation failed.");
  public static final MessageDefinition NO_VALID_SESSION =
      define(
          "NoValidSession",
          "There is no valid session established with the implementation.",
          "Critical",
          0,
          "Establish a session before attempting any operations.");
  public static final MessageDefinition GENERAL_ERROR =
      define(
          "GeneralError",
          "A general error has occurred.  See Resolution for information on how to resolve the error, or"
              + " @Message.ExtendedInfo if Resolution is not provided.",
          "Critical",
          0,
          "None.");
  public static final MessageDefinition OPERATION_NOT_ALLOWED =
      define(
          "OperationNotAllowed",
          "The HTTP method is not allowed on this resource.",
          "Critical",
          0,
          "None.");
  public static final MessageDefinition MALFORMED_JSON =
      define(
          "MalformedJSON",
          "The request body submitted was malformed JSON and could not be parsed by the receiving service.",
          "Critical",
          0,
          "Ensure that the request body is valid JSON and resubmit the request.");
  public static final MessageDefinition PROPERTY_MISSING =
      define(
          "PropertyMissing",
          "The property %1 is a required property and must be included in the request.",
          "Warning",
          1,
          "Ensure that the property is in the request body and has a valid value and resubmit the request if the"
              + " operation failed.");
  public static final MessageDefinition PROPERTY_VALUE_NOT_IN_LIST =
      define(
          "PropertyValueNotInList",
          "The value '%1' for the property %2 is not in the list of acceptable values.",
          "Warning",
          2,
          "Choose a value from the enumeration list that the implementation can support and resubmit the request if"
              + " the operation failed.");
  public static final MessageDefinition PROPERTY_VALUE_FORMAT_ERROR =
      define(
          "PropertyValueFormatError",
          "The value '%1' for the property %2 is not a format that the property can accept.",
          "Warning",
          2,
          "Correct the value for the property in the request body and resubmit the request if the operation failed.");
  public static final MessageDefinition PROPERTY_UNKNOWN =
      define(
          "PropertyUnknown",
          "The property %1 is not in the list of valid properties for the resource.",
          "Warning",
          1,
          "Remove the unknown property from the request body and resubmit the request if the operation failed.");
  public static final MessageDefinition RESOURCE_CANNOT_BE_DELETED =
      define(
          "ResourceCannotBeDeleted",
          "The delete request failed because the resource requested cannot be deleted.",
          "Critical",
          0,
          "Do not attempt to delete a non-deletable resource.");
  public static final MessageDefinition PROPERTY_VALUE_INCORRECT =
      define(
          "PropertyValueIncorrect",
          "The property '%1' with the requested value of '%2' could not be written because the value is not acceptable"
              + " for the property.",
          "Warning",
          2,
          "None.");
  public static final MessageDefinition PROPERTY_VALUE_TYPE_ERROR =
      define(
          "PropertyValueTypeError",
          "The value '%1' for the property %2 is not a type that the property can accept.",
          "Warning",
          2,
          "Correct the value for the property in the request body and resubmit the request if the operation failed.");
  public static final MessageDefinition ARRAY_SIZE_TOO_LONG =
      define(
              "ArraySizeTooLong",
              "The array provided for property %1 exceeds the size limit %2.",
              "Warning",
              2,
              "Resubmit the request with an appropriate array size.")
          .withNumbers(2);
  public static final MessageDefinition PAYLOAD_TOO_LARGE =
      define(
          "PayloadTooLarge",
          "The supplied payload exceeds the maximum size supported by the service.",
          "Critical",
          0,
          "Check that the supplied payload is correct and supported by this service.");
  public static final MessageDefinition ACTION_PARAMETER_MISSING =
      define(
          "ActionParameterMissing",
          "The action %1 requires the parameter %2 to be present in the request body.",
          "Critical",
          2,
          "Supply the action with the required parameter in the request body when the request is resubmitted.");
  public static final MessageDefinition ACTION_PARAMETER_UNKNOWN =
      define(
          "ActionParameterUnknown",
          "The action %1 was submitted with the invalid parameter %2.",
          "Warning",
          2,
          "Correct the invalid action parameter and resubmit the request if the operation failed.");
  public static final MessageDefinition ACTION_PARAMETER_NOT_SUPPORTED =
      define(
          "ActionParameterNotSupported",
          "The parameter %1 for the action %2 is not supported on the target resource.",
          "Warning",
          2,
          "Remove the parameter supplied and resubmit the request if the operation failed.");
  public static final MessageDefinition ACTION_PARAMETER_VALUE_TYPE_ERROR =
      define(
          "ActionParameterValueTypeError",
          "The value '%1' for the parameter %2 in the action %3 is not a type that the parameter can accept.",
          "Warning",
          3,
          "Correct the value for the parameter in the request body and resubmit the request if the operation failed.");
  public static final MessageDefinition ACTION_PARAMETER_VALUE_FORMAT_ERROR =
      define(
          "ActionParameterValueFormatError",
          "The value '%1' for the parameter %2 in the action %3 is not a format that the parameter can accept.",
          "Warning",
          3,
          "Correct the value for the parameter in the request body and resubmit the request if the operation failed.");
  public static final MessageDefinition ACTION_PARAMETER_VALUE_NOT_IN_LIST =
      define(
          "ActionParameterValueNotInList",
          "The value '%1' for the parameter %2 in the action %3 is not in the list of acceptable values.",
          "Warning",
          3,
          "Choose a value from the enumeration list that the implementation can support and resubmit the request if"
              + " the operation failed.");
  public static final MessageDefinition ACTION_PARAMETER_VALUE_ERROR =
      define(
          "ActionParameterValueError",
          "The value for the parameter %1 in the action %2 is invalid.",
          "Warning",
          2,
          "Correct the value for the parameter in the request body and resubmit the request if the operation failed.");
  public static final MessageDefinition RESOURCE_MISSING_AT_URI =
      define(
          "ResourceMissingAtURI",
          "The resource at the URI '%1' was not found.",
          "Critical",
          1,
          "Place a valid resource at the URI or correct the URI and resubmit the request.");
  public static final MessageDefinition CREATED =
      define("Created", "The resource was created successfully.", "OK", 0, "None.");
  public static final MessageDefinition SUCCESS =
      define("Success", "The request completed successfully.", "OK", 0, "None.");

  public static final MessageDefinition EVENT_SUBSCRIPTION_LIMIT_EXCEEDED =
      define(
          "EventSubscriptionLimitExceeded",
          "The event subscription failed due to the number of simultaneous subscriptions exceeding the limit of the implementation.",
          "Critical",
          0,
          "Reduce the number of other subscriptions before trying to establish the event subscription or increase the limit of simultaneous subscriptions, if supported.");
  public static final MessageDefinition STRING_VALUE_TOO_LONG =
      define(
              "StringValueTooLong",
              "The string '%1' exceeds the length limit %2.",
              "Warning",
              2,
              "Resubmit the request with an appropriate string length.")
          .withNumbers(2);

  private BaseMessages() {}

  private static MessageDefinition define(
      String key, String template, String severity, int args, String resolution) {
    return new MessageDefinition(REGISTRY, key, template, severity, args, resolution);
  }
}

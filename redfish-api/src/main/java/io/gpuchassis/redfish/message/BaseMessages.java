package io.gpuchassis.redfish.message;

/** The Base registry messages the agent emits (DMTF Base 1.22.1). */
public final class BaseMessages {

  public static final String REGISTRY = "Base.1.22.1";

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

  private BaseMessages() {}

  private static MessageDefinition define(String key, String template, String severity, int args, String resolution) {
    return new MessageDefinition(REGISTRY, key, template, severity, args, resolution);
  }
}

package io.gpuchassis.redfish.error;

import io.gpuchassis.redfish.message.MessageDefinition;
import java.util.Map;

/**
 * The HTTP status of an error whose first message is a given registry message: one status per
 * message, as DSP0266 (section "Error responses") and the registries' descriptions intend, so that
 * no call site picks its own. The few protocol answers that need another status for the same
 * message (415 for a missing Content-Type, 412 for an OData-Version or If-Match header) say so
 * explicitly through {@link RedfishErrors}.
 */
public final class ErrorStatus {

  private static final Map<String, Integer> BY_KEY =
      Map.ofEntries(
          // 400: the request itself is wrong
          Map.entry("ActionParameterMissing", 400),
          Map.entry("ActionParameterNotSupported", 400),
          Map.entry("ActionParameterUnknown", 400),
          Map.entry("ActionParameterValueError", 400),
          Map.entry("ActionParameterValueFormatError", 400),
          Map.entry("ActionParameterValueNotInList", 400),
          Map.entry("ActionParameterValueTypeError", 400),
          Map.entry("CreateFailedMissingReqProperties", 400),
          Map.entry("CreateLimitReachedForResource", 400),
          Map.entry("EmptyJSON", 400),
          Map.entry("HeaderMissing", 400),
          Map.entry("HeaderInvalid", 400),
          Map.entry("MalformedJSON", 400),
          Map.entry("MissingOrMalformedPart", 400),
          Map.entry("NoOperation", 400),
          Map.entry("PropertyMissing", 400),
          Map.entry("PropertyNotWritable", 400),
          Map.entry("PropertyUnknown", 400),
          Map.entry("PropertyValueConflict", 400),
          Map.entry("PropertyValueError", 400),
          Map.entry("PropertyValueFormatError", 400),
          Map.entry("PropertyValueIncorrect", 400),
          Map.entry("PropertyValueNotInList", 400),
          Map.entry("PropertyValueTypeError", 400),
          Map.entry("PropertyValueOutOfRange", 400),
          Map.entry("StringValueTooLong", 400),
          Map.entry("ArraySizeTooLong", 400),
          Map.entry("UnableToProcessStanzaRequest", 400),
          Map.entry("ResourceMissingAtURI", 400),
          Map.entry("QueryCombinationInvalid", 400),
          Map.entry("QueryNotSupportedOnOperation", 400),
          Map.entry("QueryNotSupportedOnResource", 400),
          Map.entry("QueryParameterOutOfRange", 400),
          Map.entry("QueryParameterValueFormatError", 400),
          Map.entry("QueryParameterValueTypeError", 400),
          Map.entry("EmptyManifest", 400),
          Map.entry("IncompatibleZone", 400),
          Map.entry("NoResourceMatch", 400),
          Map.entry("ResourceBlockNotFound", 400),
          Map.entry("ResourceBlockInvalid", 400),
          Map.entry("NoTargetsDetermined", 400),
          Map.entry("TransferFailed", 400),
          Map.entry("UpdateNotApplicable", 400),
          Map.entry("VerificationFailed", 400),
          // 401, 403: who is asking
          Map.entry("NoValidSession", 401),
          Map.entry("InsufficientPrivilege", 403),
          Map.entry("PasswordChangeRequired", 403),
          // 404, 405: what is asked for
          Map.entry("ResourceNotFound", 404),
          Map.entry("OperationNotAllowed", 405),
          Map.entry("ResourceCannotBeDeleted", 405),
          // 409: the resource's state does not allow it now
          Map.entry("ResourceInUse", 409),
          Map.entry("ResourceAlreadyExists", 409),
          Map.entry("ConstrainedResourceAlreadyReserved", 409),
          Map.entry("SpecifiedResourceAlreadyReserved", 409),
          Map.entry("ResourceBlockInUse", 409),
          // 412, 413, 428: the request's conditions and size
          Map.entry("PreconditionFailed", 412),
          Map.entry("PayloadTooLarge", 413),
          Map.entry("PreconditionRequired", 428),
          // 5xx: the service
          Map.entry("GeneralError", 500),
          Map.entry("QueryNotSupported", 501),
          Map.entry("QueryParameterUnsupported", 501),
          Map.entry("ServiceTemporarilyUnavailable", 503),
          Map.entry("SessionLimitExceeded", 503),
          Map.entry("EventSubscriptionLimitExceeded", 503),
          Map.entry("InsufficientStorage", 507));

  private ErrorStatus() {}

  /** The status an error led by {@code message} answers with. */
  public static int of(MessageDefinition message) {
    Integer status = BY_KEY.get(message.key());
    if (status == null) {
      throw new IllegalArgumentException(message.messageId() + " is not an error message");
    }
    return status;
  }

  /** The message keys that have a status (for the test that checks them against the registries). */
  static java.util.Set<String> keys() {
    return BY_KEY.keySet();
  }
}

package io.gpuchassis.redfish.error;

import io.gpuchassis.redfish.message.BaseMessages;
import java.util.List;
import java.util.Map;

/** Factories for the errors every resource raises, each with its Base registry message. */
public final class RedfishErrors {

  private RedfishErrors() {}

  public static RedfishException notFound(String type, String name) {
    return new RedfishException(404, BaseMessages.RESOURCE_NOT_FOUND.with(type, name));
  }

  public static RedfishException unauthorized() {
    return new RedfishException(
        401,
        List.of(BaseMessages.NO_VALID_SESSION.with()),
        Map.of("WWW-Authenticate", "Basic realm=\"Redfish\", charset=\"UTF-8\""));
  }

  public static RedfishException forbidden() {
    return new RedfishException(403, BaseMessages.INSUFFICIENT_PRIVILEGE.with());
  }

  public static RedfishException methodNotAllowed(String allow) {
    return new RedfishException(405, List.of(BaseMessages.OPERATION_NOT_ALLOWED.with()), Map.of("Allow", allow));
  }

  public static RedfishException malformedJson() {
    return new RedfishException(400, BaseMessages.MALFORMED_JSON.with());
  }

  public static RedfishException internal() {
    return new RedfishException(500, BaseMessages.GENERAL_ERROR.with());
  }
}

package io.gpuchassis.redfish.error;

import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.MessageInstance;
import java.util.List;
import java.util.Map;

/** Factories for the errors every resource raises, each with its Base registry message. */
public final class RedfishErrors {

  /**
   * A header value quoted back in a message is cut to this length: the client sent it, it need not
   * be echoed whole.
   */
  static final int QUOTED_VALUE_CHARS = 200;

  private RedfishErrors() {}

  /**
   * An error led by {@code first}, answered with that message's one status ({@link ErrorStatus}).
   */
  public static RedfishException of(MessageInstance first, MessageInstance... more) {
    List<MessageInstance> all = new java.util.ArrayList<>(1 + more.length);
    all.add(first);
    all.addAll(List.of(more));
    return of(all);
  }

  /** An error carrying {@code messages}, answered with the first one's status. */
  public static RedfishException of(List<MessageInstance> messages) {
    if (messages.isEmpty()) {
      throw new IllegalArgumentException("a Redfish error needs at least one message");
    }
    return new RedfishException(ErrorStatus.of(messages.get(0).definition()), messages, Map.of());
  }

  /**
   * 408: a request whose body did not arrive whole within its deadline; {@code message} says what
   * was missing.
   */
  public static RedfishException requestTimeout(MessageInstance message) {
    return new RedfishException(408, message);
  }

  /**
   * 503 ServiceTemporarilyUnavailable with Retry-After: the one thing this needs is taken; {@code
   * detail} says what.
   */
  public static RedfishException retryLater(int seconds, String detail) {
    String after = Integer.toString(seconds);
    return new RedfishException(
        503,
        List.of(BaseMessages.SERVICE_TEMPORARILY_UNAVAILABLE.with(after)),
        Map.of("Retry-After", after),
        detail);
  }

  public static RedfishException notFound(String type, String name) {
    return new RedfishException(404, BaseMessages.RESOURCE_NOT_FOUND.with(type, name));
  }

  /**
   * 401 NoValidSession with the Basic challenge. {@code RedfishResponses} leaves the challenge out
   * for browsers, so that they never prompt for, cache and replay a password (cross-site request
   * forgery).
   */
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
    return new RedfishException(
        405, List.of(BaseMessages.OPERATION_NOT_ALLOWED.with()), Map.of("Allow", allow));
  }

  public static RedfishException malformedJson() {
    return new RedfishException(400, BaseMessages.MALFORMED_JSON.with());
  }

  public static RedfishException internal() {
    return new RedfishException(500, BaseMessages.GENERAL_ERROR.with());
  }

  /** 400 HeaderMissing: a header the request cannot do without (Host). */
  public static RedfishException headerMissing(String name) {
    return new RedfishException(400, BaseMessages.HEADER_MISSING.with(name));
  }

  /** {@code status} with HeaderInvalid naming the header and (the start of) its value. */
  public static RedfishException headerInvalid(int status, String name, String value) {
    return new RedfishException(
        status, BaseMessages.HEADER_INVALID.with(name + ": " + quoted(value)));
  }

  /**
   * 415: a write whose body is not of a media type the resource takes (JSON; multipart on the push
   * URI).
   */
  public static RedfishException unsupportedMediaType(String contentType) {
    RedfishException e =
        contentType == null
            ? new RedfishException(415, BaseMessages.HEADER_MISSING.with("Content-Type"))
            : headerInvalid(415, "Content-Type", contentType);
    return e.withDetail("The request body must be application/json.");
  }

  /** 403: a request sent by a page of another origin (cross-site request forgery). */
  public static RedfishException foreignOrigin(String origin) {
    return headerInvalid(403, "Origin", origin)
        .withDetail("Requests from another origin than this service's own are refused.");
  }

  /**
   * An error status the HTTP layer chose for a request it could not take (a bad request line, a
   * failed expectation), as a Redfish error: GeneralError, with {@code detail} saying what was
   * wrong.
   */
  public static RedfishException clientError(int status, String detail) {
    return new RedfishException(status, BaseMessages.GENERAL_ERROR.with()).withDetail(detail);
  }

  private static String quoted(String value) {
    String printable = value == null ? "" : value.replaceAll("\\p{Cntrl}", "?");
    return printable.length() <= QUOTED_VALUE_CHARS
        ? printable
        : printable.substring(0, QUOTED_VALUE_CHARS) + "...";
  }
}

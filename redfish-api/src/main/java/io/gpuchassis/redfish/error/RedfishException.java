package io.gpuchassis.redfish.error;

import io.gpuchassis.redfish.message.MessageInstance;
import java.util.List;
import java.util.Map;

/**
 * A request that ends in a Redfish error response: the HTTP status, the registry messages for
 * {@code @Message.ExtendedInfo}, and any extra headers (such as {@code Allow} or {@code
 * WWW-Authenticate}).
 */
public final class RedfishException extends RuntimeException {

  private final int status;
  private final List<MessageInstance> messages;
  private final Map<String, String> headers;
  private final String detail;

  public RedfishException(int status, List<MessageInstance> messages, Map<String, String> headers) {
    this(status, messages, headers, null);
  }

  /**
   * @param detail a sentence for the client that says more than the registry message (the error's
   *     {@code message}); no internal detail ever goes here
   */
  public RedfishException(
      int status, List<MessageInstance> messages, Map<String, String> headers, String detail) {
    super(
        status + " " + (detail != null ? detail : messages.isEmpty() ? "" : messages.get(0).text()),
        null,
        false,
        false);
    if (messages.isEmpty()) {
      throw new IllegalArgumentException("a Redfish error needs at least one message");
    }
    this.status = status;
    this.messages = List.copyOf(messages);
    this.headers = Map.copyOf(headers);
    this.detail = detail;
  }

  /** This error with {@code text} as its human-readable {@code message}. */
  public RedfishException withDetail(String text) {
    return new RedfishException(status, messages, headers, text);
  }

  public java.util.Optional<String> detail() {
    return java.util.Optional.ofNullable(detail);
  }

  public RedfishException(int status, MessageInstance message) {
    this(status, List.of(message), Map.of());
  }

  public int status() {
    return status;
  }

  public List<MessageInstance> messages() {
    return messages;
  }

  public Map<String, String> headers() {
    return headers;
  }
}

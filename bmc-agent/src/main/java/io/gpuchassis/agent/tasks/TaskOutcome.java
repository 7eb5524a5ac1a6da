package io.gpuchassis.agent.tasks;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.message.MessageInstance;
import java.util.List;
import java.util.Optional;

/**
 * How a task's operation ended: the response its task monitor answers from then on (the status and
 * body, or the Redfish error), and any registry messages to add to the Task's {@code Messages}.
 */
public final class TaskOutcome {

  private final int status;
  private final ObjectNode body;
  private final RedfishException error;
  private final List<MessageInstance> messages;
  private final String location;

  private TaskOutcome(
      int status,
      ObjectNode body,
      RedfishException error,
      List<MessageInstance> messages,
      String location) {
    this.status = status;
    this.body = body;
    this.error = error;
    this.messages = List.copyOf(messages);
    this.location = location;
  }

  private TaskOutcome(
      int status, ObjectNode body, RedfishException error, List<MessageInstance> messages) {
    this(status, body, error, messages, null);
  }

  /**
   * The operation created (or composed) the resource at {@code location}: 201 with it as the body.
   */
  public static TaskOutcome created(String location, ObjectNode body) {
    return created(location, body, List.of());
  }

  /** As {@link #created(String, ObjectNode)}, with messages saying what was done. */
  public static TaskOutcome created(
      String location, ObjectNode body, List<MessageInstance> messages) {
    return new TaskOutcome(201, body, null, messages, location);
  }

  /**
   * The operation succeeded with {@code status} and {@code body}; warnings in {@code messages} make
   * it Warning.
   */
  public static TaskOutcome success(int status, ObjectNode body, List<MessageInstance> messages) {
    return new TaskOutcome(status, body, null, messages);
  }

  public static TaskOutcome success(ObjectNode body) {
    return success(200, body, List.of());
  }

  /**
   * The operation failed with {@code error}, whose messages also explain the task's Exception
   * state. The monitor answers it to any reader, so the URIs in it lose their user information.
   */
  public static TaskOutcome failure(RedfishException error) {
    RedfishException shown = Secrets.mask(error);
    return new TaskOutcome(shown.status(), null, shown, shown.messages());
  }

  public int status() {
    return status;
  }

  public Optional<ObjectNode> body() {
    return Optional.ofNullable(body);
  }

  public Optional<RedfishException> error() {
    return Optional.ofNullable(error);
  }

  public List<MessageInstance> messages() {
    return messages;
  }

  /** The {@code Location} of a created resource. */
  public Optional<String> location() {
    return Optional.ofNullable(location);
  }

  public boolean failed() {
    return error != null;
  }
}

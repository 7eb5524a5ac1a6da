package io.gpuchassis.agent.redfish.tasks;

import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.tasks.SubTask;
import io.gpuchassis.agent.tasks.Task;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.message.MessageInstance;
import io.gpuchassis.redfish.model.Message;
import io.gpuchassis.redfish.model.MessageSeverity;
import io.gpuchassis.redfish.model.TaskPayload;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

/** Renders a task snapshot as a Task v1_7_4 resource. */
final class TaskRenderer {

  private TaskRenderer() {}

  static io.gpuchassis.redfish.model.Task render(Task.Snapshot s) {
    TaskPayload payload =
        new TaskPayload().httpOperation(s.payload().method()).targetUri(s.payload().targetUri());
    // Only JSON requests show their body; a pushed firmware bundle is not repeated here.
    if (s.payload().jsonBody() != null && !s.payload().jsonBody().isBlank()) {
      payload
          .httpHeaders(List.of("Content-Type: application/json"))
          .jsonBody(s.payload().jsonBody());
    } else {
      payload.httpHeaders(List.of());
    }
    io.gpuchassis.redfish.model.Task task =
        new io.gpuchassis.redfish.model.Task()
            .atOdataId(Uris.task(s.id()))
            .atOdataType(Schemas.TASK.odataType())
            .id(s.id())
            .name(s.name())
            .taskState(s.state())
            .taskStatus(s.status())
            .percentComplete(s.percentComplete())
            .startTime(time(s.startTime()))
            .messages(s.messages().stream().map(TaskRenderer::message).toList())
            .hidePayload(false)
            .payload(payload);
    s.endTime().ifPresent(end -> task.endTime(time(end)));
    if (s.monitorOpen()) {
      task.taskMonitor(Uris.taskMonitor(s.id()));
    }
    if (!s.subTasks().isEmpty()) {
      task.subTasks(Uris.ref(Uris.subTasks(s.id())));
    }
    return task;
  }

  /** A sub-task: a Task resource of its own, without monitor, payload or sub-tasks. */
  static io.gpuchassis.redfish.model.Task render(String taskId, SubTask.Snapshot s) {
    io.gpuchassis.redfish.model.Task task =
        new io.gpuchassis.redfish.model.Task()
            .atOdataId(Uris.subTask(taskId, s.id()))
            .atOdataType(Schemas.TASK.odataType())
            .id(s.id())
            .name(s.name())
            .taskState(s.state())
            .taskStatus(s.status())
            .percentComplete(s.percentComplete())
            .messages(s.messages().stream().map(TaskRenderer::message).toList());
    s.startTime().ifPresent(start -> task.startTime(time(start)));
    s.endTime().ifPresent(end -> task.endTime(time(end)));
    return task;
  }

  private static Message message(MessageInstance m) {
    return new Message()
        .messageId(m.definition().messageId())
        .message(m.text())
        .messageArgs(m.args())
        .messageSeverity(MessageSeverity.fromValue(m.definition().severity()))
        .resolution(m.definition().resolution());
  }

  private static OffsetDateTime time(Instant instant) {
    return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
  }
}

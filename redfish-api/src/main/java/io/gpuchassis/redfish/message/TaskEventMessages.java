package io.gpuchassis.redfish.message;

/**
 * The TaskEvent registry messages a task carries in its {@code Messages} (DMTF TaskEvent 1.0.5).
 */
public final class TaskEventMessages {

  public static final String REGISTRY = "TaskEvent.1.0.5";

  public static final MessageDefinition TASK_STARTED =
      define("TaskStarted", "The task with Id '%1' has started.", "OK", 1);
  public static final MessageDefinition TASK_COMPLETED_OK =
      define("TaskCompletedOK", "The task with Id '%1' has completed.", "OK", 1);
  public static final MessageDefinition TASK_COMPLETED_WARNING =
      define(
          "TaskCompletedWarning",
          "The task with Id '%1' has completed with warnings.",
          "Warning",
          1);
  public static final MessageDefinition TASK_ABORTED =
      define("TaskAborted", "The task with Id '%1' has completed with errors.", "Critical", 1);
  public static final MessageDefinition TASK_CANCELLED =
      define(
          "TaskCancelled",
          "Work on the task with Id '%1' was halted prior to completion due to an explicit request.",
          "Warning",
          1);
  public static final MessageDefinition TASK_REMOVED =
      define("TaskRemoved", "The task with Id '%1' was removed.", "Warning", 1);
  public static final MessageDefinition TASK_PROGRESS_CHANGED =
      define(
              "TaskProgressChanged",
              "The task with Id '%1' has changed to progress %2 percent complete.",
              "OK",
              2)
          .withNumbers(2);

  private TaskEventMessages() {}

  private static MessageDefinition define(String key, String template, String severity, int args) {
    return new MessageDefinition(REGISTRY, key, template, severity, args, "None.");
  }
}

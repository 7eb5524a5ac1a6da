package io.gpuchassis.agent.redfish.tasks;

import io.gpuchassis.agent.events.EventBus;
import io.gpuchassis.agent.firmware.UpdateProgress;
import io.gpuchassis.agent.tasks.Secrets;
import io.gpuchassis.agent.tasks.SubTask;
import io.gpuchassis.agent.tasks.Task;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.message.MessageDefinition;
import io.gpuchassis.redfish.message.MessageInstance;
import io.gpuchassis.redfish.message.TaskEventMessages;
import io.gpuchassis.redfish.message.UpdateMessages;

/**
 * An update's progress as a client sees it: each step a message of its task and an event about the
 * component, and the percentage in the task, announced as TaskProgressChanged every ten percent
 * (not at every block written). Each component (target) has a sub-task of its own, with its steps,
 * its percentage and its end, so that an update of several shows how far each one is.
 */
public final class TaskProgress implements UpdateProgress {

  /** Messages that name a target or make it wait, without starting its part. */
  private static final java.util.Set<MessageDefinition> WAITING =
      java.util.Set.of(UpdateMessages.TARGET_DETERMINED, UpdateMessages.AWAIT_TO_UPDATE);

  private final Task task;
  private final EventBus events;
  private final java.util.Map<String, SubTask> targets = new java.util.HashMap<>();
  private int reported;

  public TaskProgress(Task task, EventBus events) {
    this.task = task;
    this.events = events;
  }

  @Override
  public void step(MessageInstance message, String originUri) {
    // The event log and the streams are read by every Login user: no image URI's credentials in
    // them.
    MessageInstance shown = Secrets.mask(message);
    task.note(shown);
    SubTask target = target(originUri);
    if (WAITING.contains(message.definition())) {
      target.record(shown);
    } else {
      target.note(shown);
    }
    events.publish(shown, originUri);
  }

  @Override
  public void targetPercent(String originUri, int percentComplete) {
    target(originUri).progress(percentComplete);
  }

  @Override
  public void targetDone(String originUri, boolean failed) {
    target(originUri).end(failed);
  }

  /**
   * The sub-task of one target (the component an update's messages are about), made on first use.
   */
  private synchronized SubTask target(String originUri) {
    return targets.computeIfAbsent(
        originUri,
        uri -> task.subTask(task.name() + ": " + uri.substring(uri.lastIndexOf('/') + 1)));
  }

  @Override
  public synchronized void percent(int percentComplete) {
    int step = Math.min(99, percentComplete / 10 * 10);
    if (step > reported) {
      reported = step;
      task.progress(step);
      events.publish(
          TaskEventMessages.TASK_PROGRESS_CHANGED.with(task.id(), step), Uris.task(task.id()));
    }
  }
}

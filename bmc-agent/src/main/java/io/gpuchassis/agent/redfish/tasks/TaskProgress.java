package io.gpuchassis.agent.redfish.tasks;

import io.gpuchassis.agent.events.EventBus;
import io.gpuchassis.agent.firmware.UpdateProgress;
import io.gpuchassis.agent.tasks.Secrets;
import io.gpuchassis.agent.tasks.Task;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.message.MessageInstance;
import io.gpuchassis.redfish.message.TaskEventMessages;

/**
 * An update's progress as a client sees it: each step a message of its task and an event about the
 * component, and the percentage in the task, announced as TaskProgressChanged every ten percent
 * (not at every block written).
 */
public final class TaskProgress implements UpdateProgress {

  private final Task task;
  private final EventBus events;
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
    events.publish(shown, originUri);
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

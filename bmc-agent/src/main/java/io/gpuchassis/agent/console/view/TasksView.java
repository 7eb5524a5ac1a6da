package io.gpuchassis.agent.console.view;

import io.gpuchassis.agent.console.view.TextTable.Column;
import io.gpuchassis.agent.tasks.Task;
import io.gpuchassis.agent.tasks.TaskRegistry;
import java.util.Comparator;
import java.util.List;

/**
 * {@code show tasks}: the tasks the TaskService lists, oldest first, with state, health and
 * progress.
 */
public final class TasksView {

  private TasksView() {}

  public static List<String> render(TaskRegistry tasks) {
    return render(tasks.all().stream().map(Task::snapshot).toList());
  }

  public static List<String> render(List<Task.Snapshot> tasks) {
    TextTable table =
        TextTable.of(
            Column.left("Id"),
            Column.flexible("Name"),
            Column.left("State"),
            Column.left("Health"),
            Column.right("%"),
            Column.left("Started (UTC)"));
    tasks.stream()
        .sorted(Comparator.comparing(Task.Snapshot::startTime))
        .forEach(
            t ->
                table.row(
                    t.id(),
                    t.name(),
                    t.state().getValue(),
                    Cells.health(t.status()),
                    t.percentComplete(),
                    Cells.time(t.startTime())));
    return table.lines();
  }
}

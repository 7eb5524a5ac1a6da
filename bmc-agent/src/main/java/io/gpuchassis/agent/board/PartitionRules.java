package io.gpuchassis.agent.board;

import io.gpuchassis.agent.board.PartitionNumbering.Assignment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Partition numbers: each in the chip's range and used once per chip, whether written or the
 * default (see {@link PartitionNumbering}).
 */
final class PartitionRules {

  private PartitionRules() {}

  static void check(PartitionNumbering numbering, DocumentIndex index, Checks checks) {
    List<Assignment> all = new ArrayList<>(numbering.hosts());
    all.addAll(numbering.links());
    Map<String, Assignment> firstUser = new HashMap<>();
    for (Assignment assignment : all) {
      // a port on an unknown switch is reported by the wiring rules
      if (!index.hasSwitch(assignment.switchId()) || !inRange(assignment, checks)) {
        continue;
      }
      Assignment first =
          firstUser.putIfAbsent(assignment.switchId() + "/" + assignment.partition(), assignment);
      if (first != null) {
        checks.problem(
            assignment.at(),
            (assignment.explicit() ? "partition " : "default partition ")
                + assignment.partition()
                + " of switch '"
                + assignment.switchId()
                + "' is already used by "
                + first.owner()
                + (first.explicit() ? "" : " (its default)")
                + (assignment.explicit() ? "" : "; give this entry a partition"));
      }
    }
  }

  private static boolean inRange(Assignment assignment, Checks checks) {
    int partition = assignment.partition();
    if (partition >= 0 && partition <= PartitionNumbering.MAX_PARTITION) {
      return true;
    }
    checks.problem(
        assignment.at(),
        assignment.explicit()
            ? partition + " is not a partition number; use 0-" + PartitionNumbering.MAX_PARTITION
            : "the default partition "
                + partition
                + " of switch '"
                + assignment.switchId()
                + "' is beyond "
                + PartitionNumbering.MAX_PARTITION
                + "; give partitions explicitly");
    return false;
  }
}

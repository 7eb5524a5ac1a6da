package io.gpuchassis.switchdrv;

import java.util.List;
import java.util.OptionalInt;

/**
 * One partition (virtual switch seen by one host): its upstream port and the downstream ports bound
 * into it.
 *
 * @param id partition ID
 * @param upstreamPort physical port of the partition's USP, when the firmware reports one
 * @param bindings downstream ports currently bound (or binding) into this partition
 */
public record Partition(int id, OptionalInt upstreamPort, List<Binding> bindings) {

  public Partition {
    bindings = List.copyOf(bindings);
  }
}

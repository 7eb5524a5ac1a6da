package io.gpuchassis.switchdrv;

import io.gpuchassis.switchdrv.command.MrpcCommand;
import io.gpuchassis.switchdrv.command.PmonCounterSetup;
import io.gpuchassis.switchdrv.command.PmonEvents;
import io.gpuchassis.switchdrv.command.PmonReadCounts;
import io.gpuchassis.switchdrv.command.PmonReadSetup;
import io.gpuchassis.switchdrv.command.PmonSetup;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a port's error counters through PMON: each port owns counter slots port*8 .. port*8+5 of
 * its stack (stack = port / 8). The setup is read back every time and rewritten when it differs, so
 * a switch reset (which clears PMON setup) is healed by the next call.
 */
final class PortCounterReader {

  private final Caller caller;

  /** Executes one command (the driver's call path). */
  interface Caller {
    <T> T call(MrpcCommand<T> command);
  }

  PortCounterReader(Caller caller) {
    this.caller = caller;
  }

  PortCounters read(int physicalPort) {
    if (physicalPort < 0 || physicalPort > 254) {
      throw new IllegalArgumentException("physical port out of range: " + physicalPort);
    }
    int stack = physicalPort / PmonEvents.PORTS_PER_STACK;
    int portInStack = physicalPort % PmonEvents.PORTS_PER_STACK;
    int first = portInStack * PmonEvents.SLOTS_PER_PORT;
    int n = PmonEvents.PORT_COUNTER_TYPES.length;
    List<PmonCounterSetup> wanted = new ArrayList<>();
    for (int type : PmonEvents.PORT_COUNTER_TYPES) {
      wanted.add(new PmonCounterSetup(1 << portInStack, type, false, 0));
    }
    List<PmonCounterSetup> current = caller.call(new PmonReadSetup(stack, first, n));
    if (!current.equals(wanted)) {
      caller.call(new PmonSetup(stack, first, wanted));
    }
    List<Long> v = caller.call(new PmonReadCounts(stack, first, n, false));
    return new PortCounters(
        physicalPort, v.get(0), v.get(1), v.get(2), v.get(3), v.get(4), v.get(5));
  }
}

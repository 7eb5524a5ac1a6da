package io.gpuchassis.agent.ethernet;

import io.gpuchassis.redfish.message.MessageInstance;

/** Where a port monitor raises what it found about a port. */
@FunctionalInterface
public interface PortEventSink {

  void raise(DataPort port, MessageInstance message);
}

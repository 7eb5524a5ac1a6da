package io.gpuchassis.agent.ethernet;

import io.gpuchassis.agent.events.EventBus;
import io.gpuchassis.redfish.message.MessageInstance;
import java.util.function.Function;

/**
 * A port's messages as Redfish events on the agent's {@link EventBus}, about the resource the
 * caller names for the port (its Redfish Port, once one is served).
 */
public final class PublishedPortEvents implements PortEventSink {

  private final EventBus bus;
  private final Function<DataPort, String> originOfCondition;

  public PublishedPortEvents(EventBus bus, Function<DataPort, String> originOfCondition) {
    this.bus = bus;
    this.originOfCondition = originOfCondition;
  }

  @Override
  public void raise(DataPort port, MessageInstance message) {
    bus.publish(message, originOfCondition.apply(port));
  }
}

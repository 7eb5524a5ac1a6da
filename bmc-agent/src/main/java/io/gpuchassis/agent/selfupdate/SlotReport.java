package io.gpuchassis.agent.selfupdate;

import io.gpuchassis.agent.events.EventBus;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.message.UpdateMessages;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Says what became of an agent's update across its restart, in the log and as Update registry
 * events about the agent's FirmwareInventory entry (which the event log keeps): a slot marked good,
 * a trial that failed, and a fallback the launcher made before this start.
 */
public final class SlotReport {

  private static final Logger LOG = LoggerFactory.getLogger(SlotReport.class);

  private final EventBus events;
  private final String origin;

  /**
   * @param origin the agent's FirmwareInventory URI
   */
  public SlotReport(EventBus events, String origin) {
    this.events = events;
    this.origin = origin;
  }

  /** The launcher gave up on {@code slot} and started the one running now. */
  public void fellBack(Slots slots, Slot slot) {
    String image = image(slots.state(), slot);
    LOG.warn(
        "The launcher fell back from slot {} ({}), which did not prove itself within its starts;"
            + " running slot {}",
        slot,
        image,
        slots.running().stateName());
    events.publish(UpdateMessages.ACTIVATE_FAILED.with(image, Uris.AGENT_FIRMWARE_ID), origin);
  }

  /** The running slot passed its trial and is marked good. */
  public void markedGood(Slots slots) {
    events.publish(
        UpdateMessages.UPDATE_SUCCESSFUL.with(
            Uris.AGENT_FIRMWARE_ID, image(slots.state(), slots.running())),
        origin);
  }

  /** The running slot failed its trial: the agent stops, and the launcher counts the start. */
  public void trialFailed(Slots slots, String why) {
    String image = image(slots.state(), slots.running());
    LOG.error(
        "The {} failed its trial ({}); stopping, so that the launcher counts the start",
        image,
        why);
    events.publish(UpdateMessages.ACTIVATE_FAILED.with(image, Uris.AGENT_FIRMWARE_ID), origin);
  }

  private static String image(BootState state, Slot slot) {
    return "agent " + state.version(slot).orElse("(unknown version)") + " in slot " + slot;
  }
}

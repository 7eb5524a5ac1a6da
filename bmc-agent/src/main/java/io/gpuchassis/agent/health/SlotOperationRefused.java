package io.gpuchassis.agent.health;

/**
 * A slot power or indicator operation the agent would not do, and why, in a sentence an operator
 * can read as it is (the console prints it, Redfish puts it in the error's message). Nothing was
 * changed on the slot.
 */
public final class SlotOperationRefused extends RuntimeException {

  public SlotOperationRefused(String reason) {
    super(reason, null, false, false);
  }
}

package io.gpuchassis.switchdrv;

/**
 * One physical port's place in the partition map (one PORT_INFO entry).
 *
 * @param physicalPort physical (downstream) port ID
 * @param partition partition ID, or -1 when unbound (firmware reports 255)
 * @param logicalPort logical DSP bridge instance within the partition (1..47), -1 when unbound
 * @param state bound/unbound/in progress/failed
 */
public record Binding(int physicalPort, int partition, int logicalPort, BindState state) {

  public boolean bound() {
    return state == BindState.BOUND;
  }
}

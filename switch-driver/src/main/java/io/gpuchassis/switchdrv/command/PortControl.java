package io.gpuchassis.switchdrv.command;

import io.gpuchassis.switchdrv.mrpc.CommandIds;

/**
 * PORT_CONTROL 0x8D (reference §2.6): {control_type u8 (0 disable, 1 enable, 2 link retrain, 3 hot
 * reset), phys_port_id u8, hot_reset_flag u8, rsvd}; no output. Documented for fabric (PAX) parts;
 * no public per-port reset MRPC exists for PFX, so using it there is an assumption to confirm on
 * hardware.
 */
public record PortControl(int controlType, int physicalPort, int hotResetFlag)
    implements MrpcCommand<Void> {

  public static final int DISABLE = 0;
  public static final int ENABLE = 1;
  public static final int RETRAIN = 2;
  public static final int HOT_RESET = 3;

  public static PortControl hotReset(int physicalPort) {
    return new PortControl(HOT_RESET, physicalPort, 0);
  }

  @Override
  public int commandId() {
    return CommandIds.PORT_CONTROL;
  }

  @Override
  public byte[] payload() {
    return new byte[] {(byte) controlType, (byte) physicalPort, (byte) hotResetFlag, 0};
  }

  @Override
  public int outputLength() {
    return 0;
  }

  @Override
  public Void decode(byte[] output) {
    return null;
  }
}

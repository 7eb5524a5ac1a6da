package io.gpuchassis.switchdrv.command;

import io.gpuchassis.switchdrv.mrpc.CommandIds;

/**
 * FWDNLD 0x05 sub 2 TOGGLE (reference §2.8): {sub=2, toggle_fw, toggle_cfg, toggle_bl2, toggle_key,
 * toggle_riotcore (Gen5; padding elsewhere), rsvd u16} = 8 bytes; no output. Not idempotent (a
 * repeated toggle flips back), so never retried.
 */
public record FirmwareToggle(boolean img, boolean cfg, boolean bl2, boolean key, boolean riot)
    implements MrpcCommand<Void> {

  public static final int SUB = 2;

  @Override
  public int commandId() {
    return CommandIds.FWDNLD;
  }

  @Override
  public byte[] payload() {
    return new byte[] {SUB, flag(img), flag(cfg), flag(bl2), flag(key), flag(riot), 0, 0};
  }

  private static byte flag(boolean b) {
    return (byte) (b ? 1 : 0);
  }

  @Override
  public int outputLength() {
    return 0;
  }

  @Override
  public boolean retrySafe() {
    return false;
  }

  @Override
  public Void decode(byte[] output) {
    return null;
  }
}

package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.mrpc.FirmwareErrors;
import io.gpuchassis.switchdrv.mrpc.MailboxRegisters;
import io.gpuchassis.switchdrv.wire.LeWriter;
import java.util.Arrays;

/**
 * GAS access as MRPCs (reference §1.6; switchtec-user inc/switchtec/gas_mrpc.h): GAS_READ {@code
 * {gas_offset u32, len u32}} answers {@code len} GAS bytes; GAS_WRITE {@code {gas_offset u32, len
 * u32, data[len]}} stores them. The in-band transport reaches the GAS this way. The MRPC region
 * (below 0x1000) is the mailbox running this very command, so the simulated firmware refuses to
 * write it and lets reads see it as any other register.
 */
final class GasMrpcHandlers {

  private static final int MAILBOX_END = 0x1000;

  private GasMrpcHandlers() {}

  static MrpcOutcome read(ChipState c, byte[] p, long now) {
    int offset = LeWriter.getI32(p, 0);
    int len = LeWriter.getI32(p, 4);
    if (len < 0 || len > MailboxRegisters.MAX_DATA || !inGas(offset, len)) {
      return MrpcOutcome.error(FirmwareErrors.ERR_INVALID_PARAM);
    }
    return MrpcOutcome.ok(c.read(offset, len, now));
  }

  static MrpcOutcome write(ChipState c, byte[] p, long now) {
    int offset = LeWriter.getI32(p, 0);
    int len = LeWriter.getI32(p, 4);
    if (len < 0 || len > MailboxRegisters.MAX_DATA - 8 || !inGas(offset, len)) {
      return MrpcOutcome.error(FirmwareErrors.ERR_INVALID_PARAM);
    }
    if (offset < MAILBOX_END) {
      return MrpcOutcome.error(FirmwareErrors.ERR_INVALID_PARAM);
    }
    c.write(offset, Arrays.copyOfRange(p, 8, 8 + len), now);
    return MrpcOutcome.ok();
  }

  private static boolean inGas(int offset, int len) {
    return offset >= 0 && (long) offset + len <= SimulatedSwitch.GAS_SIZE;
  }
}

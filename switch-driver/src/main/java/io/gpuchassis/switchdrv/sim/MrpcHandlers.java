package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.BootPhase;
import io.gpuchassis.switchdrv.Generation;
import io.gpuchassis.switchdrv.command.LinkStatusRecord;
import io.gpuchassis.switchdrv.command.Ping;
import io.gpuchassis.switchdrv.command.PmonCounterSetup;
import io.gpuchassis.switchdrv.mrpc.CommandIds;
import io.gpuchassis.switchdrv.mrpc.FirmwareErrors;
import io.gpuchassis.switchdrv.wire.LeWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The simulated firmware's MRPC handlers: one static method per command, dispatching on the 16-bit
 * command ID; unknown IDs answer "invalid command" (0x64005) like the firmware.
 */
final class MrpcHandlers {

  private MrpcHandlers() {}

  static MrpcOutcome handle(ChipState c, int id, byte[] p, long now) {
    switch (id) {
      case CommandIds.ECHO:
        return MrpcOutcome.ok(new LeWriter().u32(~LeWriter.getI32(p, 0)).toBytes());
      case CommandIds.I2C_TWI_PING:
        return ping(c, p);
      case CommandIds.DIETEMP:
        return dieTemp(c, p);
      case CommandIds.LNKSTAT:
        return linkStatus(c, now);
      case CommandIds.PORTPARTP2P:
        return BindingHandlers.handle(c, p, now);
      case CommandIds.PMON:
        return pmon(c, p, now);
      case CommandIds.FWDNLD:
        return FirmwareHandlers.fwdnld(c, p, now);
      case CommandIds.PART_INFO:
        return FirmwareHandlers.partInfo(c, p);
      case CommandIds.PORT_CONTROL:
        return portControl(c, p, now);
      case CommandIds.VGPIO:
        return GpioHandlers.handle(c, p);
      case FlashReadHandlers.RD_FLASH:
        return FlashReadHandlers.readFlash(c, p);
      case FlashReadHandlers.FW_IMG_GET:
        return FlashReadHandlers.imageGet(c, p);
      case CommandIds.GAS_READ:
        return GasMrpcHandlers.read(c, p, now);
      case CommandIds.GAS_WRITE:
        return GasMrpcHandlers.write(c, p, now);
      case CommandIds.FWLOGRD:
        return LogHandlers.handle(c, p);
      case CommandIds.RTC:
        return ClockAndConfigHandlers.rtc(c, p, now);
      case CommandIds.MULTI_CFG:
        return ClockAndConfigHandlers.multiConfig(c, p);
      default:
        return MrpcOutcome.error(FirmwareErrors.ERR_INVALID_CMD);
    }
  }

  private static MrpcOutcome ping(ChipState c, byte[] p) {
    Generation g = c.sw.generation();
    if (g == Generation.GEN3) {
      return MrpcOutcome.error(FirmwareErrors.ERR_INVALID_CMD); // Gen3 firmware has no TWI ping
    }
    int genCode = g == Generation.GEN6 ? 2 : g == Generation.GEN5 ? 1 : 0;
    return MrpcOutcome.ok(
        Ping.encodeAnswer(
            BootPhase.MAIN_FIRMWARE,
            c.sw.config().identity().revision(),
            genCode,
            LeWriter.getI32(p, 0)));
  }

  // Four sensors spread +-0.5 degC around the configured mean; hundredths of a degree.
  private static MrpcOutcome dieTemp(ChipState c, byte[] p) {
    int sub = LeWriter.getI32(p, 0);
    int centi = (int) Math.round(c.sw.config().dieTemperatureCelsius() * 100);
    Generation g = c.sw.generation();
    boolean multi = g == Generation.GEN5 || g == Generation.GEN6;
    if (multi && sub == 4) {
      return MrpcOutcome.ok(
          new LeWriter().u32(centi - 50).u32(centi - 25).u32(centi + 25).u32(centi + 50).toBytes());
    }
    if (!multi && (sub == 2 || sub == 1)) {
      return MrpcOutcome.ok(new LeWriter().u32(centi).toBytes());
    }
    return MrpcOutcome.error(FirmwareErrors.ERR_INVALID_SUBCMD);
  }

  private static MrpcOutcome linkStatus(ChipState c, long now) {
    Generation g = c.sw.generation();
    LeWriter w = new LeWriter();
    int n = 0;
    for (SimPort port : c.ports.values()) {
      port.linkStatus(c, now).write(w, g);
      n++;
    }
    for (; n < g.lnkstatPorts(); n++) {
      for (int i = 0; i < LinkStatusRecord.SIZE; i++) {
        w.u8(0xFF); // unused record: stack number above the maximum
      }
    }
    return MrpcOutcome.ok(w.toBytes());
  }

  private static MrpcOutcome pmon(ChipState c, byte[] p, long now) {
    int sub = p[0] & 0xFF;
    if (sub == BandwidthHandlers.GET || sub == BandwidthHandlers.SET_TYPE) {
      return BandwidthHandlers.handle(c, p, now);
    }
    int stack = p[1] & 0xFF;
    int first = p[2] & 0xFF;
    int count = p[3] & 0xFF;
    if (first + count > 64) {
      return MrpcOutcome.error(FirmwareErrors.ERR_INVALID_PARAM);
    }
    switch (sub) {
      case 0:
        {
          List<PmonCounterSetup> setups = PmonCounterSetup.decodeAll(p, 4, count);
          for (int i = 0; i < count; i++) {
            c.pmon.setup(c, stack, first + i, setups.get(i), now);
          }
          return MrpcOutcome.ok();
        }
      case 2:
        {
          boolean clear = p[4] != 0;
          LeWriter w = new LeWriter();
          for (int i = 0; i < count; i++) {
            w.u32(c.pmon.read(c, stack, first + i, clear, now))
                .u32(c.pmon.setupOf(stack, first + i).threshold());
          }
          return MrpcOutcome.ok(w.toBytes());
        }
      case 3:
        {
          List<PmonCounterSetup> out = new ArrayList<>();
          for (int i = 0; i < count; i++) {
            out.add(c.pmon.setupOf(stack, first + i));
          }
          return MrpcOutcome.ok(PmonCounterSetup.encodeAll(out));
        }
      default:
        return MrpcOutcome.error(FirmwareErrors.ERR_INVALID_SUBCMD);
    }
  }

  private static MrpcOutcome portControl(ChipState c, byte[] p, long now) {
    int control = p[0] & 0xFF;
    SimPort port = c.ports.get(p[1] & 0xFF);
    if (port == null) {
      return MrpcOutcome.error(0x100002L);
    }
    switch (control) {
      case 0:
        port.disabled = true;
        return MrpcOutcome.ok();
      case 1:
        port.disabled = false;
        port.retrainAt = now;
        port.controlRetrainAt = now;
        return MrpcOutcome.ok();
      case 2:
      case 3:
        port.retrainAt = now; // link drops and trains again
        port.controlRetrainAt = now;
        return MrpcOutcome.ok();
      default:
        return MrpcOutcome.error(FirmwareErrors.ERR_INVALID_PARAM);
    }
  }
}

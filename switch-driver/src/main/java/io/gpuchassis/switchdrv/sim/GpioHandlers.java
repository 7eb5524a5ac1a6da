package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.command.VgpioPayload;
import io.gpuchassis.switchdrv.mrpc.FirmwareErrors;

/**
 * VGPIO (reference §2.9) on the simulated chip: get direction, get polarity, get value and set
 * value of the configured pins. The firmware's codes for a missing pin or a set of an input are not
 * public; the simulator answers the generic "invalid parameter" (0x64006) for both and "invalid
 * sub-command" for the sub-commands it does not model (interrupt enable/disable, all-pin status).
 */
final class GpioHandlers {

  private GpioHandlers() {}

  static MrpcOutcome handle(ChipState c, byte[] p) {
    VgpioPayload in = VgpioPayload.decode(p, "VGPIO");
    int sub = in.subCommand();
    if (sub > VgpioPayload.SUB_SET_VALUE) {
      return MrpcOutcome.error(FirmwareErrors.ERR_INVALID_SUBCMD);
    }
    GpioPin pin = c.sw.config().gpio(in.logicalPin());
    if (pin == null) {
      return MrpcOutcome.error(FirmwareErrors.ERR_INVALID_PARAM);
    }
    switch (sub) {
      case VgpioPayload.SUB_GET_DIRECTION:
        return answer(in, pin instanceof GpioPin.Presence ? 1 : 0); // 1 = input
      case VgpioPayload.SUB_GET_POLARITY:
        return answer(in, 0); // not inverted
      case VgpioPayload.SUB_GET_VALUE:
        return answer(in, level(c, pin) ? 1 : 0);
      default:
        return set(c, pin, in.data());
    }
  }

  private static MrpcOutcome answer(VgpioPayload in, int data) {
    return MrpcOutcome.ok(new VgpioPayload(in.subCommand(), in.logicalPin(), data).encode());
  }

  private static boolean level(ChipState c, GpioPin pin) {
    if (pin instanceof GpioPin.Presence presence) {
      SimPort port = c.ports.get(presence.physicalPort());
      return !(port.cfg.attachment() instanceof Attachment.Endpoint); // PRSNT# is active low
    }
    return c.gpioOutputs.get(pin.logicalPin());
  }

  private static MrpcOutcome set(ChipState c, GpioPin pin, int value) {
    if (!(pin instanceof GpioPin.Output) || value > 1) {
      return MrpcOutcome.error(FirmwareErrors.ERR_INVALID_PARAM);
    }
    c.gpioOutputs.put(pin.logicalPin(), value == 1);
    return MrpcOutcome.ok();
  }
}

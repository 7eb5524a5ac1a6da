package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.command.VgpioPayload;
import io.gpuchassis.switchdrv.mrpc.FirmwareErrors;
import io.gpuchassis.switchdrv.wire.LeWriter;

/**
 * VGPIO (reference §2.9) on the simulated chip: get direction, get polarity, get value and set
 * value of the configured pins, interrupt enable (4) and disable (5), and the status of all pins
 * (7: switchtec-user's struct switchtec_gpio_sts_out {sub_cmd u8, rsvd u8, pin_num u16, pin_values
 * u32[30]}, a bit per logical pin). The firmware's codes for a missing pin or a set of an input are
 * not public; the simulator answers the generic "invalid parameter" (0x64006) for both and "invalid
 * sub-command" for the others.
 */
final class GpioHandlers {

  private GpioHandlers() {}

  static MrpcOutcome handle(ChipState c, byte[] p) {
    VgpioPayload in = VgpioPayload.decode(p, "VGPIO");
    int sub = in.subCommand();
    if (sub == SUB_ALL_PIN_STATUS) {
      return allPins(c);
    }
    if (sub > SUB_DISABLE_INTERRUPT) {
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
      case VgpioPayload.SUB_SET_VALUE:
        return set(c, pin, in.data());
      default:
        return MrpcOutcome.ok(); // interrupt enable/disable: no simulated pin changes on its own
    }
  }

  private static final int SUB_DISABLE_INTERRUPT = 5;
  private static final int SUB_ALL_PIN_STATUS = 7;
  private static final int STATUS_WORDS = 30;

  private static MrpcOutcome allPins(ChipState c) {
    int[] words = new int[STATUS_WORDS];
    int count = 0;
    for (GpioPin pin : c.sw.config().gpios()) {
      int id = pin.logicalPin();
      if (id < STATUS_WORDS * 32) {
        count = Math.max(count, id + 1);
        if (level(c, pin)) {
          words[id / 32] |= 1 << (id % 32);
        }
      }
    }
    LeWriter w = new LeWriter().u8(SUB_ALL_PIN_STATUS).u8(0).u16(count);
    for (int v : words) {
      w.u32(v & 0xFFFFFFFFL);
    }
    return MrpcOutcome.ok(w.toBytes());
  }

  private static MrpcOutcome answer(VgpioPayload in, int data) {
    return MrpcOutcome.ok(new VgpioPayload(in.subCommand(), in.logicalPin(), data).encode());
  }

  private static boolean level(ChipState c, GpioPin pin) {
    if (pin instanceof GpioPin.Presence presence) {
      SimPort port = c.ports.get(presence.physicalPort());
      // PRSNT# is active low; a card pulled out (surprise down) releases it
      boolean pulled =
          c.sw.faultsOnPort(presence.physicalPort()).stream()
              .anyMatch(f -> f.fault() instanceof Fault.SurpriseDown);
      return !(port.cfg.attachment() instanceof Attachment.Endpoint) || pulled;
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

package io.gpuchassis.switchdrv.command;

import io.gpuchassis.switchdrv.wire.LeReader;
import io.gpuchassis.switchdrv.wire.LeWriter;

/**
 * The packed 8-byte struct that VGPIO 0x02 takes as input and, for the get sub-commands, answers
 * (reference §2.9): {sub_cmd u8, rsvd u8, log_gpio_id u16, data u8, rsvd[3]}.
 *
 * @param subCommand one of the {@code SUB_*} constants
 * @param logicalPin logical GPIO pin ID (0..65535)
 * @param data pin value (get/set value), 1 = input (get direction), 1 = inverted (get polarity)
 */
public record VgpioPayload(int subCommand, int logicalPin, int data) {

  public static final int LENGTH = 8;
  public static final int SUB_GET_DIRECTION = 0;
  public static final int SUB_GET_POLARITY = 1;
  public static final int SUB_GET_VALUE = 2;
  public static final int SUB_SET_VALUE = 3;

  public VgpioPayload {
    Payloads.requireRange(subCommand, 0, 0xFF, "VGPIO sub-command");
    Payloads.requireRange(logicalPin, 0, 0xFFFF, "logical GPIO pin");
    Payloads.requireRange(data, 0, 0xFF, "VGPIO data");
  }

  public byte[] encode() {
    return new LeWriter().u8(subCommand).u8(0).u16(logicalPin).u8(data).zeros(3).toBytes();
  }

  /** Reads the struct from the start of {@code bytes}; PROTOCOL when fewer than 8 bytes. */
  public static VgpioPayload decode(byte[] bytes, String what) {
    Payloads.requireLength(bytes, LENGTH, what);
    LeReader r = new LeReader(bytes, what);
    int sub = r.u8();
    r.skip(1);
    int pin = r.u16();
    return new VgpioPayload(sub, pin, r.u8());
  }
}

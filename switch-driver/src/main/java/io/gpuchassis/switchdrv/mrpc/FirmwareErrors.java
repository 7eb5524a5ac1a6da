package io.gpuchassis.switchdrv.mrpc;

import io.gpuchassis.switchdrv.SwitchException;
import java.util.Map;

/**
 * The one place where firmware answers become {@link SwitchException}s (reference §2.5, §2.10):
 * busy codes become BUSY, status 0x100 becomes IO ("interrupted"), every other non-zero return
 * value becomes DEVICE_ERROR carrying the code and its meaning. A firmware refusal is a
 * DEVICE_ERROR (REFUSED is reserved for what the driver itself declines to send): for example a
 * VGPIO access to a logical pin that does not exist, or a set of an input pin.
 */
public final class FirmwareErrors {

  public static final long ERR_NO_HANDLER = 0x64001;
  public static final long ERR_HANDLER_NOT_IDLE = 0x64002;
  public static final long ERR_NO_BG_THREAD = 0x64003;
  public static final long ERR_INVALID_SUBCMD = 0x64004;
  public static final long ERR_INVALID_CMD = 0x64005;
  public static final long ERR_INVALID_PARAM = 0x64006;
  public static final long ERR_BAD_FW_STATE = 0x64007;
  public static final long ERR_MRPC_DENIED = 0x64010;
  public static final long ERR_UART_NOT_SUPPORTED = 0x100072F1L;
  public static final long ERR_ACCESS_REFUSED = 0xFFFF0001L;

  /** PORTPARTP2P (bind/unbind) return codes. */
  public static final long BIND_PHYS_ALREADY_BOUND = 0x1;

  public static final long BIND_LOGICAL_ALREADY_BOUND = 0x2;
  public static final long BIND_NO_PARTITION = 0x3;
  public static final long BIND_NO_PHYS_PORT = 0x4;
  public static final long BIND_PHYS_DISABLED = 0x5;
  public static final long BIND_NO_LOGICAL_PORT = 0x6;
  public static final long BIND_IN_PROGRESS = 0x7;
  public static final long BIND_TARGET_IS_USP = 0x8;
  public static final long BIND_INVALID_SUBCMD = 0x9;
  public static final long BIND_LINK_ACTIVE = 0xA;
  public static final long BIND_LOGICAL_NOT_BOUND = 0xB;
  public static final long BIND_INVALID_UNBIND_OPT = 0xC;
  public static final long BIND_CHECK_FAILED = 0xD;

  private static final Map<Long, String> GENERIC =
      Map.ofEntries(
          Map.entry(ERR_NO_HANDLER, "no MRPC handler thread available"),
          Map.entry(ERR_HANDLER_NOT_IDLE, "MRPC handler thread not idle"),
          Map.entry(ERR_NO_BG_THREAD, "no background thread"),
          Map.entry(ERR_INVALID_SUBCMD, "invalid sub-command"),
          Map.entry(ERR_INVALID_CMD, "invalid command"),
          Map.entry(ERR_INVALID_PARAM, "invalid parameter"),
          Map.entry(ERR_BAD_FW_STATE, "bad firmware state"),
          Map.entry(ERR_MRPC_DENIED, "MRPC denied"),
          Map.entry(0x64012L, "no previous data"),
          Map.entry(0x100001L, "invalid stack"),
          Map.entry(0x100002L, "invalid port"),
          Map.entry(0x100003L, "invalid event"),
          Map.entry(ERR_UART_NOT_SUPPORTED, "UART interface not supported for this command"),
          Map.entry(ERR_ACCESS_REFUSED, "access refused"),
          Map.entry(0x4AL, "MRPC unsupported"));

  private static final Map<Long, String> BIND =
      Map.ofEntries(
          Map.entry(BIND_PHYS_ALREADY_BOUND, "physical port already bound"),
          Map.entry(BIND_LOGICAL_ALREADY_BOUND, "logical bridge instance already bound"),
          Map.entry(BIND_NO_PARTITION, "partition does not exist"),
          Map.entry(BIND_NO_PHYS_PORT, "physical port does not exist"),
          Map.entry(BIND_PHYS_DISABLED, "physical port disabled"),
          Map.entry(BIND_NO_LOGICAL_PORT, "no logical bridge instance"),
          Map.entry(BIND_IN_PROGRESS, "bind/unbind in progress"),
          Map.entry(BIND_TARGET_IS_USP, "target is an upstream port"),
          Map.entry(BIND_INVALID_SUBCMD, "invalid sub-command"),
          Map.entry(BIND_LINK_ACTIVE, "physical port link active"),
          Map.entry(BIND_LOGICAL_NOT_BOUND, "logical bridge not bound to a physical port"),
          Map.entry(BIND_INVALID_UNBIND_OPT, "invalid unbind option"),
          Map.entry(BIND_CHECK_FAILED, "bind check failed"));

  private FirmwareErrors() {}

  /** Whether the answer means "busy, the command did not run; try again later". */
  public static boolean isBusy(int commandId, MrpcResult result) {
    if (result.succeeded()) {
      return false;
    }
    long code = result.returnValue();
    return code == ERR_NO_HANDLER
        || code == ERR_HANDLER_NOT_IDLE
        || (commandId == CommandIds.PORTPARTP2P && code == BIND_IN_PROGRESS);
  }

  /** The exception for a non-successful answer. */
  public static SwitchException toException(int commandId, MrpcResult result) {
    if (result.status() == MailboxRegisters.STATUS_INTERRUPTED) {
      return new SwitchException(
          SwitchException.Kind.IO,
          String.format("MRPC 0x%x interrupted (status 0x100)", commandId));
    }
    if (result.status() != MailboxRegisters.STATUS_DONE
        && result.status() != MailboxRegisters.STATUS_ERROR) {
      return new SwitchException(
          SwitchException.Kind.IO,
          String.format(
              "MRPC 0x%x ended with mailbox status 0x%x (switch restarted under the command?)",
              commandId, result.status()));
    }
    String text =
        String.format(
            "MRPC 0x%x failed: 0x%x %s",
            commandId, result.returnValue(), describe(commandId, result.returnValue()));
    if (isBusy(commandId, result)) {
      return SwitchException.busy(result.returnValue(), text);
    }
    return SwitchException.deviceError(result.returnValue(), text);
  }

  /** The meaning of a return code of a given command. */
  public static String describe(int commandId, long code) {
    if (commandId == CommandIds.PORTPARTP2P && BIND.containsKey(code)) {
      return BIND.get(code);
    }
    if (commandId == CommandIds.VGPIO && code == ERR_INVALID_PARAM) {
      // no VGPIO-specific codes are public; this is the generic refusal the simulator answers
      return "invalid parameter (no such logical GPIO pin, or a set of an input pin)";
    }
    return GENERIC.getOrDefault(code, "(unknown code)");
  }
}

package io.gpuchassis.switchdrv.mrpc;

import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.transport.SwitchTransport;
import io.gpuchassis.switchdrv.transport.WriteMode;
import io.gpuchassis.switchdrv.wire.Deadline;
import io.gpuchassis.switchdrv.wire.LeWriter;
import java.time.Duration;

/**
 * The GAS mailbox algorithm (reference §1.1), identical over every GAS transport: copy the payload
 * to 0x0000, write the command word to 0x0800, poll the status at 0x0804 until it leaves "in
 * progress", then read the return value and the output at 0x0400.
 *
 * <p>Status reads of all-ones (endpoint unresponsive while flash is busy or the chip resets) are
 * polled through, as the library does on the firmware path. After a command timed out the engine
 * remembers that the mailbox may still be busy and, before the next command, waits for it to go
 * idle instead of overwriting a command in flight.
 *
 * <p>Blocking; one caller thread at a time; throws SwitchException TIMEOUT (no completion by the
 * deadline), BUSY (an earlier command still runs), IO (status reset to idle under the command, i.e.
 * the chip restarted) or whatever the transport throws.
 */
public final class MailboxMrpcEngine implements MrpcEngine {

  private static final byte[] EMPTY = new byte[0];

  private final SwitchTransport transport;
  private final Duration pollInterval;
  // true until a completion was observed: a fresh engine does not know what the last user left
  private boolean mailboxMayBeBusy = true;

  public MailboxMrpcEngine(SwitchTransport transport, Duration pollInterval) {
    this.transport = transport;
    this.pollInterval = pollInterval;
  }

  @Override
  public MrpcResult execute(MrpcRequest request, Deadline deadline) {
    if (mailboxMayBeBusy) {
      waitUntilIdle(request, deadline);
    }
    if (request.payload().length > 0) {
      transport.write(MailboxRegisters.INPUT, request.payload());
    }
    mailboxMayBeBusy = true;
    byte[] word = new byte[4];
    LeWriter.putU32(word, 0, request.commandWord());
    transport.write(
        MailboxRegisters.COMMAND,
        word,
        request.retrySafe() ? WriteMode.RETRY_ALLOWED : WriteMode.NO_RETRY);
    if (!request.awaitsCompletion()) {
      return new MrpcResult(MailboxRegisters.STATUS_DONE, 0, EMPTY);
    }
    while (true) {
      byte[] regs = transport.read(MailboxRegisters.STATUS, 8);
      int status = LeWriter.getI32(regs, 0);
      long returnValue = Integer.toUnsignedLong(LeWriter.getI32(regs, 4));
      if (status == MailboxRegisters.STATUS_IN_PROGRESS || status == MailboxRegisters.ALL_ONES) {
        if (deadline.expired()) {
          throw new SwitchException(
              SwitchException.Kind.TIMEOUT,
              String.format(
                  "MRPC 0x%x did not complete in time (status 0x%x)", request.commandId(), status));
        }
        deadline.sleepAtMost(pollInterval);
        continue;
      }
      mailboxMayBeBusy = false;
      if (status == MailboxRegisters.STATUS_DONE && returnValue == 0) {
        byte[] out =
            request.outputLength() == 0
                ? EMPTY
                : transport.read(MailboxRegisters.OUTPUT, request.outputLength());
        return new MrpcResult(status, 0, out);
      }
      if (status == MailboxRegisters.STATUS_DONE
          || status == MailboxRegisters.STATUS_ERROR
          || status == MailboxRegisters.STATUS_INTERRUPTED) {
        return new MrpcResult(status, returnValue, EMPTY);
      }
      throw new SwitchException(
          SwitchException.Kind.IO,
          String.format(
              "MRPC 0x%x: unexpected mailbox status 0x%x (switch restarted under the command?)",
              request.commandId(), status));
    }
  }

  private void waitUntilIdle(MrpcRequest request, Deadline deadline) {
    while (true) {
      int status = LeWriter.getI32(transport.read(MailboxRegisters.STATUS, 4), 0);
      if (status != MailboxRegisters.STATUS_IN_PROGRESS && status != MailboxRegisters.ALL_ONES) {
        mailboxMayBeBusy = false;
        return;
      }
      if (deadline.expired()) {
        throw new SwitchException(
            SwitchException.Kind.BUSY,
            String.format(
                "mailbox still runs an earlier command; MRPC 0x%x not submitted",
                request.commandId()));
      }
      deadline.sleepAtMost(pollInterval);
    }
  }
}

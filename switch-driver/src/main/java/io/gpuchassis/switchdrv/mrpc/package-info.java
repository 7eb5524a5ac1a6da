/**
 * The MRPC (management remote procedure call) layer: the mailbox engine that runs over any GAS
 * transport, the pass-through engine for transports that carry whole MRPCs, busy retry with
 * back-off, and the single mapping of firmware return codes to {@link
 * io.gpuchassis.switchdrv.SwitchException}.
 */
package io.gpuchassis.switchdrv.mrpc;

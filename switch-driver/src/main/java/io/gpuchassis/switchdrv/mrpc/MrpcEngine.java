package io.gpuchassis.switchdrv.mrpc;

import io.gpuchassis.switchdrv.wire.Deadline;

/**
 * Executes one MRPC against a switch and returns its answer.
 *
 * <p><b>Blocking:</b> returns when the switch completed the command or throws when the deadline
 * passes. <b>Threads:</b> one caller at a time. <b>Failures:</b> SwitchException TIMEOUT, BUSY,
 * NAK, PROTOCOL or IO; firmware error codes come back as values in {@link MrpcResult}.
 */
public interface MrpcEngine {

  MrpcResult execute(MrpcRequest request, Deadline deadline);
}

package io.gpuchassis.switchdrv.mrpc;

import io.gpuchassis.switchdrv.wire.Deadline;

/**
 * A transport whose framing carries whole MRPCs (command word + payload in, status + return value +
 * output out), like the kernel char device or MoE. Same contract as {@link MrpcEngine#execute}:
 * blocking until the answer or the deadline, one caller at a time.
 */
public interface MrpcTransport {

  MrpcResult mrpc(MrpcRequest request, Deadline deadline);
}

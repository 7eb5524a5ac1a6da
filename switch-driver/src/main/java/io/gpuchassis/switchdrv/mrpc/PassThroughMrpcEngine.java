package io.gpuchassis.switchdrv.mrpc;

import io.gpuchassis.switchdrv.wire.Deadline;

/** Engine for transports that carry whole MRPCs: hands the request to the transport unchanged. */
public final class PassThroughMrpcEngine implements MrpcEngine {

  private final MrpcTransport transport;

  public PassThroughMrpcEngine(MrpcTransport transport) {
    this.transport = transport;
  }

  @Override
  public MrpcResult execute(MrpcRequest request, Deadline deadline) {
    return transport.mrpc(request, deadline);
  }
}

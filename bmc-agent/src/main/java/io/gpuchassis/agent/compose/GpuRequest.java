package io.gpuchassis.agent.compose;

import java.util.Optional;

/**
 * A constrained composition's request: {@code count} free GPUs for {@code hostId}, of {@code model}
 * when given, with the peer-to-peer requirement {@code peerToPeer}.
 */
public record GpuRequest(String hostId, int count, Optional<String> model, PeerToPeer peerToPeer) {

  public GpuRequest {
    if (count < 1) {
      throw new IllegalArgumentException("a request is for at least one GPU, not " + count);
    }
  }
}

package io.gpuchassis.agent.it;

import io.gpuchassis.agent.config.AgentConfig;
import java.util.List;

/**
 * The outbound policy of tests whose event receivers and image servers are plain HTTP on loopback:
 * an operator's explicit opt-in (allowHttp, and a deny list without loopback), never the default.
 */
final class LoopbackReceivers {

  private LoopbackReceivers() {}

  static AgentConfig allowed(AgentConfig config) {
    return config.withOutbound(
        config
            .outbound()
            .withAllowHttp(true)
            .withDeniedNetworks(List.of("169.254.0.0/16", "fe80::/10")));
  }
}

package io.gpuchassis.agent.board;

import java.util.Objects;

/**
 * A channel of a multiplexer the agent drives itself, which must be selected to reach a device.
 *
 * @param muxId id of the {@link I2cMux}
 * @param muxBus Linux bus number the mux answers on
 * @param muxAddress 7-bit address of the mux
 * @param channel the channel to select, 0-7
 */
public record MuxHop(String muxId, int muxBus, int muxAddress, int channel) {

  public MuxHop {
    Objects.requireNonNull(muxId, "muxId");
  }
}

package io.gpuchassis.agent.compose;

import java.util.OptionalLong;

/**
 * The hot-plug memory windows the hosts themselves reported (their companions read them from the
 * bridge the chassis is cabled to): what a host has, where the board description only says what it
 * should have.
 */
public interface ReportedWindows {

  /** No host reported a window. */
  ReportedWindows NONE = host -> OptionalLong.empty();

  /**
   * The MiB of 64-bit prefetchable memory {@code host} reported for the chassis' GPUs, if it did.
   */
  OptionalLong hotPlugWindowMiB(String host);
}

package io.gpuchassis.agent.ethernet;

import java.time.Duration;

/**
 * When a data-path port's health is judged bad. A rate condition is raised when a period's rate
 * reaches its level and cleared when a later period's rate falls below half of it (so a rate
 * hovering at the level does not raise and clear every period); a flapping link is raised when the
 * window holds {@code flaps} flaps (a drop and a return) and cleared when it holds fewer.
 *
 * @param pauseFramesPerSecond PFC pause frames per second, received or sent, summed over the
 *     priorities: a storm. A 100 GbE receiver kept paused refreshes its pause about every 170 µs
 *     (half a 65,535-quanta pause), some 6,000 frames a second; the default, 1,000, is a link
 *     paused for a good part of the period rather than for bursts
 * @param lossPacketsPerSecond RoCE packets found out of sequence ({@code out_of_sequence}, the
 *     responder) plus sequence-error NAKs received ({@code packet_seq_err}, the requester), per
 *     second: each is a loss that sends the queue pair back N. A lossless fabric has none; the
 *     default, 1, lets a stray one pass
 * @param uncorrectableSymbolErrorsPerSecond symbol errors the port's FEC could not correct ({@code
 *     rx_pcs_symbol_err_phy}), per second: every one is a frame lost on the wire, which RoCE then
 *     pays for as above, so a healthy link has none; the default, 1, is a link losing frames
 *     steadily
 * @param flaps how many flaps within {@code flapWindow} make a flapping link; default 3
 * @param flapWindow the window flaps are counted in, whole minutes (the message says minutes);
 *     default 5 minutes
 */
public record PortThresholds(
    double pauseFramesPerSecond,
    double lossPacketsPerSecond,
    double uncorrectableSymbolErrorsPerSecond,
    int flaps,
    Duration flapWindow) {

  public static final PortThresholds DEFAULTS =
      new PortThresholds(1_000, 1, 1, 3, Duration.ofMinutes(5));

  public PortThresholds {
    if (pauseFramesPerSecond <= 0
        || lossPacketsPerSecond <= 0
        || uncorrectableSymbolErrorsPerSecond <= 0
        || flaps < 1) {
      throw new IllegalArgumentException("thresholds must be positive");
    }
    if (flapWindow.toMinutes() < 1
        || !flapWindow.equals(Duration.ofMinutes(flapWindow.toMinutes()))) {
      throw new IllegalArgumentException("the flap window is whole minutes: " + flapWindow);
    }
  }
}
